/** What a route declares about itself: the schemas that validate it and document it. */
import type { JsonSchema } from './schemaValidator.js';

export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express-style path relative to the router, e.g. /chatbots/:id */
  path: string;
  summary: string;
  tags: string[];
  /** `session`: the dashboard's cookie `confab_session` (documented as the SessionCookie scheme). */
  security?: 'apiKey' | 'session' | 'none';
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /**
   * How the body is sent; default JSON. A `multipart/form-data` body is only described (the
   * OpenAPI document shows `body` as its form fields): its handler streams and checks it itself.
   */
  bodyContentType?: 'application/json' | 'multipart/form-data';
  /** `contentType` when a response is not JSON (a served file): `schema` then describes its bytes. */
  responses: Record<number, { description: string; schema?: JsonSchema; contentType?: string }>;
}

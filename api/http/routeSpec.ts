/** What a route declares about itself: the schemas that validate it and document it. */
import type { JsonSchema } from './schemaValidator.js';

export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express-style path relative to the router, e.g. /chatbots/:id */
  path: string;
  summary: string;
  /** Stable camelCase name of the operation (the SDKs use it), unique in the document. */
  operationId?: string;
  tags: string[];
  /**
   * An External API operation: its answers carry the RateLimit-* and X-Quota-* headers, it may
   * answer 429 (burst or monthly quota), and a POST takes an Idempotency-Key (422, 409).
   */
  externalApi?: boolean;
  /** `session`: the dashboard's cookie `confab_session` (documented as the SessionCookie scheme). */
  security?: 'apiKey' | 'session' | 'none';
  params?: JsonSchema;
  /**
   * The handler judges the path parameters' text itself and answers every value (the slug
   * check reports a bad slug as `available: false`): no 404 for text that names nothing.
   */
  paramsAnyText?: boolean;
  query?: JsonSchema;
  body?: JsonSchema;
  /**
   * How the body is sent; default JSON. A `multipart/form-data` body is only described (the
   * OpenAPI document shows `body` as its form fields): its handler streams and checks it itself.
   */
  bodyContentType?: 'application/json' | 'multipart/form-data';
  /**
   * A JSON route that also takes an upload: a `multipart/form-data` request skips the JSON
   * `body` check and goes to the handler, which reads it; the OpenAPI document shows both.
   */
  formBody?: JsonSchema;
  /**
   * `contentType` when a response is not JSON (a served file): `schema` then describes its bytes;
   * several when the request chooses among them (one schema for each).
   * Error answers (4xx, 5xx) need only a description: they get the shared {error, code} body.
   * 401, 403 (authenticated), 400 (any input), 404 (path ids), 413/415 (JSON body) and 5xx are
   * added by the document itself; declare a status here to describe it for this operation.
   */
  responses: Record<number, { description: string; schema?: JsonSchema; contentType?: string | string[] }>;
  /**
   * OpenAPI 3.0 callbacks: the requests the service sends on its own after this operation (a
   * webhook's deliveries), keyed by name. Their named schemas are hoisted like the operation's.
   */
  callbacks?: Record<string, unknown>;
}

/** What a route declares about itself: the schemas that validate it and document it. */
import type { JsonSchema } from './schemaValidator.js';

export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express-style path relative to the router, e.g. /chatbots/:id */
  path: string;
  summary: string;
  tags: string[];
  security?: 'apiKey' | 'none';
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  responses: Record<number, { description: string; schema?: JsonSchema }>;
}

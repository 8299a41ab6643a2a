/**
 * One schema, three uses (DESIGN.md §10): a route's JSON schemas validate the request,
 * describe the response, and feed the OpenAPI document.
 */
import type { Request, Response, Router, RequestHandler } from 'express';
import { compileValidator, type JsonSchema } from './schemaValidator.js';
import type { OpenApiRegistry } from './openApiRegistry.js';

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

export interface ValidatedRequest<P = Record<string, string>, Q = Record<string, unknown>, B = unknown> {
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

export type RouteHandler = (input: ValidatedRequest<any, any, any>) => Promise<{ status?: number; body: unknown } | void>;

export function addRoute(router: Router, registry: OpenApiRegistry, mount: string, spec: RouteSpec, handler: RouteHandler, ...before: RequestHandler[]): void {
  registry.add(mount, spec);
  const checkParams = spec.params ? compileValidator(spec.params, 'path') : null;
  const checkQuery = spec.query ? compileValidator(spec.query, 'query') : null;
  const checkBody = spec.body ? compileValidator(spec.body, 'body') : null;
  router[spec.method](spec.path, ...before, async (req, res, next) => {
    try {
      const params = checkParams ? checkParams({ ...req.params }) : req.params;
      const query = checkQuery ? checkQuery({ ...(req.query as object) }) : req.query;
      // No body at all reads as {}; an explicit JSON null must still fail the object schema.
      const body = checkBody ? checkBody(req.body === undefined ? {} : req.body) : req.body;
      const out = await handler({ params: params as never, query: query as never, body, req, res });
      if (out && !res.headersSent) res.status(out.status ?? 200).json(out.body);
    } catch (err) {
      next(err);
    }
  });
}

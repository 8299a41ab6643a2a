/**
 * One schema, three uses (DESIGN.md §10): a route's JSON schemas validate the request,
 * describe the response, and feed the OpenAPI document.
 */
import type { Request, Response, Router, RequestHandler } from 'express';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { compileValidator } from './schemaValidator.js';
import type { OpenApiRegistry } from './openApiRegistry.js';
import type { RouteSpec } from './routeSpec.js';

export type { RouteSpec } from './routeSpec.js';

export interface ValidatedRequest<P = Record<string, string>, Q = Record<string, unknown>, B = unknown> {
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

export type RouteHandler = (input: ValidatedRequest<any, any, any>) => Promise<{ status?: number; body: unknown } | void>;

/**
 * The path of the first string (value or key) holding U+0000, which no store can keep
 * (PostgreSQL text and jsonb refuse it): such input is the caller's error, never a 500.
 */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [k, v] of Object.entries(value)) {
    const p = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return p;
    const found = nulPath(v, p, depth + 1);
    if (found) return found;
  }
  return null;
}

function rejectNul(params: unknown, query: unknown, body: unknown): void {
  // A path id with NUL names nothing that can exist.
  if (nulPath(params, '')) throw new NotFoundError('Not found');
  const field = nulPath(query, '') ?? nulPath(body, '');
  if (field !== null) throw new ValidationError(`${field || 'request body'} must not contain NUL (U+0000) characters`, field || undefined);
}

/** A path id that fails its schema (too long, wrong shape) names nothing that exists: 404, not 400. */
function idsOrNotFound(check: (value: unknown) => unknown, params: object): unknown {
  try {
    return check({ ...params });
  } catch (err) {
    if (err instanceof ValidationError) throw new NotFoundError('Not found');
    throw err;
  }
}

export function addRoute(router: Router, registry: OpenApiRegistry, mount: string, spec: RouteSpec, handler: RouteHandler, ...before: RequestHandler[]): void {
  registry.add(mount, spec);
  const checkParams = spec.params ? compileValidator(spec.params, 'path') : null;
  const checkQuery = spec.query ? compileValidator(spec.query, 'query') : null;
  const checkBody = spec.body ? compileValidator(spec.body, 'body') : null;
  router[spec.method](spec.path, ...before, async (req, res, next) => {
    try {
      rejectNul(req.params, req.query, req.body);
      const params = checkParams ? idsOrNotFound(checkParams, req.params) : req.params;
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

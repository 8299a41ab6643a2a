/**
 * One schema, three uses (DESIGN.md §10): a route's JSON schemas validate the request,
 * describe the response, and feed the OpenAPI document.
 */
import type { Request, Response, Router, RequestHandler } from 'express';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { compileValidator } from './schemaValidator.js';
import { jsonOf } from './frozenAnswers.js';
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

type TextFault = 'nul' | 'surrogate';

/**
 * Text no store can keep: U+0000 (PostgreSQL text and jsonb refuse it) and unpaired UTF-16
 * surrogates such as "\ud800" (not Unicode; jsonb refuses those too). Such input is the
 * caller's error, found here once for every route, never a 500 deeper down.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function faultOf(text: string): TextFault | null {
  if (text.includes('\u0000')) return 'nul';
  return UNPAIRED_SURROGATE.test(text) ? 'surrogate' : null;
}

/** The path of the first string (value or key) with a text fault, and which fault. */
function badText(value: unknown, path: string, depth = 0): { path: string; fault: TextFault } | null {
  if (typeof value === 'string') {
    const fault = faultOf(value);
    return fault ? { path, fault } : null;
  }
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [k, v] of Object.entries(value)) {
    const p = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    const keyFault = faultOf(k);
    if (keyFault) return { path: p, fault: keyFault };
    const found = badText(v, p, depth + 1);
    if (found) return found;
  }
  return null;
}

const FAULT_MESSAGE: Record<TextFault, string> = {
  nul: 'must not contain NUL (U+0000) characters',
  surrogate: 'must be valid Unicode text (it contains an unpaired UTF-16 surrogate such as \\ud800)',
};

function rejectBadText(params: unknown, query: unknown, body: unknown): void {
  // A path id with such text names nothing that can exist.
  if (badText(params, '')) throw new NotFoundError('Not found');
  const found = badText(query, '') ?? badText(body, '');
  if (found) throw new ValidationError(`${found.path || 'request body'} ${FAULT_MESSAGE[found.fault]}`, found.path || undefined);
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
  const checkBody = spec.body && spec.bodyContentType !== 'multipart/form-data' ? compileValidator(spec.body, 'body') : null;
  router[spec.method](spec.path, ...before, async (req, res, next) => {
    try {
      rejectBadText(spec.paramsAnyText ? {} : req.params, req.query, req.body);
      const params = checkParams && !spec.paramsAnyText ? idsOrNotFound(checkParams, req.params) : req.params;
      const query = checkQuery ? checkQuery({ ...(req.query as object) }) : req.query;
      // No body at all reads as {}; an explicit JSON null must still fail the object schema.
      const body = checkBody ? checkBody(req.body === undefined ? {} : req.body) : req.body;
      const out = await handler({ params: params as never, query: query as never, body, req, res });
      if (!out || res.headersSent) return;
      const text = jsonOf(out.body);
      if (text === null) res.status(out.status ?? 200).json(out.body);
      else res.status(out.status ?? 200).type('json').send(text);
    } catch (err) {
      next(err);
    }
  });
}

/**
 * One schema, three uses (DESIGN.md §10): a route's JSON schemas validate the request,
 * describe the response, and feed the OpenAPI document.
 */
import type { Request, Response, Router, RequestHandler } from 'express';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { carriesBody, notJsonError } from './jsonBody.js';
import { compileValidator } from './schemaValidator.js';
import { jsonOf } from './frozenAnswers.js';
import { badText, textFaultError } from './textFaults.js';
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

export type RouteHandler = (
  input: ValidatedRequest<any, any, any>,
) => Promise<{ status?: number; body: unknown } | void>;

/** NUL and unpaired surrogates (textFaults.ts) anywhere in the request's text. */
function rejectBadText(params: unknown, query: unknown, body: unknown): void {
  // A path id with such text names nothing that can exist.
  if (badText(params, '')) throw new NotFoundError('Not found');
  const found = badText(query, '') ?? badText(body, '');
  if (found) throw textFaultError(found.path, found.fault);
}

/**
 * Body bytes the router's JSON parser left unread (multipart outside the upload, which jsonBody
 * lets through to the routes). Taken as no body, they would answer 200 to a change that was never
 * made. A bodiless request (no length, or Content-Length: 0, as fetch sends it) is not one of them.
 */
function unreadBody(req: Request): boolean {
  return req.body === undefined && carriesBody(req);
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

export function addRoute(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  spec: RouteSpec,
  handler: RouteHandler,
  ...before: RequestHandler[]
): void {
  registry.add(mount, spec);
  const checkParams = spec.params ? compileValidator(spec.params, 'path') : null;
  const checkQuery = spec.query ? compileValidator(spec.query, 'query') : null;
  const checkBody =
    spec.body && spec.bodyContentType !== 'multipart/form-data' ? compileValidator(spec.body, 'body') : null;
  router[spec.method](spec.path, ...before, async (req, res, next) => {
    try {
      rejectBadText(spec.paramsAnyText ? {} : req.params, req.query, req.body);
      const params = checkParams && !spec.paramsAnyText ? idsOrNotFound(checkParams, req.params) : req.params;
      const query = checkQuery ? checkQuery({ ...(req.query as object) }) : req.query;
      const upload = spec.formBody !== undefined && /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');
      const checkJson = upload ? null : checkBody;
      if (checkJson && unreadBody(req)) throw notJsonError();
      // No body at all reads as {}; an explicit JSON null must still fail the object schema.
      const body = checkJson ? checkJson(req.body === undefined ? {} : req.body) : req.body;
      const out = await handler({ params: params as never, query: query as never, body, req, res });
      if (!out || res.headersSent) return;
      const text = jsonOf(out.body);
      if (text === null) res.status(out.status ?? 200).json(out.body);
      else
        res
          .status(out.status ?? 200)
          .type('json')
          .send(text);
    } catch (err) {
      next(err);
    }
  });
}

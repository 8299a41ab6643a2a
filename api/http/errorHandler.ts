/**
 * The one place that maps errors to HTTP (DESIGN.md §12). Every error body is {error, code?};
 * unexpected errors are logged with the request id and answered without internals.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  AuthenticationError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  UpstreamError,
  ValidationError,
} from '../../domain/errors.js';
import { FlowError } from '../../domain/flow/flowError.js';
import type { Logger } from '../../infrastructure/logger.js';
import { isStoreUnavailable } from '../../infrastructure/sql/storeUnavailable.js';

/** A refused flow also names the step and field, so an editor can point at them. */
function placeOf(err: DomainError): { field?: string; stepId?: string } {
  if (!(err instanceof FlowError)) return {};
  return { ...(err.field ? { field: err.field } : {}), ...(err.stepId ? { stepId: err.stepId } : {}) };
}

function statusOf(err: DomainError): number {
  if (err instanceof ValidationError) return 400;
  if (err instanceof AuthenticationError) return 401;
  if (err instanceof ForbiddenError) return 403;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  if (err instanceof PayloadTooLargeError) return 413;
  if (err instanceof UnsupportedMediaTypeError) return 415;
  if (err instanceof TooManyRequestsError) return 429;
  if (err instanceof UpstreamError) return 502;
  return 400;
}

/** 15728640 → "15 MB", 16384 → "16 KB": the limit as the caller configured it. */
function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** body-parser / express errors carry `type` and `status`; a too-large body also its `limit`. */
function parserError(err: {
  type?: string;
  status?: number;
  limit?: number;
}): { status: number; body: { error: string; code: string } } | null {
  switch (err.type) {
    case 'entity.too.large':
      return {
        status: 413,
        body: { error: `Request body too large. The limit is ${byteSize(err.limit ?? 0)}.`, code: 'PAYLOAD_TOO_LARGE' },
      };
    case 'entity.parse.failed':
      return { status: 400, body: { error: 'Request body is not valid JSON', code: 'INVALID_JSON' } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { error: 'Unsupported request body encoding', code: 'UNSUPPORTED_ENCODING' } };
    case 'request.aborted':
      return { status: 400, body: { error: 'Request aborted', code: 'REQUEST_ABORTED' } };
    default:
      return null;
  }
}

/**
 * 4xx errors raised below our code, named rather than echoed: a zlib message such as
 * "incorrect header check" means nothing to a caller.
 */
function otherClientError(err: { message?: string; code?: unknown; expose?: boolean }): {
  error: string;
  code: string;
} {
  // zlib's codes (Z_DATA_ERROR...) and Brotli's (ERR__ERROR_FORMAT_...).
  if (/^(Z_|ERR__ERROR|ERR_BROTLI)/.test(String(err.code ?? ''))) {
    return {
      error: 'Request body could not be decompressed: it does not match its Content-Encoding',
      code: 'INVALID_CONTENT_ENCODING',
    };
  }
  if (String(err.message).startsWith('Failed to decode param'))
    return { error: 'The path is not valid percent-encoding', code: 'INVALID_PATH' };
  return { error: err.expose && err.message ? err.message : 'Bad request', code: 'BAD_REQUEST' };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof DomainError) {
      if (err instanceof TooManyRequestsError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      res.status(statusOf(err)).json({ error: err.message, ...(err.code ? { code: err.code } : {}), ...placeOf(err) });
      return;
    }
    const parsed = parserError(err);
    if (parsed) {
      res.status(parsed.status).json(parsed.body);
      return;
    }
    if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
      res.status(err.status).json(otherClientError(err));
      return;
    }
    if (isStoreUnavailable(err)) {
      logger.warn('database unavailable', {
        requestId: res.locals.requestId,
        path: req.path,
        error: String(err?.message ?? err).slice(0, 200),
      });
      res.setHeader('Retry-After', '5');
      res.status(503).json({
        error: 'The service is temporarily unavailable. Try again in a few seconds.',
        code: 'SERVICE_UNAVAILABLE',
      });
      return;
    }
    logger.error('unhandled error', {
      requestId: res.locals.requestId,
      path: req.path,
      error: err?.stack ?? String(err),
    });
    res.status(500).json({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found', code: 'NOT_FOUND' });
};

/**
 * JSON request bodies, for every router: express.json plus the refusals it lacks.
 *  - A body sent as another type (a form, text/plain, no Content-Type) is refused with 415 rather
 *    than read as JSON anyway or taken as no body: what a client sends as text is not what it
 *    means as JSON, and a body left unread would answer 200 to a change never made. Multipart
 *    goes on to the route: an upload route reads it (or names the multipart type it wants), and
 *    a JSON route refuses it (route.ts).
 *    Only POST, PUT and PATCH bodies are read; one sent with GET, HEAD or DELETE is neither read
 *    nor refused.
 *  - Bytes that are not UTF-8 are refused rather than replaced with U+FFFD: a stored name
 *    would silently differ from what the client sent (RFC 8259 §8.1: JSON is exchanged as UTF-8).
 *  - Bodies nested deeper than MAX_JSON_DEPTH are refused: no body of ours nests more than a
 *    few levels, and recursive code downstream (the Idempotency-Key fingerprint, validators)
 *    must never meet thousands of levels that JSON.parse accepts.
 */
import express, { type RequestHandler } from 'express';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { UnsupportedMediaTypeError, ValidationError } from '../../domain/errors.js';

export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests deeper than `max` arrays and objects (iterative: any depth is safe). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push({ v: child, depth: depth + 1 });
    }
  }
  return false;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The media type of the request's Content-Type, lower-cased and without parameters ('' when none). */
function mediaTypeOf(req: IncomingMessage): string {
  return String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/** application/json and its structured-syntax kin (application/merge-patch+json…). */
const isJsonType = (mediaType: string) =>
  mediaType === 'application/json' || /^[^/\s]+\/[^/\s]+\+json$/.test(mediaType);

/** Bytes follow the headers: a length above zero, or a chunked body (`Content-Length: 0` is none). */
export function carriesBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** The refusal of a body that is not JSON, on every JSON route. */
export function notJsonError(): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError('Send the request body as JSON, with Content-Type: application/json');
}

const readsBody = (req: IncomingMessage) => BODY_METHODS.has(req.method ?? '');

const refuseOtherTypes: RequestHandler = (req, _res, next) => {
  if (!readsBody(req) || !carriesBody(req)) return next();
  const type = mediaTypeOf(req);
  if (isJsonType(type) || type.startsWith('multipart/')) return next();
  next(notJsonError());
};

function refuseNonUtf8(_req: unknown, _res: unknown, buf: Buffer, encoding: string | null): void {
  if ((encoding === null || encoding === 'utf-8' || encoding === 'utf8') && !isUtf8(buf)) {
    throw new ValidationError('Request body is not valid UTF-8', undefined, 'INVALID_UTF8');
  }
}

const depthLimit: RequestHandler = (req, _res, next) => {
  if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
    return next(
      new ValidationError(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`, undefined, 'BODY_TOO_DEEP'),
    );
  }
  next();
};

/**
 * express.json with the same options, followed by the depth limit. Not `strict` unless asked:
 * a body of `null`, `42` or `"text"` is JSON, just not an object, and the route's schema says
 * so ("request body must be object") where strict parsing would call it "not valid JSON".
 */
export function jsonBody(
  options: Omit<Parameters<typeof express.json>[0] & object, 'verify' | 'type'>,
): RequestHandler[] {
  return [
    refuseOtherTypes,
    express.json({
      strict: false,
      ...options,
      type: (req) => readsBody(req) && isJsonType(mediaTypeOf(req)),
      verify: refuseNonUtf8,
    }),
    depthLimit,
  ];
}

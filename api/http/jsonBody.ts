/**
 * JSON request bodies, for every router: express.json plus the two refusals it lacks.
 *  - Bytes that are not UTF-8 are refused rather than replaced with U+FFFD: a stored name
 *    would silently differ from what the client sent (RFC 8259 §8.1: JSON is exchanged as UTF-8).
 *  - Bodies nested deeper than MAX_JSON_DEPTH are refused: no body of ours nests more than a
 *    few levels, and recursive code downstream (the Idempotency-Key fingerprint, validators)
 *    must never meet thousands of levels that JSON.parse accepts.
 */
import express, { type RequestHandler } from 'express';
import { isUtf8 } from 'node:buffer';
import { ValidationError } from '../../domain/errors.js';

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
export function jsonBody(options: Omit<Parameters<typeof express.json>[0] & object, 'verify'>): RequestHandler[] {
  return [express.json({ strict: false, ...options, verify: refuseNonUtf8 }), depthLimit];
}

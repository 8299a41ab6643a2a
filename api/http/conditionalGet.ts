/**
 * Conditional GETs for JSON that pages cache: a strong ETag over the body, and 304 when the
 * client's If-None-Match names it. Done here rather than by Express's `fresh`, which refuses to
 * revalidate whenever the request says `Cache-Control: no-cache` (as fetch() does).
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

/** Sets the ETag; true when the client already holds this body (answer 304, no body). */
export function notModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  return (
    req
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .some((t) => t === etag || t === `W/${etag}` || t === '*') ?? false
  );
}

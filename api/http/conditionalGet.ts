/**
 * Conditional GETs for JSON that pages cache: a strong ETag over the body, and 304 when the
 * client's If-None-Match names it. Done here rather than by Express's `fresh`, which refuses to
 * revalidate whenever the request says `Cache-Control: no-cache` (as fetch() does).
 *
 * `If-None-Match: *` is a write precondition ("only if nothing is there yet"): on a read it names
 * no representation the client holds, so it never earns a 304. Express's `fresh` (res.send,
 * res.sendFile) would answer 304 to it on every GET, probes included, so the wildcard is taken
 * off safe requests before any route sees them.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

const WILDCARD = '*';

function entityTagsOf(header: string | undefined): string[] {
  return (header ?? '')
    .split(/\s*,\s*/)
    .map((t) => t.trim())
    .filter(Boolean);
}

export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

/** Sets the ETag; true when the client already holds this body (answer 304, no body). */
export function notModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  return entityTagsOf(req.get('if-none-match')).some((t) => t === etag || t === `W/${etag}`);
}

/** Drops `*` from a GET's or HEAD's If-None-Match (the other entity tags still revalidate). */
export const ignoreWildcardOnReads: RequestHandler = (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const tags = entityTagsOf(req.headers['if-none-match']);
  if (!tags.includes(WILDCARD)) return next();
  const kept = tags.filter((t) => t !== WILDCARD);
  if (kept.length) req.headers['if-none-match'] = kept.join(', ');
  else delete req.headers['if-none-match'];
  next();
};

/**
 * CSRF defences for cookie-authenticated requests (docs/sign-in.md).
 *
 * - Signed-in writes: the header X-CSRF-Token must carry the session's token (a digest of the
 *   session id, so nothing extra is stored and the token reveals nothing of the id), compared
 *   in constant time; and an Origin header, when the browser sends one, must be the request's
 *   own origin.
 * - Login POSTs (no session yet; "login CSRF" would sign a victim into the attacker's account):
 *   a cross-site Origin or Sec-Fetch-Site is refused. They also take JSON only, which a
 *   cross-site form cannot send without a CORS preflight we never grant.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ForbiddenError } from '../../domain/errors.js';
import { sameDigest } from '../../domain/signIn/challenges.js';
import { requestOrigin } from './workspaceHost.js';

export const CSRF_HEADER = 'x-csrf-token';

export function csrfTokenOf(sessionId: string): string {
  return createHash('sha256').update(`confab-csrf:${sessionId}`, 'utf8').digest('base64url');
}

const csrfError = (why: string) => new ForbiddenError(`Request refused (CSRF): ${why}`, 'CSRF');

/** Throws 403 CSRF unless the Origin (when sent) is the request's own. */
export function assertSameOrigin(req: Request): void {
  const origin = req.get('origin');
  if (origin !== undefined && origin !== requestOrigin(req)) throw csrfError('the Origin header names another site');
  if (req.get('sec-fetch-site') === 'cross-site') throw csrfError('the request came from another site');
}

/** Throws 403 CSRF unless the request carries the session's token and comes from its own origin. */
export function assertCsrf(req: Request, sessionId: string): void {
  assertSameOrigin(req);
  const presented = req.get(CSRF_HEADER);
  if (!presented || !sameDigest(presented, csrfTokenOf(sessionId)))
    throw csrfError(`the ${CSRF_HEADER} header is missing or wrong`);
}

export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/**
 * Session authentication for the dashboard and the workspace API (CONTRACT.md §6; the
 * "sign-in contract" every dashboard route codes against).
 *
 * A session belongs to one user in one workspace. On a workspace host (`<slug>.<domain>`) it
 * only counts for that host's workspace; the cookie is host-only, so another host never sees
 * it anyway, and a session that somehow arrives at the wrong host is answered 401. The role is
 * read from the memberships view on every request, so a demotion or a removal applies at once.
 */
import type { Request, RequestHandler, Response } from 'express';
import { AuthenticationError, ForbiddenError } from '../../domain/errors.js';
import type { CommandContext } from '../../commands/commandContext.js';
import type { SessionStore, StoredSession } from '../../infrastructure/sessions/sessionStore.js';
import { MEMBERSHIPS, membershipId, type MembershipDoc } from '../../projections/views/membershipsView.js';
import { USERS, type UserDoc } from '../../projections/views/usersView.js';
import { assertCsrf, isSafeMethod } from './csrf.js';
import { readSessionCookie } from './sessionCookie.js';
import { isWorkspaceHost, workspaceFromHost, type WorkspaceHostDeps } from './workspaceHost.js';

export interface SignedIn {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  workspaceId: string;
  role: 'admin' | 'member';
}

export interface SessionAuthDeps extends WorkspaceHostDeps {
  sessions: SessionStore;
}

export const notSignedIn = () => new AuthenticationError('Sign in to continue', 'NOT_SIGNED_IN');

/**
 * The signed-in user of a request, or null: a cookie of a live session, for this host's
 * workspace, of a user who is still a member there. No CSRF check (see requireSession).
 */
export async function resolveSession(req: Request, deps: SessionAuthDeps): Promise<SignedIn | null> {
  const sessionId = readSessionCookie(req);
  if (!sessionId) return null;
  const session = await deps.sessions.lookup(sessionId);
  if (!session || !(await sessionFitsHost(req, session, deps))) return null;
  const [membership, user] = await Promise.all([
    deps.views.get<MembershipDoc>(MEMBERSHIPS, membershipId(session.workspaceId, session.userId)),
    deps.views.get<UserDoc>(USERS, session.userId),
  ]);
  if (!membership || !user) return null;
  return {
    sessionId,
    userId: session.userId,
    email: user.email,
    name: user.name,
    workspaceId: session.workspaceId,
    role: membership.role,
  };
}

async function sessionFitsHost(req: Request, session: StoredSession, deps: SessionAuthDeps): Promise<boolean> {
  if (!isWorkspaceHost(req, deps)) return true;
  const host = await workspaceFromHost(req, deps);
  return host?.workspaceId === session.workspaceId;
}

/**
 * Cookie `confab_session` → SignedIn in res.locals; 401 {error, code:'NOT_SIGNED_IN'} without
 * one. Non-GET/HEAD requests also need header `X-CSRF-Token` equal to the session's token and
 * a same-origin `Origin` when one is sent: else 403 {error, code:'CSRF'}. role:'admin' → 403
 * for members.
 */
export function requireSession(deps: SessionAuthDeps, opts: { role?: 'admin' } = {}): RequestHandler[] {
  const authenticate: RequestHandler = async (req, res, next) => {
    try {
      const signedIn = await resolveSession(req, deps);
      if (!signedIn) throw notSignedIn();
      if (!isSafeMethod(req.method)) assertCsrf(req, signedIn.sessionId);
      if (opts.role === 'admin' && signedIn.role !== 'admin')
        throw new ForbiddenError('Only a workspace admin can do this', 'INSUFFICIENT_ROLE');
      res.locals.signedIn = signedIn;
      next();
    } catch (err) {
      next(err);
    }
  };
  return [authenticate];
}

export function signedInOf(res: Response): SignedIn {
  const signedIn = res.locals.signedIn as SignedIn | undefined;
  if (!signedIn) throw notSignedIn();
  return signedIn;
}

/** The CommandContext of a signed-in user (actor {type:'user', id: userId}, workspaceId, request info). */
export function sessionContextOf(res: Response): CommandContext & { workspaceId: string } {
  const { userId, workspaceId } = signedInOf(res);
  return userContextOf(res, userId, workspaceId);
}

/** A user as the actor of this request's events, with its id, address and user agent for the audit trail. */
export function userContextOf<W extends string | null>(
  res: Response,
  userId: string,
  workspaceId: W,
): CommandContext & { workspaceId: W } {
  return {
    actor: { type: 'user', id: userId },
    workspaceId,
    correlationId: res.locals.requestId,
    requestId: res.locals.requestId,
    request: { ip: res.locals.clientIp, userAgent: res.locals.userAgent },
  };
}

/**
 * Session authentication for the dashboard and the workspace API (docs/sign-in.md:
 * the sign-in rules every dashboard route codes against).
 *
 * A session belongs to one user in one workspace. On a workspace host (`<slug>.<domain>`) it
 * only counts for that host's workspace; the cookie is host-only, so another host never sees
 * it anyway, and a session that somehow arrives at the wrong host is answered 401. The role is
 * read from the memberships view on every request, so a demotion or a removal applies at once.
 */
import type { Request, Response } from 'express';
import { AuthenticationError } from '../../domain/errors.js';
import type { CommandContext } from '../../commands/commandContext.js';
import type { SessionStore, StoredSession } from '../../infrastructure/sessions/sessionStore.js';
import { MEMBERSHIPS, membershipId } from '../../projections/views/membershipsView.js';
import { USERS } from '../../projections/views/usersView.js';
import { requestTraceOf } from '../http/requestContext.js';
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
 * workspace, of a user who is still a member there. No CSRF check (the session door's, api/principal/sessionDoor.ts).
 */
export async function resolveSession(req: Request, deps: SessionAuthDeps): Promise<SignedIn | null> {
  const sessionId = readSessionCookie(req);
  if (!sessionId) return null;
  const session = await deps.sessions.lookup(sessionId);
  if (!session || !(await sessionFitsHost(req, session, deps))) return null;
  const [membership, user] = await Promise.all([
    deps.views.get(MEMBERSHIPS, membershipId(session.workspaceId, session.userId)),
    deps.views.get(USERS, session.userId),
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

/** A user as the actor of this request's events, with its id, address and user agent for the audit trail. */
export function userContextOf<W extends string | null>(
  res: Response,
  userId: string,
  workspaceId: W,
): CommandContext & { workspaceId: W } {
  return { actor: { type: 'user', id: userId }, workspaceId, ...requestTraceOf(res) };
}

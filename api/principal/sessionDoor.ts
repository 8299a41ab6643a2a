/**
 * The session door: the `confab_session` cookie of a signed-in member resolved to the
 * workspace's principal, the user as the actor (docs/sign-in.md). Writes also need the
 * session's CSRF token; a session holds every scope, and its role decides the rest.
 */
import type { RequestHandler } from 'express';
import { API_KEY_SCOPES } from '../../domain/apiKey/apiKey.js';
import { ForbiddenError } from '../../domain/errors.js';
import type { PlanName } from '../../domain/plans.js';
import { WORKSPACES } from '../../projections/views/workspacesView.js';
import { assertCsrf, isSafeMethod } from '../session/csrf.js';
import { notSignedIn, resolveSession, type SessionAuthDeps } from '../session/sessionAuth.js';

/**
 * 401 {error, code:'NOT_SIGNED_IN'} without a live session of this host's workspace. Non-GET/HEAD
 * requests also need header `X-CSRF-Token` equal to the session's token and a same-origin
 * `Origin` when one is sent: else 403 {error, code:'CSRF'}. role:'admin' → 403 for members.
 */
export function sessionDoor(deps: SessionAuthDeps, { role }: { role?: 'admin' } = {}): RequestHandler {
  return async (req, res, next) => {
    try {
      const signedIn = await resolveSession(req, deps);
      if (!signedIn) throw notSignedIn();
      if (!isSafeMethod(req.method)) assertCsrf(req, signedIn.sessionId);
      if (role === 'admin' && signedIn.role !== 'admin')
        throw new ForbiddenError('Only a workspace admin can do this', 'INSUFFICIENT_ROLE');
      const workspace = await deps.views.get(WORKSPACES, signedIn.workspaceId);
      if (!workspace) throw notSignedIn();
      const { sessionId, userId, email, name } = signedIn;
      res.locals.principal = {
        actor: { type: 'user', id: userId },
        workspaceId: signedIn.workspaceId,
        workspace,
        plan: workspace.plan as PlanName,
        role: signedIn.role,
        scopes: API_KEY_SCOPES,
        via: { kind: 'session', sessionId, userId, email, name },
      };
      next();
    } catch (err) {
      next(err);
    }
  };
}

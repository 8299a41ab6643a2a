/**
 * Who may change a workspace's branding (seed: Authentication 4; CONTRACT.md §5): an API key
 * of the admin role, or the session of a signed-in admin (CONTRACT.md §6), whose writes also
 * carry the session's CSRF token. A request with an x-api-key header is judged by the key
 * alone; otherwise the session cookie decides. Either way the routes read the same caller
 * (`callerOf`), with the user as the actor of a session's events. No monthly quota, since
 * these are not External API calls, but a per-caller burst limit all the same.
 */
import type { RequestHandler } from 'express';
import { ForbiddenError, TooManyRequestsError } from '../../domain/errors.js';
import type { PlanName } from '../../domain/plans.js';
import { API_KEY_SCOPES } from '../../domain/apiKey/apiKey.js';
import { WORKSPACES, type WorkspaceDoc } from '../../projections/views/workspacesView.js';
import { apiKeyAuth, callerOf, requireRole, requireScope, type ApiCaller } from '../external/apiKeyAuth.js';
import { notSignedIn, resolveSession, type SessionAuthDeps } from '../session/sessionAuth.js';
import { assertCsrf, isSafeMethod } from '../session/csrf.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';

const WRITES_PER_MINUTE = 120;

/** The answer requireWorkspaceAdmin adds to a route, for its OpenAPI responses. */
export const ADMIN_RATE_LIMITED = {
  429: {
    description: `More than ${WRITES_PER_MINUTE} workspace requests a minute with this API key; wait Retry-After seconds`,
  },
};

/**
 * The signed-in user as the workspace API's caller; 401 without a session, 403 without CSRF on a
 * write, and 403 for a member where `adminOnly`.
 */
function sessionCaller(
  deps: Pick<WorkspaceApiDeps, 'views'> & { session: SessionAuthDeps },
  adminOnly: boolean,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const signedIn = await resolveSession(req, deps.session);
      if (!signedIn) throw notSignedIn();
      if (!isSafeMethod(req.method)) assertCsrf(req, signedIn.sessionId);
      if (adminOnly && signedIn.role !== 'admin')
        throw new ForbiddenError('Only a workspace admin can do this', 'INSUFFICIENT_ROLE');
      const workspace = await deps.views.get<WorkspaceDoc>(WORKSPACES, signedIn.workspaceId);
      if (!workspace) throw notSignedIn();
      res.locals.signedIn = signedIn;
      res.locals.caller = {
        keyId: `user:${signedIn.userId}`,
        workspaceId: signedIn.workspaceId,
        role: signedIn.role,
        scopes: [...API_KEY_SCOPES],
        workspace,
        plan: workspace.plan as PlanName,
        actor: { type: 'user', id: signedIn.userId },
      } satisfies ApiCaller;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * An API key or a session of the workspace, of the admin role unless `anyRole` (reads such as
 * ad analytics that any member may see), holding the read or write scope its method needs,
 * with a per-caller burst limit.
 */
export function requireWorkspaceCaller(
  deps: Pick<WorkspaceApiDeps, 'views' | 'rateLimiters' | 'session'>,
  { anyRole = false } = {},
): RequestHandler[] {
  const limiter = deps.rateLimiters.create({ name: 'workspace-admin', points: WRITES_PER_MINUTE, durationSeconds: 60 });
  const byKey = anyRole ? [apiKeyAuth(deps)] : [apiKeyAuth(deps), requireRole('admin')];
  const bySession = sessionCaller(deps, !anyRole);
  const authenticate: RequestHandler = (req, res, next) => {
    if (req.get('x-api-key') !== undefined) {
      const [key, role] = byKey;
      key(req, res, (err?: unknown) => (err || !role ? next(err) : role(req, res, next)));
      return;
    }
    bySession(req, res, next);
  };
  // A key's scopes hold here as on the External API: a read-only admin key reads, never writes.
  const [readScope, writeScope] = [requireScope('read'), requireScope('write')];
  const scoped: RequestHandler = (req, res, next) =>
    (isSafeMethod(req.method) ? readScope : writeScope)(req, res, next);
  const burst: RequestHandler = async (_req, res, next) => {
    try {
      const decision = await limiter.consume(callerOf(res).keyId);
      next(
        decision.allowed
          ? undefined
          : new TooManyRequestsError(
              `Too many workspace requests: at most ${WRITES_PER_MINUTE} per minute per caller`,
              decision.resetSeconds,
            ),
      );
    } catch (err) {
      next(err);
    }
  };
  return [authenticate, scoped, burst];
}

/** An admin's key or an admin's session (the writes of CONTRACT.md §5). */
export function requireWorkspaceAdmin(
  deps: Pick<WorkspaceApiDeps, 'views' | 'rateLimiters' | 'session'>,
): RequestHandler[] {
  return requireWorkspaceCaller(deps);
}

/**
 * Who may change a workspace's branding (docs/branding.md): an API key of the admin role, or
 * the session of a signed-in admin (docs/sign-in.md), whose writes also carry the session's CSRF
 * token. A request with an x-api-key header is judged by the key alone; otherwise the session
 * cookie decides. Either door leaves the same principal for the routes (`principalOf`). No
 * monthly quota, since these are not External API calls, but a per-caller burst limit all the
 * same.
 */
import type { RequestHandler } from 'express';
import { TooManyRequestsError } from '../../domain/errors.js';
import { apiKeyDoor } from '../principal/apiKeyDoor.js';
import { callerIdOf, principalOf } from '../principal/principal.js';
import { requireKeyRole, requireScope } from '../principal/principalGuards.js';
import { sessionDoor } from '../principal/sessionDoor.js';
import { isSafeMethod } from '../session/csrf.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';

/** The answer requireWorkspaceAdmin adds to a route, for its OpenAPI responses. */
export const ADMIN_RATE_LIMITED = {
  429: {
    description:
      'More workspace requests a minute from this caller than WORKSPACE_RATE_LIMIT_PER_MINUTE allows (120 unless configured); wait Retry-After seconds',
  },
};

/**
 * An API key or a session of the workspace, of the admin role unless `anyRole` (reads such as
 * ad analytics that any member may see), holding the read or write scope its method needs,
 * with a per-caller burst limit.
 */
export function requireWorkspaceCaller(
  deps: Pick<WorkspaceApiDeps, 'views' | 'rateLimiters' | 'session' | 'rateLimitPerMinute'>,
  { anyRole = false } = {},
): RequestHandler[] {
  const perMinute = deps.rateLimitPerMinute;
  const limiter = deps.rateLimiters.create({ name: 'workspace-admin', points: perMinute, durationSeconds: 60 });
  const byKey = apiKeyDoor(deps);
  const keyRole = anyRole ? null : requireKeyRole('admin');
  const bySession = sessionDoor(deps.session, anyRole ? {} : { role: 'admin' });
  const authenticate: RequestHandler = (req, res, next) => {
    if (req.get('x-api-key') === undefined) return bySession(req, res, next);
    byKey(req, res, (err?: unknown) => (err || !keyRole ? next(err) : keyRole(req, res, next)));
  };
  // A key's scopes hold here as on the External API: a read-only admin key reads, never writes.
  const [readScope, writeScope] = [requireScope('read'), requireScope('write')];
  const scoped: RequestHandler = (req, res, next) =>
    (isSafeMethod(req.method) ? readScope : writeScope)(req, res, next);
  const burst: RequestHandler = async (_req, res, next) => {
    try {
      const decision = await limiter.consume(callerIdOf(principalOf(res)));
      next(
        decision.allowed
          ? undefined
          : new TooManyRequestsError(
              `Too many workspace requests: at most ${perMinute} per minute per caller`,
              decision.resetSeconds,
            ),
      );
    } catch (err) {
      next(err);
    }
  };
  return [authenticate, scoped, burst];
}

/** An admin's key or an admin's session (the branding writes). */
export function requireWorkspaceAdmin(
  deps: Pick<WorkspaceApiDeps, 'views' | 'rateLimiters' | 'session' | 'rateLimitPerMinute'>,
): RequestHandler[] {
  return requireWorkspaceCaller(deps);
}

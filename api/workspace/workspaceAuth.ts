/**
 * Who may change a workspace's branding: an API key of the admin role (seed: Authentication 4;
 * CONTRACT.md §5). The same key lookup as the External API; no monthly quota, since these are
 * not External API calls, but a per-key burst limit all the same.
 */
import type { RequestHandler } from 'express';
import { TooManyRequestsError } from '../../domain/errors.js';
import { apiKeyAuth, callerOf, requireRole } from '../external/apiKeyAuth.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';

const WRITES_PER_MINUTE = 120;

export function requireWorkspaceAdmin({ views, rateLimiters }: Pick<WorkspaceApiDeps, 'views' | 'rateLimiters'>): RequestHandler[] {
  const limiter = rateLimiters.create({ name: 'workspace-admin', points: WRITES_PER_MINUTE, durationSeconds: 60 });
  const burst: RequestHandler = async (_req, res, next) => {
    try {
      const decision = await limiter.consume(callerOf(res).keyId);
      next(decision.allowed ? undefined : new TooManyRequestsError(`Too many workspace requests: at most ${WRITES_PER_MINUTE} per minute per API key`, decision.resetSeconds));
    } catch (err) {
      next(err);
    }
  };
  return [apiKeyAuth({ views }), requireRole('admin'), burst];
}

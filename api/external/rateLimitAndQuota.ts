/**
 * Burst limit per key and monthly quota per workspace (docs/external-api.md, Limits). Every
 * response carries the RateLimit-* and X-Quota-* headers; a refused burst is not
 * counted; only 2xx and 5xx answers count against the quota.
 */
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import { TooManyRequestsError } from '../../domain/errors.js';
import { limitsFor, type PlanLimits } from '../../domain/plans.js';
import { monthOf, nextMonthStart } from '../../infrastructure/usage/usageCounter.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import { callerIdOf, principalOf } from '../principal/principal.js';
import { quotaReadingOf } from './quotaReading.js';
import { hasPendingReplay } from './pendingReplay.js';

export function rateLimitMessage(limit: number): string {
  return `External API rate limit exceeded. Max ${limit} requests per minute.`;
}

const WINDOW_SECONDS = 60;

/**
 * The headers every response carries (docs/external-api.md, Limits), as they stand before the key is known:
 * a call refused before authentication (401) or a CORS preflight is counted against no key and
 * no workspace, so nothing of either is spent and there is no monthly quota to show (0). The
 * burst limit and quotaHeaders replace them once the caller is known.
 */
export function anonymousLimitHeaders({
  rateLimitPerMinute: perMinute,
  clock,
}: Pick<ExternalApiDeps, 'rateLimitPerMinute' | 'clock'>): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('RateLimit-Policy', `${perMinute};w=${WINDOW_SECONDS}`);
    res.setHeader('RateLimit-Limit', String(perMinute));
    res.setHeader('RateLimit-Remaining', String(perMinute));
    res.setHeader('RateLimit-Reset', String(WINDOW_SECONDS));
    res.setHeader('X-Quota-Limit', '0');
    res.setHeader('X-Quota-Remaining', '0');
    res.setHeader('X-Quota-Reset', String(nextMonthStart(clock())));
    res.setHeader('X-Quota-Period', 'month');
    next();
  };
}

export function burstLimit({
  rateLimiters,
  rateLimitPerMinute: perMinute,
}: Pick<ExternalApiDeps, 'rateLimiters' | 'rateLimitPerMinute'>): RequestHandler {
  const limiter = rateLimiters.create({ name: 'external', points: perMinute, durationSeconds: WINDOW_SECONDS });
  return async (_req, res, next) => {
    try {
      const decision = await limiter.consume(callerIdOf(principalOf(res)));
      res.setHeader('RateLimit-Policy', `${perMinute};w=${WINDOW_SECONDS}`);
      res.setHeader('RateLimit-Limit', String(perMinute));
      res.setHeader('RateLimit-Remaining', String(decision.remaining));
      res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
      if (!decision.allowed) {
        // A refused burst is not counted, so the quota left is what it was before this call.
        const { limit, used } = quotaReadingOf(res);
        if (limit !== null) res.setHeader('X-Quota-Remaining', String(Math.max(0, limit - used)));
        // Retry-After is the window (the documented 60 s): waiting that long always
        // succeeds; RateLimit-Reset says how soon the current window actually ends.
        throw new TooManyRequestsError(rateLimitMessage(perMinute), WINDOW_SECONDS);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function workspaceLimits(res: Parameters<RequestHandler>[1]): PlanLimits {
  const { plan, workspace } = principalOf(res);
  return limitsFor(plan, workspace.limits as Partial<PlanLimits> | null);
}

/**
 * Sets the X-Quota-* headers before the burst limit runs, so a burst 429 carries them too
 * ("every response carries"); monthlyQuota then decides on the same reading.
 */
export function quotaHeaders({ usage, clock }: Pick<ExternalApiDeps, 'usage' | 'clock'>): RequestHandler {
  return async (_req, res, next) => {
    try {
      const now = clock();
      const month = monthOf(now);
      const limit = workspaceLimits(res).monthlyCalls;
      // From memory once this instance knows the workspace (quotaLeases.ts): no round trip.
      const used = await usage.current(principalOf(res).workspaceId, month);
      res.locals.quota = { now, month, limit, used };
      res.setHeader('X-Quota-Limit', limit === null ? 'unlimited' : String(limit));
      res.setHeader('X-Quota-Remaining', limit === null ? 'unlimited' : String(Math.max(0, limit - used - 1)));
      res.setHeader('X-Quota-Reset', String(nextMonthStart(now)));
      res.setHeader('X-Quota-Period', 'month');
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Only 2xx and 5xx answers count against the quota (docs/external-api.md, Limits). */
const counts = (status: number) => (status >= 200 && status < 300) || status >= 500;

export function monthlyQuota({ usage, logger }: Pick<ExternalApiDeps, 'usage' | 'logger'>): RequestHandler {
  return async (_req, res, next) => {
    try {
      if (hasPendingReplay(res)) return next(); // a replay is never billed, even once the quota is spent
      const { workspaceId } = principalOf(res);
      const { now, month, limit } = quotaReadingOf(res);
      // Reserve the call before handling it so parallel requests cannot overshoot the quota;
      // answers that do not count (4xx) give it back afterwards.
      const count = await usage.tryReserve(workspaceId, month, limit);
      if (count === null) {
        res.setHeader('X-Quota-Remaining', '0');
        const retryAfter = Math.max(1, nextMonthStart(now) - Math.floor(now.getTime() / 1000));
        throw new TooManyRequestsError(
          `Monthly API quota of ${limit} calls exceeded. It resets at the start of next month.`,
          retryAfter,
          'QUOTA_EXCEEDED',
        );
      }
      if (limit !== null) {
        res.setHeader('X-Quota-Remaining', String(Math.max(0, limit - count)));
        // Decided as the status goes out: an answer that is not counted (4xx) is given back
        // below, so it must not show this call as spent either.
        onHeaders(res, () => {
          if (!counts(res.statusCode)) res.setHeader('X-Quota-Remaining', String(Math.max(0, limit - count + 1)));
        });
      }
      res.on('finish', () => {
        if (counts(res.statusCode)) return;
        usage.release(workspaceId, month).catch((err) => logger.warn('usage release failed', { error: String(err) }));
      });
      res.on('close', () => {
        // A client that hung up before an answer was written got nothing: do not bill it.
        if (!res.writableFinished) usage.release(workspaceId, month).catch(() => undefined);
      });
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * The hourly budget shared by the first two email-change steps (5 per hour per API key,
 * docs/external-api.md; the dashboard keys it by the signed-in user).
 *
 * A step spends it inside its handler, after the route has checked the request's shape: a
 * request refused for its input sent no mail and tried no code, so it must not lock the caller
 * out for an hour. A wrong code does spend it (that is the guessing the budget is there to slow).
 */
import type { Response } from 'express';
import { TooManyRequestsError } from '../../../domain/errors.js';
import type { RateLimiterFactory } from '../../../infrastructure/rateLimit/rateLimiter.js';

export const EMAIL_CHANGE_LIMIT = { name: 'email-change', points: 5, durationSeconds: 3600 };

/** Spends one unit for the caller `keyOf(res)` names; 429 EMAIL_CHANGE_RATE_LIMIT when none is left. */
export type SpendEmailChangeBudget = (res: Response) => Promise<void>;

export function emailChangeBudget(
  rateLimiters: RateLimiterFactory,
  keyOf: (res: Response) => string,
  per: string,
): SpendEmailChangeBudget {
  const limiter = rateLimiters.create(EMAIL_CHANGE_LIMIT);
  return async (res) => {
    const key = keyOf(res);
    const decision = await limiter.consume(key);
    if (!decision.allowed) {
      throw new TooManyRequestsError(
        `Too many email change requests: at most ${EMAIL_CHANGE_LIMIT.points} per hour per ${per}`,
        decision.resetSeconds,
        'EMAIL_CHANGE_RATE_LIMIT',
      );
    }
    // A code that could not be mailed (502) was never sent: retrying while mail is down must
    // not spend the hour's budget (a fault audit locked a key out this way).
    res.on('finish', () => res.statusCode === 502 && void limiter.refund(key).catch(() => undefined));
  };
}

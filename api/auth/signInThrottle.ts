/**
 * Every way in is throttled per account (the address typed in, known or not, so the answer
 * reveals nothing) and per client address (api/http/clientAddressKey.ts: a /64 for IPv6).
 * A refused attempt is 429 whatever the account, before any lookup happens.
 */
import type { Request } from 'express';
import { TooManyRequestsError } from '../../domain/errors.js';
import type { RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';
import { rateLimitKeyOf } from '../http/clientAddressKey.js';

export const ATTEMPTS_PER_ACCOUNT = 10;
export const ATTEMPTS_PER_ADDRESS = 100;
const WINDOW_SECONDS = 10 * 60;

export type SignInThrottle = (req: Request, account?: string) => Promise<void>;

/** One pair of counters per factory, shared by every way in: 10 tries per account in all, not per route. */
const shared = new WeakMap<RateLimiterFactory, SignInThrottle>();

export function signInThrottle(rateLimiters: RateLimiterFactory): SignInThrottle {
  let throttle = shared.get(rateLimiters);
  if (!throttle) {
    throttle = createThrottle(rateLimiters);
    shared.set(rateLimiters, throttle);
  }
  return throttle;
}

function createThrottle(rateLimiters: RateLimiterFactory): SignInThrottle {
  const perAccount = rateLimiters.create({ name: 'signin-account', points: ATTEMPTS_PER_ACCOUNT, durationSeconds: WINDOW_SECONDS });
  const perAddress = rateLimiters.create({ name: 'signin-address', points: ATTEMPTS_PER_ADDRESS, durationSeconds: WINDOW_SECONDS });
  return async (req, account) => {
    const byAddress = await perAddress.consume(rateLimitKeyOf(req.ip));
    if (!byAddress.allowed) throw new TooManyRequestsError('Too many sign-in attempts from this network; try again later', byAddress.resetSeconds);
    if (account === undefined) return;
    const byAccount = await perAccount.consume(account.trim().toLowerCase());
    if (!byAccount.allowed) throw new TooManyRequestsError('Too many sign-in attempts for this account; try again later', byAccount.resetSeconds);
  };
}

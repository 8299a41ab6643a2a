/**
 * Every way in is throttled per client address (api/http/clientAddressKey.ts: a /64 for IPv6)
 * and, where an address is typed in, per account (known or not, so the answer reveals nothing).
 * A refused attempt is 429 whatever the account, before any lookup happens.
 *
 * What counts against an account is guessing, not signing in: an attempt that succeeds gives its
 * points back (`Attempt.succeeded`), so an owner who signs in often is never locked out. And each
 * way keeps its own account budget, so someone who burns an owner's password budget by guessing
 * does not also shut the emailed code and link, which only the inbox's owner can use.
 */
import type { Request } from 'express';
import { TooManyRequestsError } from '../../domain/errors.js';
import type { RateLimiter, RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';
import { rateLimitKeyOf } from '../http/clientAddressKey.js';

export const ATTEMPTS_PER_ACCOUNT = 10;
export const ATTEMPTS_PER_ADDRESS = 100;
const WINDOW_SECONDS = 10 * 60;

/**
 * The account budgets: guesses of a password, guesses of a mailed code, and mails asked for
 * (a code or a link: a budget against filling someone's inbox).
 */
export type SignInWay = 'password' | 'code' | 'mail';

/** An attempt let through; a successful one returns its points. */
export interface Attempt {
  succeeded(): Promise<void>;
}

export type SignInThrottle = (req: Request, account?: { way: SignInWay; email: unknown }) => Promise<Attempt>;

/** One set of counters per factory, shared by every route: 10 password guesses per account in all. */
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
  const perAddress = rateLimiters.create({
    name: 'signin-address',
    points: ATTEMPTS_PER_ADDRESS,
    durationSeconds: WINDOW_SECONDS,
  });
  const perAccount: Record<SignInWay, RateLimiter> = {
    password: rateLimiters.create({
      name: 'signin-account',
      points: ATTEMPTS_PER_ACCOUNT,
      durationSeconds: WINDOW_SECONDS,
    }),
    code: rateLimiters.create({ name: 'signin-code', points: ATTEMPTS_PER_ACCOUNT, durationSeconds: WINDOW_SECONDS }),
    mail: rateLimiters.create({ name: 'signin-mail', points: ATTEMPTS_PER_ACCOUNT, durationSeconds: WINDOW_SECONDS }),
  };
  return async (req, account) => {
    const addressKey = rateLimitKeyOf(req.ip);
    const byAddress = await perAddress.consume(addressKey);
    if (!byAddress.allowed)
      throw new TooManyRequestsError(
        'Too many sign-in attempts from this network; try again later',
        byAddress.resetSeconds,
      );
    const spent: Array<() => Promise<void>> = [() => perAddress.refund(addressKey)];
    if (account !== undefined) {
      const limiter = perAccount[account.way];
      const accountKey = String(account.email ?? '')
        .trim()
        .toLowerCase();
      const byAccount = await limiter.consume(accountKey);
      if (!byAccount.allowed) {
        const what =
          account.way === 'mail'
            ? 'Too many sign-in mails asked for this account'
            : 'Too many sign-in attempts for this account';
        throw new TooManyRequestsError(`${what}; try again later`, byAccount.resetSeconds);
      }
      // A mail asked for is spent whether or not the address is known: the answer is neutral.
      if (account.way !== 'mail') spent.push(() => limiter.refund(accountKey));
    }
    return { succeeded: async () => void (await Promise.all(spent.map((give) => give()))) };
  };
}

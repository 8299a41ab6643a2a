/**
 * Fixed-window limiters from rate-limiter-flexible: in Redis when REDIS_URL is set, so every
 * instance shares one count per key; in process memory otherwise.
 *
 * Redis is a shared counter, not a gate: when it is unreachable or slow, each limiter falls
 * back to its in-memory twin (rate-limiter-flexible's insurance limiter), so every instance
 * keeps limiting on its own with the same numbers and no request fails because Redis is down.
 * That fallback is logged once when Redis is lost and once when it is back (redisAvailability.ts).
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { watchRedisAvailability, type AvailabilityLog, type RedisAvailability } from './redisAvailability.js';

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<LimitDecision>;
  /** Gives one point back to `key` (an attempt that turned out not to count, e.g. a sign-in that succeeded). */
  refund(key: string): Promise<void>;
}

export interface RateLimiterFactory {
  create(opts: { name: string; points: number; durationSeconds: number }): RateLimiter;
  /**
   * Resolves once Redis is connected (or after `timeoutMs` without it): the first requests of a
   * starting instance then count in the shared counter, not in its in-memory twin.
   */
  ready(timeoutMs?: number): Promise<void>;
  /** Redis when the counts are shared through it (REDIS_URL), null when they live in process memory. */
  readonly redis: Pick<RedisAvailability, 'available' | 'probe'> | null;
  close(): Promise<void>;
}

function wrap(limiter: RateLimiterAbstract, points: number): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return {
          allowed: true,
          limit: points,
          remaining: res.remainingPoints,
          resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          return {
            allowed: false,
            limit: points,
            remaining: 0,
            resetSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
          };
        }
        throw err;
      }
    },
    async refund(key) {
      // A refund is a courtesy: if Redis is away, the point simply stays spent until the window ends.
      await limiter.reward(key, 1).catch(() => undefined);
    },
  };
}

export function createRateLimiterFactory(
  redisUrl?: string,
  opts: { log?: AvailabilityLog; heartbeatMs?: number } = {},
): RateLimiterFactory {
  // No offline queue and a short command timeout: while Redis is away, calls fail at once and
  // the insurance limiter answers, instead of requests waiting on reconnects.
  const redis = redisUrl
    ? new Redis(redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 500,
        lazyConnect: false,
      })
    : null;
  redis?.on('error', () => undefined);
  // One limiter per name and limits: route modules that each ask for "workspace-admin" share
  // its counts in memory too, as they do in Redis (same key prefix).
  const created = new Map<string, RateLimiter>();
  const fallingBack = () => [...new Set([...created.keys()].map((id) => id.slice(0, id.lastIndexOf(':'))))];
  const availability = redis
    ? watchRedisAvailability(redis, { log: opts.log, fallingBack, heartbeatMs: opts.heartbeatMs })
    : null;
  return {
    redis: availability,
    create({ name, points, durationSeconds }) {
      const id = `${name}:${points}/${durationSeconds}`;
      let limiter = created.get(id);
      if (!limiter) {
        const opts = { keyPrefix: `confab:rl:${name}`, points, duration: durationSeconds };
        limiter = wrap(
          redis
            ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
            : new RateLimiterMemory(opts),
          points,
        );
        created.set(id, limiter);
      }
      return limiter;
    },
    ready(timeoutMs = 2000) {
      if (!redis || redis.status === 'ready') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      availability?.stop();
      await redis?.quit().catch(() => undefined);
    },
  };
}

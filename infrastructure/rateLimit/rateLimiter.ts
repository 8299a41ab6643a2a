/**
 * Fixed-window limiters from rate-limiter-flexible: in Redis when REDIS_URL is set, so every
 * instance shares one count per key; in process memory otherwise.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<LimitDecision>;
}

export interface RateLimiterFactory {
  create(opts: { name: string; points: number; durationSeconds: number }): RateLimiter;
  close(): Promise<void>;
}

function wrap(limiter: RateLimiterAbstract, points: number): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, limit: points, remaining: res.remainingPoints, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          return { allowed: false, limit: points, remaining: 0, resetSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
        }
        throw err;
      }
    },
  };
}

export function createRateLimiterFactory(redisUrl?: string): RateLimiterFactory {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  redis?.on('error', () => undefined);
  return {
    create({ name, points, durationSeconds }) {
      const opts = { keyPrefix: `confab:rl:${name}`, points, duration: durationSeconds };
      return wrap(redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts), points);
    },
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}

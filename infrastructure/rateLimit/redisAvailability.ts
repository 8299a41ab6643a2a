/**
 * Whether the shared Redis (REDIS_URL) is reachable, and the two log lines an operator needs
 * about it. While Redis is away every limiter falls back to its in-memory twin without failing
 * a request (rateLimiter.ts), so the budgets are then per process: with N instances a key may
 * make N times its limit. That must not go unnoticed, but must not flood the log either: one
 * warning when Redis is lost, one info line when it is back, whatever the traffic in between.
 *
 * Lost: the connection closed (refused, reset, server gone), or a ping unanswered within the
 * command timeout (a server that stopped answering keeps the connection open). Back: the client
 * reconnected (`ready`), or a ping answered again.
 */
import type { Redis } from 'ioredis';

export interface AvailabilityLog {
  warn(message: string, meta?: Record<string, unknown>): unknown;
  info(message: string, meta?: Record<string, unknown>): unknown;
}

export interface RedisAvailability {
  /** False from the moment Redis is known lost until it is known back. */
  readonly available: boolean;
  /** Pings Redis now (bounded by the client's command timeout); the answer also moves the state. */
  probe(): Promise<boolean>;
  /** Stops watching (before the client is closed on purpose: that is no outage). */
  stop(): void;
}

export interface AvailabilityOptions {
  log?: AvailabilityLog;
  /** Names the budgets that fall back to per-process counts (the limiters created so far). */
  fallingBack: () => string[];
  /** How often a connected client is pinged, to notice a server that stopped answering. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 5000;

export function watchRedisAvailability(redis: Redis, opts: AvailabilityOptions): RedisAvailability {
  // 'starting' until the first connection or loss: a start without Redis is a loss too.
  let state: 'starting' | 'up' | 'down' = 'starting';
  let downSince = 0;
  let lastError = 'connection closed';

  const lost = (reason: string) => {
    if (state === 'down') return;
    state = 'down';
    downSince = Date.now();
    const limits = opts.fallingBack();
    opts.log?.warn('Redis unreachable: rate limits fall back to per-process counts until it is back', {
      limits: limits.length ? limits : 'all',
      error: reason,
    });
  };
  const back = () => {
    if (state === 'down')
      opts.log?.info('Redis reachable again: rate limits are shared again', { downForMs: Date.now() - downSince });
    state = 'up';
  };

  const onError = (err: Error) => {
    lastError = err.message;
  };
  const onClose = () => lost(lastError);
  redis.on('error', onError);
  redis.on('close', onClose);
  redis.on('ready', back);

  async function probe(): Promise<boolean> {
    try {
      await redis.ping();
      back();
      return true;
    } catch (err) {
      lost((err as Error).message);
      return false;
    }
  }

  // A closed connection is noticed by its events; a silent one only by a ping that times out.
  const heartbeat = setInterval(() => {
    if (redis.status === 'ready') void probe();
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    get available() {
      return state !== 'down';
    },
    probe,
    stop() {
      clearInterval(heartbeat);
      redis.off('error', onError);
      redis.off('close', onClose);
      redis.off('ready', back);
    },
  };
}

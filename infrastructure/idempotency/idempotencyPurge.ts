/**
 * Deletes expired idempotency records on a timer. Expired records are already ignored by
 * `begin`, so this only keeps the table small; several instances may run it side by side.
 */
import type { Logger } from '../logger.js';
import type { IdempotencyStore } from './idempotencyStore.js';

export const PURGE_INTERVAL_MS = 15 * 60 * 1000;

export function startIdempotencyPurge(
  store: IdempotencyStore,
  logger: Logger,
  intervalMs = PURGE_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = store.purgeExpired().then(
      (n) => {
        if (n > 0) logger.debug('idempotency keys purged', { count: n });
      },
      (err) => logger.warn('idempotency purge failed', { error: String(err) }),
    );
  };
  purge();
  const timer = setInterval(purge, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

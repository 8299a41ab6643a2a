/** The purge timer: once at start, then every interval; stop waits for a running purge. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startIdempotencyPurge } from '../../../infrastructure/idempotency/idempotencyPurge.js';
import type { IdempotencyStore } from '../../../infrastructure/idempotency/idempotencyStore.js';
import { createLogger } from '../../../infrastructure/logger.js';

const storeCounting = (fail = false) => {
  const calls = { n: 0 };
  const store = {
    purgeExpired: async () => {
      calls.n += 1;
      if (fail) throw new Error('database away');
      return 1;
    },
  } as unknown as IdempotencyStore;
  return { store, calls };
};

test('purges at start and on every interval until stopped', async () => {
  const { store, calls } = storeCounting();
  const purge = startIdempotencyPurge(store, createLogger('error'), 20);
  await new Promise((r) => setTimeout(r, 110));
  await purge.stop();
  const seen = calls.n;
  assert.ok(seen >= 3, `purged ${seen} times`);
  await new Promise((r) => setTimeout(r, 60));
  assert.is(calls.n, seen, 'no purge after stop');
});

test('a failing purge is logged, not thrown, and the timer goes on', async () => {
  const { store, calls } = storeCounting(true);
  const purge = startIdempotencyPurge(store, createLogger('error'), 20);
  await new Promise((r) => setTimeout(r, 70));
  await purge.stop();
  assert.ok(calls.n >= 2);
});

test.run();

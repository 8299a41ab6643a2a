/**
 * The limiter factory: one count per limiter name, whether the counts live in process memory
 * or in Redis (REDIS_URL), so route modules asking for the same limiter share it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { createRateLimiterFactory } from '../../../infrastructure/rateLimit/rateLimiter.js';

for (const [label, url] of [
  ['memory', undefined],
  ['Redis', process.env.REDIS_URL],
] as const) {
  if (label === 'Redis' && !url) continue;
  test(`${label}: two modules asking for one name share its count`, async () => {
    const factory = createRateLimiterFactory(url);
    await factory.ready();
    try {
      const name = `shared-${randomUUID().slice(0, 8)}`;
      const a = factory.create({ name, points: 3, durationSeconds: 60 });
      const b = factory.create({ name, points: 3, durationSeconds: 60 });
      const key = 'key-1';
      assert.is((await a.consume(key)).remaining, 2);
      assert.is((await b.consume(key)).remaining, 1);
      assert.is((await a.consume(key)).allowed, true);
      const refused = await b.consume(key);
      assert.is(refused.allowed, false, 'the fourth call through either module is over the limit');
      assert.is((await a.consume('another key')).remaining, 2, 'other keys count apart');
      // A refund gives one point back: with the budget spent, one more call goes through.
      const spent = 'key-2';
      for (let i = 0; i < 3; i++) assert.is((await a.consume(spent)).allowed, true);
      await a.refund(spent);
      assert.is((await b.consume(spent)).allowed, true, 'allowed after a refund');
      assert.is((await b.consume(spent)).allowed, false);
    } finally {
      await factory.close();
    }
  });
}

test('the same name with other limits is a limiter of its own (memory)', async () => {
  const factory = createRateLimiterFactory();
  const five = factory.create({ name: 'pair', points: 5, durationSeconds: 60 });
  const two = factory.create({ name: 'pair', points: 2, durationSeconds: 60 });
  assert.is((await five.consume('k')).remaining, 4);
  assert.is((await two.consume('k')).remaining, 1);
});

test.run();

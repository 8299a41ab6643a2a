/** The idempotency store on every SQL driver, with an injected clock: claim, answer, expiry, purge. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { availableSqlDrivers, createTestSql, type TestSql } from '../../support/testStores.js';
import {
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_LOCK_MS,
  createSqlIdempotencyStore,
  type IdempotencyStore,
} from '../../../infrastructure/idempotency/idempotencyStore.js';

const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"data":{"id":"c1"}}' };

for (const driver of availableSqlDrivers()) {
  const s = suite<{ db: TestSql; store: IdempotencyStore; now: number }>(`idempotency store on ${driver}`, {} as never);
  s.before(async (ctx) => {
    ctx.db = await createTestSql(driver);
    ctx.now = Date.parse('2026-01-10T12:00:00Z');
    ctx.store = await createSqlIdempotencyStore(ctx.db.sql, () => new Date(ctx.now));
  });
  s.after(async (ctx) => ctx.db.cleanup());

  s('the first begin claims the key; the same key then shows in-progress, then the stored answer', async (ctx) => {
    const first = await ctx.store.begin('w1', 'k1', 'fp', 'owner-a');
    assert.equal(first, { acquired: true, owner: 'owner-a', since: ctx.now });
    const second = await ctx.store.begin('w1', 'k1', 'fp', 'owner-b');
    assert.equal(second, { acquired: false, record: { state: 'in-progress', fingerprint: 'fp' } });
    await ctx.store.complete('w1', 'k1', 'owner-a', answer);
    const third = await ctx.store.begin('w1', 'k1', 'fp', 'owner-c');
    assert.equal(third, { acquired: false, record: { state: 'complete', fingerprint: 'fp', answer } });
  });

  s('keys are per workspace: another workspace claims the same key for itself', async (ctx) => {
    await ctx.store.begin('w1', 'shared', 'fp1', 'a');
    const other = await ctx.store.begin('w2', 'shared', 'fp2', 'b');
    assert.ok(other.acquired);
  });

  s('a released claim (a 5xx or 429 answer) lets the retry run again, as the same first request', async (ctx) => {
    const first = ctx.now;
    await ctx.store.begin('w1', 'k-release', 'fp', 'a');
    await ctx.store.release('w1', 'k-release', 'a');
    ctx.now += 5000;
    assert.equal(await ctx.store.begin('w1', 'k-release', 'fp', 'b'), { acquired: true, owner: 'b', since: first });
    ctx.now += 1000;
    await ctx.store.purgeExpired();
    await ctx.store.release('w1', 'k-release', 'b');
    assert.equal(
      await ctx.store.begin('w1', 'k-release', 'fp', 'c'),
      { acquired: true, owner: 'c', since: first },
      'a purge keeps a released claim until its day is over',
    );
  });

  s('an abandoned in-progress claim expires after the lock; the late owner can no longer write', async (ctx) => {
    const first = ctx.now;
    await ctx.store.begin('w1', 'k-crash', 'fp', 'crashed');
    ctx.now += IN_PROGRESS_LOCK_MS - 1;
    assert.not.ok((await ctx.store.begin('w1', 'k-crash', 'fp', 'early')).acquired);
    ctx.now += 1;
    assert.equal(
      await ctx.store.begin('w1', 'k-crash', 'fp', 'retry'),
      { acquired: true, owner: 'retry', since: first },
      'the retry runs as the first request',
    );
    await ctx.store.complete('w1', 'k-crash', 'crashed', { ...answer, body: 'stale' });
    await ctx.store.release('w1', 'k-crash', 'crashed');
    const seen = await ctx.store.begin('w1', 'k-crash', 'fp', 'x');
    assert.equal(
      seen,
      { acquired: false, record: { state: 'in-progress', fingerprint: 'fp' } },
      'the retry still holds it',
    );
  });

  s('a complete record lives 24 hours, then the key is free again (for any request)', async (ctx) => {
    await ctx.store.begin('w1', 'k-ttl', 'fp', 'a');
    await ctx.store.complete('w1', 'k-ttl', 'a', answer);
    ctx.now += IDEMPOTENCY_TTL_MS - 1;
    assert.is((await ctx.store.begin('w1', 'k-ttl', 'other', 'b')).acquired, false);
    ctx.now += 1;
    assert.equal(
      await ctx.store.begin('w1', 'k-ttl', 'other', 'c'),
      { acquired: true, owner: 'c', since: ctx.now },
      'a new request',
    );
  });

  s('purgeExpired deletes expired records (abandoned claims among them), and keeps live ones', async (ctx) => {
    await ctx.db.sql.query('DELETE FROM idempotency_keys');
    await ctx.store.begin('w1', 'old', 'fp', 'a');
    await ctx.store.complete('w1', 'old', 'a', answer);
    await ctx.store.begin('w1', 'abandoned', 'fp', 'b');
    ctx.now += IDEMPOTENCY_TTL_MS - 1000;
    await ctx.store.begin('w1', 'young', 'fp', 'c');
    await ctx.store.complete('w1', 'young', 'c', answer);
    await ctx.store.begin('w1', 'running', 'fp', 'd');
    ctx.now += 1000;
    assert.is(await ctx.store.purgeExpired(), 2);
    const left = await ctx.db.sql.query<{ idempotency_key: string }>(
      'SELECT idempotency_key FROM idempotency_keys ORDER BY idempotency_key',
    );
    assert.equal(
      left.rows.map((r) => r.idempotency_key),
      ['running', 'young'],
    );
    assert.is(await ctx.store.purgeExpired(), 0);
  });

  s('parallel begins of one key: exactly one claims it', async (ctx) => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ctx.store.begin('w1', 'k-race', 'fp', `o${i}`)),
    );
    assert.is(outcomes.filter((o) => o.acquired).length, 1);
  });

  s.run();
}

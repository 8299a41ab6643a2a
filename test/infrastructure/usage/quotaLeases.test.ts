/**
 * Leased monthly quota: never more calls than the limit whatever the number of instances,
 * no write per call, used calls durable within a second, unused leases given back, and a dead
 * instance's leases settled as used (conservative) once they expire.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { createLeasedUsageCounter, type LeasedUsageCounter } from '../../../infrastructure/usage/quotaLeases.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';

const MONTH = '2026-11';

async function row(sql: SqlClient, ws: string): Promise<{ calls: number; leased: number }> {
  const r = await sql.query<{ calls: number; leased: number }>(
    `SELECT calls::int AS calls, leased::int AS leased FROM usage_counters WHERE workspace_id = $1 AND month = $2`,
    [ws, MONTH],
  );
  return r.rows[0] ?? { calls: 0, leased: 0 };
}

function counting(sql: SqlClient, writes: string[]): SqlClient {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop !== 'query') return typeof v === 'function' ? v.bind(target) : v;
      return (text: string, params?: unknown[]) => {
        if (!/^\s*SELECT/.test(text)) writes.push(text);
        return (v as Function).call(target, text, params);
      };
    },
  });
}

let store: TestSql;
test.before(async () => {
  store = await createTestSql();
});
test.after(async () => store.cleanup());

test('three instances racing for a quota of 50 get exactly 50 calls', async () => {
  const counters: LeasedUsageCounter[] = [];
  // One after another: concurrent CREATE TABLE IF NOT EXISTS can collide in the catalog.
  for (const sql of [store.sql, await store.another(), await store.another()])
    counters.push(await createLeasedUsageCounter(sql, { flushMs: 3_600_000 }));
  try {
    const answers = await Promise.all(
      counters.flatMap((c) => Array.from({ length: 40 }, () => c.tryReserve('ws-race', MONTH, 50))),
    );
    assert.is(answers.filter((a) => a !== null).length, 50);
    const r = await row(store.sql, 'ws-race');
    assert.ok(r.calls + r.leased <= 50, JSON.stringify(r));
    // A 4xx gives its call back: another caller on the same instance can use it.
    const owner = counters.find((c) =>
      answers.slice(counters.indexOf(c) * 40, counters.indexOf(c) * 40 + 40).some((a) => a !== null),
    )!;
    await owner.release('ws-race', MONTH);
    assert.ok((await owner.tryReserve('ws-race', MONTH, 50)) !== null, 'the released call is usable again');
    assert.is(
      (await counters[0].tryReserve('ws-race', MONTH, 50)) ??
        (await counters[1].tryReserve('ws-race', MONTH, 50)) ??
        (await counters[2].tryReserve('ws-race', MONTH, 50)),
      null,
    );
  } finally {
    await Promise.all(counters.map((c) => c.close()));
  }
  assert.equal(
    await row(store.sql, 'ws-race'),
    { calls: 50, leased: 0 },
    'every used call written, every unused one given back',
  );
});

test('no write per call: blocks are leased, used calls reach the table on the next flush (at most a second)', async () => {
  const writes: string[] = [];
  const counter = await createLeasedUsageCounter(counting(store.sql, writes));
  try {
    writes.length = 0;
    for (let i = 0; i < 200; i++) assert.ok((await counter.tryReserve('ws-flush', MONTH, 100_000)) !== null);
    assert.ok(writes.length <= 2, `${writes.length} writes for 200 calls`);
    assert.is(await counter.get('ws-flush', MONTH), 200, 'this instance counts its unwritten calls');
    const deadline = Date.now() + 1500;
    while ((await row(store.sql, 'ws-flush')).calls < 200 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    assert.is((await row(store.sql, 'ws-flush')).calls, 200, 'durable within a second');
  } finally {
    await counter.close();
  }
});

test('near the limit the block shrinks to one call; a spent quota refuses; unlimited needs no limit', async () => {
  const counter = await createLeasedUsageCounter(store.sql, { flushMs: 3_600_000 });
  try {
    assert.is(await counter.tryReserve('ws-small', MONTH, 3), 1);
    assert.is((await row(store.sql, 'ws-small')).leased, 1, 'a quota of 3 is leased one call at a time');
    assert.is(await counter.tryReserve('ws-small', MONTH, 3), 2);
    assert.is(await counter.tryReserve('ws-small', MONTH, 3), 3);
    assert.is(await counter.tryReserve('ws-small', MONTH, 3), null);
    assert.is(await counter.tryReserve('ws-free', MONTH, 0), null);
    assert.is(await counter.tryReserve('ws-unlimited', MONTH, null), 1);
    assert.is(await counter.current('ws-small', MONTH), 3);
  } finally {
    await counter.close();
  }
});

test('a lowered limit stops the calls leased under the old one: they are given back, not spent', async () => {
  const counter = await createLeasedUsageCounter(store.sql, { flushMs: 3_600_000 });
  try {
    for (let i = 0; i < 5; i++) assert.ok((await counter.tryReserve('ws-lowered', MONTH, 100_000)) !== null);
    assert.ok((await row(store.sql, 'ws-lowered')).leased > 10, 'a block was leased under the high limit');
    assert.is(await counter.tryReserve('ws-lowered', MONTH, 3), null, 'five calls made: a limit of 3 refuses at once');
    assert.equal(
      await row(store.sql, 'ws-lowered'),
      { calls: 5, leased: 0 },
      'the block went back; the calls made stay counted',
    );
    assert.is(await counter.tryReserve('ws-lowered', MONTH, 7), 6, 'a higher limit again leases under it');
    assert.is(await counter.tryReserve('ws-lowered', MONTH, 7), 7);
    assert.is(await counter.tryReserve('ws-lowered', MONTH, 7), null);
    assert.is(await counter.tryReserve('ws-lowered-unlimited', MONTH, null), 1);
    assert.is(
      await counter.tryReserve('ws-lowered-unlimited', MONTH, 1),
      null,
      'unlimited to a limit of 1: the one call is made',
    );
  } finally {
    await counter.close();
  }
});

test('two instances holding blocks under a high limit never exceed the lowered one', async () => {
  const counters = [
    await createLeasedUsageCounter(store.sql, { flushMs: 3_600_000 }),
    await createLeasedUsageCounter(await store.another(), { flushMs: 3_600_000 }),
  ];
  try {
    for (const c of counters)
      for (let i = 0; i < 5; i++) assert.ok((await c.tryReserve('ws-lowered-2', MONTH, 100_000)) !== null);
    // 10 calls made, both instances hold blocks; the limit drops to 30.
    const answers = await Promise.all(
      counters.flatMap((c) => Array.from({ length: 40 }, () => c.tryReserve('ws-lowered-2', MONTH, 30))),
    );
    const granted = answers.filter((a) => a !== null).length;
    assert.ok(granted <= 20, `${granted} calls granted after the limit dropped to 30 with 10 made`);
    const r = await row(store.sql, 'ws-lowered-2');
    assert.ok(r.calls + r.leased <= 30, JSON.stringify(r));
  } finally {
    await Promise.all(counters.map((c) => c.close()));
  }
  assert.ok((await row(store.sql, 'ws-lowered-2')).calls <= 30);
});

test("a dead instance's leases are settled as used once they expire: the limit still holds", async () => {
  await store.sql.query(
    `INSERT INTO usage_counters (workspace_id, month, calls, leased) VALUES ('ws-dead', $1, 5, 10)`,
    [MONTH],
  );
  await store.sql.query(
    `INSERT INTO usage_leases (holder, workspace_id, month, amount, expires_at) VALUES ('dead', 'ws-dead', $1, 10, now() - interval '1 second')`,
    [MONTH],
  );
  const counter = await createLeasedUsageCounter(store.sql, { flushMs: 3_600_000, leaseTtlMs: 1000 });
  try {
    await counter.flush();
    assert.equal(await row(store.sql, 'ws-dead'), { calls: 15, leased: 0 });
    const granted = await Promise.all(Array.from({ length: 10 }, () => counter.tryReserve('ws-dead', MONTH, 20)));
    assert.is(granted.filter((g) => g !== null).length, 5);
  } finally {
    await counter.close();
  }
});

/** Resolves once some statement on the database waits for a row lock. */
async function someoneWaitsForALock(sql: SqlClient): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const r = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    if (r.rows[0].n > 0) return;
    if (Date.now() > deadline) throw new Error('nothing waited for a lock');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// A lease locks the counter row, then its lease row. A settle taking them the other way round
// would hold the lease row while it waits for the counter: the two would deadlock.
test('a settle locks the counter row before any lease row, as a lease does: they cannot deadlock', async () => {
  if (store.sql.driver === 'pglite') return; // one connection: nothing runs concurrently
  const other = await store.another();
  const counter = await createLeasedUsageCounter(store.sql, { flushMs: 3_600_000 });
  try {
    assert.ok((await counter.tryReserve('ws-order', MONTH, 1000)) !== null);
    let leaseRowFree = false;
    await other.transaction(async (tx) => {
      // Half of a lease: the counter row is held.
      await tx.query(`SELECT 1 FROM usage_counters WHERE workspace_id = 'ws-order' AND month = $1 FOR UPDATE`, [MONTH]);
      const flushed = counter.flush();
      await someoneWaitsForALock(store.sql);
      // The other half: the settle, waiting for the counter, must not be holding the lease row.
      await tx.query(`SELECT 1 FROM usage_leases WHERE holder = $1 AND workspace_id = 'ws-order' FOR UPDATE NOWAIT`, [
        counter.holder,
      ]);
      leaseRowFree = true;
      void flushed.catch(() => {});
    });
    assert.ok(leaseRowFree);
    await counter.flush();
    assert.is((await row(store.sql, 'ws-order')).calls, 1, 'the settle went through once the lease was done');
  } finally {
    await counter.close();
  }
});

test.run();

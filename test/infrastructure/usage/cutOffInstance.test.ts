/**
 * An instance cut off from the database for longer than its leases live (a network partition of
 * one instance; a fault audit found it): another instance settles the cut-off one's lease as
 * used (it looks dead), so whatever the cut-off one spent from that block is already billed. It
 * must not bill those calls again when it is back, must not spend from a block whose lease may
 * be gone, and must leave `leased` equal to the leases that really exist (the limit rests on it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { cuttableSql } from '../../support/cuttableSql.js';
import { eventually } from '../../support/waiting.js';
import { createLeasedUsageCounter, type LeasedUsageCounter } from '../../../infrastructure/usage/quotaLeases.js';
import { isStoreUnavailable } from '../../../infrastructure/sql/storeUnavailable.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';

const MONTH = '2026-12';
const LIMIT = 10_000;
/** Short leases so the test takes seconds; the window the cut-off instance may spend in is 3/4 of it. */
const TTL_MS = 6000;
const OPTIONS = { flushMs: 50, leaseTtlMs: TTL_MS };

interface Usage {
  calls: number;
  leased: number;
  /** What the lease rows add up to: `leased` must always equal it. */
  held: number;
}

async function usage(sql: SqlClient, ws: string): Promise<Usage> {
  const r = await sql.query<Usage>(
    `SELECT coalesce((SELECT calls FROM usage_counters WHERE workspace_id = $1 AND month = $2), 0)::int AS calls,
            coalesce((SELECT leased FROM usage_counters WHERE workspace_id = $1 AND month = $2), 0)::int AS leased,
            coalesce((SELECT sum(amount) FROM usage_leases WHERE workspace_id = $1 AND month = $2), 0)::int AS held`,
    [ws, MONTH],
  );
  return r.rows[0]!;
}

async function leaseRows(sql: SqlClient, holder: string): Promise<number> {
  return (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM usage_leases WHERE holder = $1`, [holder]))
    .rows[0]!.n;
}

async function reserve(counter: LeasedUsageCounter, ws: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++)
    assert.ok((await counter.tryReserve(ws, MONTH, LIMIT)) !== null, `call ${i + 1} of ${times}`);
}

/** What a call to the counter did: spent a call, was refused (quota), or failed (database). */
async function outcome(counter: LeasedUsageCounter, ws: string): Promise<'spent' | 'refused' | 'store unavailable'> {
  try {
    return (await counter.tryReserve(ws, MONTH, LIMIT)) === null ? 'refused' : 'spent';
  } catch (err) {
    assert.ok(isStoreUnavailable(err), String(err));
    return 'store unavailable';
  }
}

let store: TestSql;
test.before(async () => {
  store = await createTestSql();
});
test.after(async () => store.cleanup());

test('cut off past the lease: the other instance settles its block, the calls in it are billed once, and it spends no more of it', async () => {
  const ws = 'ws-cut-reclaimed';
  const line = cuttableSql(await store.another());
  const a = await createLeasedUsageCounter(line.sql, OPTIONS);
  const b = await createLeasedUsageCounter(store.sql, OPTIONS);
  try {
    await reserve(b, ws, 1);
    await reserve(a, ws, 10);
    await eventually(
      async () => (await usage(store.sql, ws)).calls === 11,
      5000,
      'both instances to write their calls',
    );
    const cutOff = a.holder;
    line.cut();
    // A short outage costs nothing: the block is still A's to spend.
    await reserve(a, ws, 5);
    await eventually(
      async () => (await leaseRows(store.sql, cutOff)) === 0,
      3 * TTL_MS,
      "B to settle A's expired lease as used",
    );
    const settled = await usage(store.sql, ws);
    assert.is(settled.calls, 1 + 500, "B's call, and A's whole block (its 15 calls and the 485 it had left) as used");
    assert.is(
      await outcome(a, ws),
      'store unavailable',
      'A does not spend from a block whose lease it could not renew',
    );
    line.restore();
    assert.is(await outcome(a, ws), 'spent', 'back: A answers from a fresh lease');
    await a.flush();
    await eventually(async () => (await usage(store.sql, ws)).calls === 502, 5000, 'the fresh call to be written');
    const after = await usage(store.sql, ws);
    assert.is(after.calls, 502, 'no call of the settled block billed twice');
    assert.is(after.leased, after.held, '`leased` is what the live leases hold');
  } finally {
    line.restore();
    await a.close();
    await b.close();
  }
  assert.equal(await usage(store.sql, ws), { calls: 502, leased: 0, held: 0 });
});

test('cut off past the lease with nobody to settle it: the block is frozen, then given back exactly once the database is back', async () => {
  const ws = 'ws-cut-alone';
  const line = cuttableSql(await store.another());
  const a = await createLeasedUsageCounter(line.sql, OPTIONS);
  let made = 0;
  try {
    await reserve(a, ws, 10);
    line.cut();
    await reserve(a, ws, 5);
    made = 15;
    // Until the window A may spend in ends (its lease may be settled by anyone from then on).
    await eventually(
      async () => {
        const o = await outcome(a, ws);
        if (o === 'spent') made += 1;
        return o === 'store unavailable';
      },
      2 * TTL_MS,
      'A to stop spending from its block',
      100,
    );
    line.restore();
    assert.is(await outcome(a, ws), 'spent', 'back: A answers from a fresh lease');
    made += 1;
    await a.flush();
    const written = await eventually(
      async () => {
        const u = await usage(store.sql, ws);
        return u.calls === made ? u : null;
      },
      5000,
      `the ${made} calls made to be written`,
    );
    assert.is(written.leased, written.held, '`leased` is what the live leases hold');
  } finally {
    line.restore();
    await a.close();
  }
  assert.equal(
    await usage(store.sql, ws),
    { calls: made, leased: 0, held: 0 },
    'exactly the calls made: the frozen block went back unused',
  );
});

test.run();

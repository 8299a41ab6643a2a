/**
 * One projections rebuild at a time: within a process by a flag, across processes on one
 * PostgreSQL server by a session advisory lock (free again when its holder's connection ends).
 * The server part needs DATABASE_URL.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  RebuildRunningError,
  inProcessRebuildLock,
  sqlRebuildLock,
} from '../../../infrastructure/readStore/rebuildLock.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { eventually } from '../../support/waiting.js';

const refusedWith = (err: unknown) =>
  err instanceof RebuildRunningError && (err as Error).message === 'a projections rebuild is already running';

test('in one process: a second lock on the same database is refused until the first is released', async () => {
  const database = {};
  const first = inProcessRebuildLock(database);
  assert.throws(() => inProcessRebuildLock(database), refusedWith);
  const other = inProcessRebuildLock({});
  assert.ok(other.held, 'another database is another lock');
  await first.release();
  assert.is(first.held, false);
  const again = inProcessRebuildLock(database);
  await first.release(); // a second release of the old holder frees nothing
  assert.throws(() => inProcessRebuildLock(database), refusedWith);
  await again.release();
  await other.release();
});

test('the embedded store: its client is the in-process lock', async () => {
  const embedded = await createTestSql('pglite');
  try {
    const first = await sqlRebuildLock(embedded.sql);
    await sqlRebuildLock(embedded.sql).then(
      () => assert.unreachable('second lock taken'),
      (err) => assert.ok(refusedWith(err), String(err)),
    );
    await first.release();
    await (await sqlRebuildLock(embedded.sql)).release();
  } finally {
    await embedded.cleanup();
  }
});

if (!process.env.DATABASE_URL) {
  test('the rebuild lock across processes (needs DATABASE_URL): skipped on the embedded store', () => undefined);
} else {
  let store: TestSql;
  test.before(async () => {
    store = await createTestSql('pg');
  });
  test.after(async () => {
    await store.cleanup();
  });

  test('two clients on one schema (two processes): the second is refused; free again once released', async () => {
    const other = await store.another();
    const first = await sqlRebuildLock(store.sql);
    await sqlRebuildLock(other).then(
      () => assert.unreachable('second lock taken'),
      (err) => assert.ok(refusedWith(err), String(err)),
    );
    await first.release();
    const second = await sqlRebuildLock(other);
    assert.ok(second.held);
    await second.release();
  });

  test('a holder whose connection is cut loses the lock, and the next rebuild may start', async () => {
    const lock = await sqlRebuildLock(store.sql);
    await store.sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = ${0x72626c64} AND objid = hashtext(current_schema())::oid AND granted`,
    );
    await eventually(() => !lock.held, 5000, 'the holder to notice its connection ended');
    const next = await sqlRebuildLock(await store.another());
    await next.release();
    await lock.release();
  });
}

test.run();

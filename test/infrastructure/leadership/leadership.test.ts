/**
 * The views' lead (DESIGN.md decision 21) as a session advisory lock: one holder per schema,
 * tries throttled while another holds it, free again when its holder closes or its connection
 * is cut. The embedded store has one process, so there every runner leads. Needs DATABASE_URL
 * for the server part.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { alwaysLeading, createSqlLeadership } from '../../../infrastructure/leadership/leadership.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { eventually } from '../../support/waiting.js';

test('the embedded store and stores without session locks: every process leads', async () => {
  const embedded = await createTestSql('pglite');
  try {
    const lead = createSqlLeadership(embedded.sql, { retryMs: 0 });
    assert.is(lead, alwaysLeading);
    assert.is(await lead.tryLead(), true);
    assert.is(lead.leading(), true);
  } finally {
    await embedded.cleanup();
  }
});

if (!process.env.DATABASE_URL) {
  test('the lead on PostgreSQL (needs DATABASE_URL): skipped on the embedded store', () => undefined);
} else {
  let store: TestSql;
  test.before(async () => {
    store = await createTestSql('pg');
  });
  test.after(async () => {
    await store.cleanup();
  });

  test('one leader per schema; the other takes the lead once the leader gives it up', async () => {
    let clock = 0;
    const a = createSqlLeadership(store.sql, { retryMs: 250, now: () => clock });
    const b = createSqlLeadership(await store.another(), { retryMs: 250, now: () => clock });
    assert.is(a.leading(), false, 'nobody leads before trying');
    assert.is(await a.tryLead(), true);
    assert.is(await b.tryLead(), false);
    assert.is(a.leading(), true);
    assert.is(b.leading(), false);
    await a.close();
    assert.is(a.leading(), false);
    assert.is(await a.tryLead(), false, 'a closed leadership never leads again');
    assert.is(await b.tryLead(), false, 'tries are throttled: the next one is due after retryMs');
    clock += 250;
    assert.is(await b.tryLead(), true);
    await b.close();
  });

  test('a leader whose connection is cut loses the lead, and another takes it', async () => {
    let clock = 0;
    const a = createSqlLeadership(store.sql, { retryMs: 10, now: () => clock });
    const b = createSqlLeadership(await store.another(), { retryMs: 10, now: () => clock });
    assert.is(await a.tryLead(), true);
    // As a crash or a network cut would: the server ends the lock's session.
    const { rows } = await store.sql.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = ${0x636f6e67} AND objid = hashtext(current_schema())::oid AND granted`,
    );
    assert.is(rows[0].n, 1, 'the lead was one session lock');
    await eventually(() => !a.leading(), 5000, 'the leader to notice its connection ended');
    clock += 10;
    assert.is(await b.tryLead(), true);
    await a.close();
    await b.close();
  });

  test('leads of different schemas are independent', async () => {
    const other = await createTestSql('pg');
    try {
      const a = createSqlLeadership(store.sql, { retryMs: 0 });
      const b = createSqlLeadership(other.sql, { retryMs: 0 });
      assert.is(await a.tryLead(), true);
      assert.is(await b.tryLead(), true);
      await a.close();
      await b.close();
    } finally {
      await other.cleanup();
    }
  });
}

test.run();

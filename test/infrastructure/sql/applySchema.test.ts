/**
 * Schema statements applied by several processes at once: each one's own connection pool on the
 * same database schema, as instances of a deploy or CLI commands beside a running server. The
 * statements take an index's SHARE lock and then ALTER TABLE's ACCESS EXCLUSIVE lock on one
 * table, the order that deadlocks when two transactions run it side by side.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applySchema } from '../../../infrastructure/sql/applySchema.js';
import { availableSqlDrivers, createTestSql } from '../../support/testStores.js';

const SCHEMA = `CREATE TABLE IF NOT EXISTS sessions_like (id TEXT PRIMARY KEY, store TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_like_store ON sessions_like (store);
ALTER TABLE sessions_like ADD COLUMN IF NOT EXISTS checked_until TIMESTAMPTZ`;

const PROCESSES = 6;
const ROUNDS = 15;

for (const driver of availableSqlDrivers()) {
  test(`${driver}: schema statements applied at once by several processes all succeed, and leave one table`, async () => {
    const t = await createTestSql(driver);
    try {
      const clients = [t.sql, ...(await Promise.all(Array.from({ length: PROCESSES - 1 }, () => t.another())))];
      await applySchema(t.sql, SCHEMA);
      for (let round = 0; round < ROUNDS; round++) {
        const results = await Promise.allSettled(clients.map((c) => applySchema(c, SCHEMA)));
        const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
        assert.equal(failed, [], `round ${round}: no statement failed (a deadlock is one)`);
      }
      const { rows } = await t.sql.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'sessions_like' ORDER BY column_name`,
      );
      assert.equal(
        rows.map((r) => r.column_name),
        ['checked_until', 'id', 'store'],
      );
    } finally {
      await t.cleanup();
    }
  });
}

test.run();

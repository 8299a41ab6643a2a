/**
 * A store's schema statements (CREATE … IF NOT EXISTS, ALTER TABLE … ADD COLUMN IF NOT EXISTS,
 * guarded DO blocks), run as one transaction while holding a lock per database schema, so that
 * processes starting at once (instances of a deploy, CLI commands beside a running server) apply
 * them one after the other. Run side by side they deadlock: both take an index's SHARE lock on a
 * table, then both wait for ALTER TABLE's ACCESS EXCLUSIVE lock on it, even when there is nothing
 * left to add. The lock is the transaction's (`pg_advisory_xact_lock`), so it goes with the
 * statements; its single-number key never meets the two-number keys of the leadership locks. The
 * embedded store has one process and needs none.
 */
import type { SqlClient } from './sqlClient.js';

export async function applySchema(sql: SqlClient, statements: string): Promise<void> {
  if (sql.driver !== 'pg') return sql.exec(statements);
  await sql.exec(
    `SELECT pg_advisory_xact_lock(hashtext('confab schema ' || current_schema())::bigint);\n${statements}`,
  );
}

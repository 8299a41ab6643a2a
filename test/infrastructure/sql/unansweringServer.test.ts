/**
 * A PostgreSQL server that stops answering without closing anything (a network partition, a
 * stalled host; a fault audit saw requests hang for minutes): statements fail within the query
 * timeout as "store unavailable" (so the HTTP answer is a 503), inside a transaction too, the
 * silent connections are dropped rather than reused, and once the server answers again the
 * client works without a restart. Needs DATABASE_URL (a real server behind a TCP relay the test
 * can silence).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPgSqlClient } from '../../../infrastructure/sql/pgSqlClient.js';
import { isStoreUnavailable } from '../../../infrastructure/sql/storeUnavailable.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';
import { tcpRelay } from '../../support/tcpRelay.js';

const url = process.env.DATABASE_URL;

async function failure(run: () => Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const started = Date.now();
  try {
    await run();
  } catch (err) {
    return { err, ms: Date.now() - started };
  }
  throw new Error('expected a failure');
}

if (url) {
  test('a silent server fails statements within the timeout as unavailable, and the client recovers', async () => {
    const target = new URL(url);
    const line = await tcpRelay(target.hostname, Number(target.port || 5432));
    let sql: SqlClient | null = null;
    try {
      sql = await createPgSqlClient({ connectionString: line.urlFor(url), queryTimeoutMs: 400, connectTimeoutMs: 400 });
      assert.equal((await sql.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }]);
      line.silence();
      const plain = await failure(() => sql!.query('SELECT 1 AS one'));
      assert.ok(isStoreUnavailable(plain.err), String(plain.err));
      assert.ok(plain.ms < 3000, `${plain.ms} ms`);
      const inTransaction = await failure(() => sql!.transaction((tx) => tx.query('SELECT $1::int AS two', [2])));
      assert.ok(isStoreUnavailable(inTransaction.err), String(inTransaction.err));
      assert.ok(inTransaction.ms < 3000, `${inTransaction.ms} ms: no ROLLBACK waited on the silent connection`);
      line.forward();
      // The silenced connections were dropped: what runs now runs on fresh ones.
      assert.equal((await sql.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }]);
      assert.equal(
        await sql.transaction(async (tx) => (await tx.query<{ two: number }>('SELECT $1::int AS two', [2])).rows),
        [{ two: 2 }],
      );
    } finally {
      await line.close();
      await sql?.close().catch(() => undefined);
    }
  });
} else {
  test.skip('a silent server (needs DATABASE_URL)', () => undefined);
}

test.run();

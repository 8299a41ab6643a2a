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
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createPgSqlClient } from '../../../infrastructure/sql/pgSqlClient.js';
import { isStoreUnavailable } from '../../../infrastructure/sql/storeUnavailable.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';

const url = process.env.DATABASE_URL;

/** Relays TCP to the real server; `silence()` keeps every connection open but passes nothing on. */
async function relay(target: URL): Promise<{ url: string; silence(): void; resume(): void; close(): Promise<void> }> {
  let silent = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect(Number(target.port || 5432), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.on('data', (chunk) => silent || outbound.write(chunk));
    outbound.on('data', (chunk) => silent || inbound.write(chunk));
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target.href);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as AddressInfo).port);
  return {
    url: relayed.href,
    silence: () => (silent = true),
    resume: () => (silent = false),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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
    const line = await relay(new URL(url));
    let sql: SqlClient | null = null;
    try {
      sql = await createPgSqlClient({ connectionString: line.url, queryTimeoutMs: 400, connectTimeoutMs: 400 });
      assert.equal((await sql.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }]);
      line.silence();
      const plain = await failure(() => sql!.query('SELECT 1 AS one'));
      assert.ok(isStoreUnavailable(plain.err), String(plain.err));
      assert.ok(plain.ms < 3000, `${plain.ms} ms`);
      const inTransaction = await failure(() => sql!.transaction((tx) => tx.query('SELECT $1::int AS two', [2])));
      assert.ok(isStoreUnavailable(inTransaction.err), String(inTransaction.err));
      assert.ok(inTransaction.ms < 3000, `${inTransaction.ms} ms: no ROLLBACK waited on the silent connection`);
      line.resume();
      // The silenced connections were dropped: what runs now runs on fresh ones.
      assert.equal((await sql.query<{ one: number }>('SELECT 1 AS one')).rows, [{ one: 1 }]);
      assert.equal(await sql.transaction(async (tx) => (await tx.query<{ two: number }>('SELECT $1::int AS two', [2])).rows), [{ two: 2 }]);
    } finally {
      await line.close();
      await sql?.close().catch(() => undefined);
    }
  });
} else {
  test.skip('a silent server (needs DATABASE_URL)', () => undefined);
}

test.run();

/**
 * A long transaction anywhere on the server — another database, another application — must not
 * hold back readers of the event log (they used to read below the cluster-wide
 * pg_snapshot_xmin), and a create must answer with what it created instead of a 404.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { PostgresEventStore } from '../../../infrastructure/eventStore/postgresEventStore.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

const url = process.env.DATABASE_URL;
const meta = { workspaceId: null, actor: { type: 'system' as const, id: 't' }, correlationId: 'c', causationId: null, requestId: null, occurredAt: new Date().toISOString() };

/** BEGIN; take a transaction id; stay open — in the server's other database `postgres`. */
const clients: pg.Client[] = [];
async function openForeignTransaction(): Promise<pg.Client> {
  const other = new URL(url!);
  other.pathname = '/postgres';
  const client = new pg.Client({ connectionString: other.toString() });
  clients.push(client);
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_current_xact_id()');
  return client;
}

if (!url) {
  test.skip('needs a PostgreSQL server (DATABASE_URL): the embedded store has no other databases');
} else {
  let store: TestSql;
  let foreign: pg.Client;

  test.before(async () => {
    store = await createTestSql('pg');
  });
  test.after(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await store.cleanup();
  });

  test('events appended while a foreign transaction is open are readable at once', async () => {
    const events = await PostgresEventStore.create(store.sql, { listen: false });
    const first = await events.append('s-before', [{ type: 'Before', data: {}, metadata: meta }]);
    foreign = await openForeignTransaction();
    await events.append('s-during', [{ type: 'During', data: {}, metadata: meta }]);
    const read = await events.readAll({ after: first.position });
    assert.equal(read.map((e) => e.type), ['During']);
    await foreign.query('COMMIT');
    await events.close();
  });

  test('concurrent appenders are still never skipped by a reader that runs beside them', async () => {
    const events = await PostgresEventStore.create(store.sql, { listen: false });
    const seen: string[] = [];
    let after = null as Awaited<ReturnType<typeof events.append>>['position'] | null;
    let writing = true;
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; i < 25; i++) await events.append(`race-${w}-${i}`, [{ type: 'Raced', data: { w, i }, metadata: meta }]);
    });
    const reader = (async () => {
      for (;;) {
        // Whether the writers were done before this read began: an empty read that started
        // while the last append was committing proves nothing.
        const writersDone = !writing;
        const page = await events.readAll({ after, limit: 50 });
        for (const e of page) if (e.type === 'Raced') seen.push(e.streamId);
        if (page.length) after = page[page.length - 1].position;
        else if (writersDone) break;
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    assert.is(seen.length, 150);
    assert.is(new Set(seen).size, 150);
    await events.close();
  });

  test('POST /chatbots answers 201 with the chatbot while a foreign transaction stays open', async () => {
    foreign = await openForeignTransaction();
    const app: TestApp = await startTestApp();
    try {
      const { apiKey } = await app.createWorkspace('pro');
      const started = Date.now();
      const r = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: 'During a long transaction' } });
      assert.is(r.status, 201, JSON.stringify(r.body));
      assert.is(r.body.data.name, 'During a long transaction');
      assert.ok(Date.now() - started < 4000, 'the answer did not wait for the foreign transaction');
    } finally {
      await app.close();
      await foreign.query('COMMIT');
    }
  });
}

test.run();

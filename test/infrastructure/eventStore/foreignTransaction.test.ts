/**
 * A long transaction anywhere on the server — another database, another application — must not
 * hold back readers of the event log (they used to read below the cluster-wide
 * pg_snapshot_xmin), and a create must answer with what it created instead of a 404.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import {
  APPEND_LOCK,
  createPostgresEventStore,
  type PostgresEventStore,
} from '../../../infrastructure/eventStore/postgresEventStore.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

const url = process.env.DATABASE_URL;
const meta = {
  workspaceId: null,
  actor: { type: 'system' as const, id: 't' },
  correlationId: 'c',
  causationId: null,
  requestId: null,
  occurredAt: new Date().toISOString(),
};

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
    const events = await createPostgresEventStore(store.sql, { listen: false });
    const first = await events.append('s-before', [{ type: 'Before', data: {}, metadata: meta }]);
    foreign = await openForeignTransaction();
    await events.append('s-during', [{ type: 'During', data: {}, metadata: meta }]);
    const read = await events.readAll({ after: first.position });
    assert.equal(
      read.map((e) => e.type),
      ['During'],
    );
    await foreign.query('COMMIT');
    await events.close();
  });

  /** Runs six writers while a reader pages through the log beside them; what the reader saw of `type`. */
  async function readWhileWriting(
    events: PostgresEventStore,
    type: string,
    write: (w: number) => Promise<void>,
  ): Promise<string[]> {
    const seen: string[] = [];
    let after = null as Awaited<ReturnType<typeof events.append>>['position'] | null;
    let writing = true;
    const writers = Array.from({ length: 6 }, (_, w) => write(w));
    const reader = (async () => {
      for (;;) {
        // Whether the writers were done before this read began: an empty read that started
        // while the last append was committing proves nothing.
        const writersDone = !writing;
        const page = await events.readAll({ after, limit: 50 });
        for (const e of page) if (e.type === type) seen.push(`${e.streamId}@${e.revision}`);
        if (page.length) after = page[page.length - 1].position;
        else if (writersDone) break;
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    return seen;
  }

  test('concurrent appenders are still never skipped by a reader that runs beside them', async () => {
    const events = await createPostgresEventStore(store.sql, { listen: false });
    const seen = await readWhileWriting(events, 'Raced', async (w) => {
      for (let i = 0; i < 25; i++)
        await events.append(`race-${w}-${i}`, [{ type: 'Raced', data: { w, i }, metadata: meta }]);
    });
    assert.is(seen.length, 150);
    assert.is(new Set(seen).size, 150);
    await events.close();
  });

  test('exact-revision appends (one statement, no explicit transaction) are never skipped either', async () => {
    const events = await createPostgresEventStore(store.sql, { listen: false });
    const seen = await readWhileWriting(events, 'Exact', async (w) => {
      for (let i = 0; i < 20; i++) {
        await events.append(`exact-${w}-${i}`, [{ type: 'Exact', data: {}, metadata: meta }], {
          expectedRevision: 'no_stream',
        });
        await events.append(`exact-${w}-${i}`, [{ type: 'Exact', data: {}, metadata: meta }], { expectedRevision: 0 });
      }
    });
    assert.is(seen.length, 240);
    assert.is(new Set(seen).size, 240);
    await events.close();
  });

  test('an exact-revision append waits for the append lock before its transaction has an id', async () => {
    const events = await createPostgresEventStore(store.sql, { listen: false });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // A reader's side of the lock, held open: the append must queue behind it.
    const reader = store.sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`);
      locked();
      await held;
    });
    await isLocked;
    const append = events.append('lock-order', [{ type: 'Ordered', data: {}, metadata: meta }], {
      expectedRevision: 'no_stream',
    });
    let waiting: Array<{ xid: string | null }> = [];
    for (let i = 0; i < 100 && waiting.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      waiting = (
        await store.sql.query<{ xid: string | null }>(
          `SELECT backend_xid::text AS xid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE '%appending%'`,
        )
      ).rows;
    }
    assert.is(waiting.length, 1, 'the append waits on the advisory lock');
    assert.is(waiting[0].xid, null, 'without a transaction id yet');
    release();
    await reader;
    const { nextExpectedRevision } = await append;
    assert.is(nextExpectedRevision, 0);
    await events.close();
  });

  test('POST /chatbots answers 201 with the chatbot while a foreign transaction stays open', async () => {
    foreign = await openForeignTransaction();
    const app: TestApp = await startTestApp();
    try {
      const { apiKey } = await app.createWorkspace('pro');
      const started = Date.now();
      const r = await app.api('POST', '/api/v1/external/v1/chatbots', {
        apiKey,
        body: { name: 'During a long transaction' },
      });
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

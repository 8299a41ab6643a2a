/**
 * The ReadStore contract on every SQL driver, and a check that finds on indexed fields really
 * use the expression indexes ensureCollections creates (the SQL is captured from the adapter).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPostgresReadStore } from '../../../infrastructure/readStore/postgresReadStore.js';
import { collection, type Doc, type Filter, type FindOptions } from '../../../infrastructure/readStore/readStore.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';
import {
  type SqlDriverName,
  availableSqlDrivers,
  createTestSql,
  runOnEverySqlDriver,
} from '../../support/testStores.js';
import { runReadStoreContract } from './readStoreContract.js';

runOnEverySqlDriver((sql) => createPostgresReadStore(sql), runReadStoreContract);

/** Wraps a client so the last SELECT the adapter sent can be replayed under EXPLAIN. */
function recording(sql: SqlClient) {
  const last: { sql: string; params: unknown[] } = { sql: '', params: [] };
  const client: SqlClient = {
    driver: sql.driver,
    query: (text, params) => {
      if (/^\s*SELECT doc/.test(text)) Object.assign(last, { sql: text, params: params ?? [] });
      return sql.query(text, params);
    },
    exec: (text) => sql.exec(text),
    transaction: (fn) => sql.transaction(fn),
    listen: (c, f) => sql.listen(c, f),
    close: () => sql.close(),
  };
  return { client, last };
}

async function explainFinds(driver: SqlDriverName) {
  const t = await createTestSql(driver);
  try {
    const { client, last } = recording(t.sql);
    const store = await createPostgresReadStore(client);
    await store.ensureCollections([
      { name: CONVOS.name, indexes: [['workspaceId'], ['createdAt'], ['visitor.id'], ['workspaceId', 'createdAt']] },
    ]);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 2000; i++) {
        await tx.upsert(CONVOS, {
          id: `c${i}`,
          workspaceId: `w${i % 200}`,
          createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
          visitor: { id: `v${i}` },
          status: i % 2 ? 'open' : 'closed',
        });
      }
    });
    await t.sql.exec('ANALYZE rm_convos');

    const plan = async (filter: Filter, opts?: FindOptions) => {
      const found = await store.find(CONVOS, filter, opts);
      assert.ok(found.length > 0, 'the query finds something');
      const r = await t.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${last.sql}`, last.params);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const usesIndex = (text: string, index: string) => {
      assert.ok(/Index|Bitmap/.test(text) && text.includes(index), `expected ${index} in:\n${text}`);
    };

    usesIndex(await plan({ workspaceId: 'w7' }), 'rm_convos_workspaceid');
    usesIndex(await plan({ 'visitor.id': 'v42' }), 'rm_convos_visitor_id');
    usesIndex(
      await plan({ createdAt: { $gte: '2024-03-20T00:00:00.000Z', $lt: '2024-03-20T06:00:00.000Z' } }),
      'rm_convos_createdat',
    );
    usesIndex(await plan({ workspaceId: { $in: ['w1', 'w2'] } }), 'rm_convos_workspaceid');
    usesIndex(
      await plan(
        { workspaceId: 'w7', createdAt: { $gte: '2024-02-01T00:00:00.000Z' } },
        { sort: [['createdAt', -1]], limit: 5 },
      ),
      'rm_convos_workspaceid',
    );
    const unindexed = await plan({ status: 'open' });
    assert.ok(
      /Seq Scan/.test(unindexed),
      `a filter on an unindexed field scans, which shows the check discriminates:\n${unindexed}`,
    );
  } finally {
    await t.cleanup();
  }
}

const CONVOS = collection<Doc>('convos');
const plans = suite('PostgresReadStore query plans');
for (const driver of availableSqlDrivers()) {
  plans(`${driver}: finds on indexed fields use their index (2000 docs, ANALYZE)`, () => explainFinds(driver));
}
if (!availableSqlDrivers().includes('pg')) {
  console.log('  [query plans] no DATABASE_URL: checked on PGlite only, not on the pg driver');
}
plans.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { preparedStatements } from '../../../infrastructure/sql/preparedStatements.js';
import { createTestSql } from '../../support/testStores.js';

test('a parameterised text gets one stable name; a text without parameters gets none', () => {
  const prepared = preparedStatements();
  const a = prepared('SELECT $1::int AS n', [1]);
  const again = prepared('SELECT $1::int AS n', [2]);
  const other = prepared('SELECT $1::text AS s', ['x']);
  assert.ok(a.name);
  assert.is(again.name, a.name);
  assert.equal(again.values, [2]);
  assert.is.not(other.name, a.name);
  assert.equal(prepared('SELECT 1; SELECT 2'), { text: 'SELECT 1; SELECT 2' });
});

test('past the cap, new texts run unnamed and the named ones keep their names', () => {
  const prepared = preparedStatements(2);
  const first = prepared('SELECT $1::int', [1]).name;
  prepared('SELECT $1::bigint', [1]);
  assert.is(prepared('SELECT $1::text', ['x']).name, undefined);
  assert.is(prepared('SELECT $1::int', [3]).name, first);
});

test('on the server: a statement is prepared once per connection and survives its table being replaced', async () => {
  if (!process.env.DATABASE_URL) return;
  const test = await createTestSql('pg');
  try {
    const { sql } = test;
    await sql.exec(
      `CREATE TABLE rm_things (id TEXT PRIMARY KEY, doc JSONB NOT NULL); INSERT INTO rm_things VALUES ('a', '{"v": 1}')`,
    );
    const text = `SELECT doc FROM rm_things WHERE id = $1`;
    const read = () => sql.query<{ doc: { v: number } }>(text, ['a']);
    // More than five runs: PostgreSQL may switch to a generic plan, which must be invalidated too.
    for (let i = 0; i < 7; i++) assert.equal((await read()).rows[0].doc, { v: 1 });
    // What a rebuild's swap does: the table is dropped and another renamed into its place.
    await sql.transaction(async (q) => {
      await q.query(`CREATE TABLE rs_things (id TEXT PRIMARY KEY, doc JSONB NOT NULL)`);
      await q.query(`INSERT INTO rs_things VALUES ($1, $2::jsonb)`, ['a', '{"v": 2}']);
      await q.query(`DROP TABLE rm_things`);
      await q.query(`ALTER TABLE rs_things RENAME TO rm_things`);
    });
    for (let i = 0; i < 3; i++) assert.equal((await read()).rows[0].doc, { v: 2 });
    // One connection (a transaction's): after the read, its text is prepared there.
    const named = await sql.transaction(async (q) => {
      await q.query(text, ['a']);
      return q.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE statement = $1`, [text]);
    });
    assert.is(named.rows.length, 1);
  } finally {
    await test.cleanup();
  }
});

test.run();

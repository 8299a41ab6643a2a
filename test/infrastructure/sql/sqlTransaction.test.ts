/**
 * Transactions on both drivers, and the server driver's fewer round trips: BEGIN sent with a
 * first statement that has no parameters, and atCommit statements sent with COMMIT.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { availableSqlDrivers, createTestSql } from '../../support/testStores.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';
import { sqlLiteral } from '../../../infrastructure/sql/sqlLiteral.js';

async function withSql(driver: 'pg' | 'pglite', fn: (sql: SqlClient) => Promise<void>): Promise<void> {
  const t = await createTestSql(driver);
  try {
    await t.sql.exec(`CREATE TABLE things (id TEXT PRIMARY KEY, n INT NOT NULL)`);
    await fn(t.sql);
  } finally {
    await t.cleanup();
  }
}

const ids = async (sql: SqlClient) =>
  (await sql.query<{ id: string }>(`SELECT id FROM things ORDER BY id`)).rows.map((r) => r.id);

for (const driver of availableSqlDrivers()) {
  test(`${driver}: a first statement without parameters runs inside the transaction and answers its rows`, () =>
    withSql(driver, async (sql) => {
      const rows = await sql.transaction(async (tx) => {
        const first = await tx.query<{ id: string }>(`INSERT INTO things VALUES ('a', 1) RETURNING id`);
        await tx.query(`INSERT INTO things VALUES ($1, $2)`, ['b', 2]);
        return first.rows;
      });
      assert.equal(rows, [{ id: 'a' }]);
      assert.equal(await ids(sql), ['a', 'b']);
      await sql
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO things VALUES ('c', 3)`);
          throw new Error('changed my mind');
        })
        .catch((err: Error) => assert.is(err.message, 'changed my mind'));
      assert.equal(await ids(sql), ['a', 'b'], 'the parameterless first statement was rolled back too');
    }));

  test(`${driver}: a transaction that runs nothing commits nothing and leaves the connection usable`, () =>
    withSql(driver, async (sql) => {
      assert.is(await sql.transaction(async () => 42), 42);
      assert.equal(await ids(sql), []);
    }));
}

if (availableSqlDrivers().includes('pg')) {
  test('pg: atCommit statements run last, with the commit, and only when the transaction commits', () =>
    withSql('pg', async (sql) => {
      await sql.transaction(async (tx) => {
        assert.type(tx.atCommit, 'function');
        tx.atCommit!(`UPDATE things SET n = n * 10`);
        await tx.query(`INSERT INTO things VALUES ($1, $2)`, ['a', 1]);
      });
      assert.equal((await sql.query(`SELECT id, n FROM things`)).rows, [{ id: 'a', n: 10 }], 'ran after the insert');
      await sql
        .transaction(async (tx) => {
          tx.atCommit!(`INSERT INTO things VALUES ('never', 0)`);
          throw new Error('no');
        })
        .catch(() => undefined);
      assert.equal(await ids(sql), ['a']);
      // Only an atCommit statement: BEGIN goes with it.
      await sql.transaction(async (tx) => tx.atCommit!(`INSERT INTO things VALUES ('b', 2)`));
      assert.equal(await ids(sql), ['a', 'b']);
    }));

  test('pg: a failing atCommit statement rolls the whole transaction back and the pool stays healthy', () =>
    withSql('pg', async (sql) => {
      for (let i = 0; i < 3; i++) {
        const err = await sql
          .transaction(async (tx) => {
            await tx.query(`INSERT INTO things VALUES ($1, $2)`, [`x${i}`, i]);
            tx.atCommit!(`INSERT INTO things VALUES (${sqlLiteral(`x${i}`)}, 0)`); // duplicate key
          })
          .then(
            () => null,
            (e: Error & { code?: string }) => e,
          );
        assert.is(err?.code, '23505');
      }
      assert.equal(await ids(sql), []);
      await sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO things VALUES ('ok', 1)`);
      });
      assert.equal(await ids(sql), ['ok']);
    }));
}

test('sqlLiteral escapes quotes and backslashes and refuses NUL', () => {
  assert.is(sqlLiteral(`it's`), `E'it''s'`);
  assert.is(sqlLiteral('a\\b'), `E'a\\\\b'`);
  assert.throws(() => sqlLiteral('a\0b'), /NUL/);
});

for (const driver of availableSqlDrivers()) {
  test(`${driver}: what sqlLiteral makes reads back as the very string, whatever standard_conforming_strings says`, () =>
    withSql(driver, async (sql) => {
      const tricky = [
        `it's`,
        'back\\slash\\',
        `\\'; DROP TABLE things; --`,
        '{"a": "b\\"c"}',
        'Zoë ✓ 日本 🙂',
        "''",
        '\\n\n\t',
        '$$',
        "E'x'",
      ];
      for (const conforming of ['on', 'off']) {
        for (const value of tricky) {
          const { rows } = await sql.transaction(async (tx) => {
            await tx.query(`SET LOCAL standard_conforming_strings = ${conforming}`);
            return tx.query<{ v: string }>(`SELECT ${sqlLiteral(value)} AS v`);
          });
          assert.is(rows[0].v, value, `${conforming}: ${value}`);
        }
      }
      assert.equal(await ids(sql), [], 'the table is still there and untouched');
    }));
}

test.run();

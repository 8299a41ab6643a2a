/**
 * Stores for tests. Without DATABASE_URL only the embedded PGlite driver is available;
 * with it, the real PostgreSQL server too, each test in a schema of its own.
 */
import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import { createPgliteSqlClient } from '../../infrastructure/sql/pgliteSqlClient.js';
import { createPgSqlClient, dropPgSchema } from '../../infrastructure/sql/pgSqlClient.js';

export type SqlDriverName = 'pglite' | 'pg';

export function availableSqlDrivers(): SqlDriverName[] {
  return process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];
}

/** The driver the end-to-end suites use: the server when DATABASE_URL is set. */
export function defaultSqlDriver(): SqlDriverName {
  return process.env.DATABASE_URL ? 'pg' : 'pglite';
}

export interface TestSql {
  sql: SqlClient;
  /** Opens another client on the same database (a second process would). */
  another(): Promise<SqlClient>;
  cleanup(): Promise<void>;
}

export async function createTestSql(driver: SqlDriverName = defaultSqlDriver()): Promise<TestSql> {
  if (driver === 'pglite') {
    const sql = await createPgliteSqlClient();
    return { sql, another: async () => sql, cleanup: () => sql.close() };
  }
  const url = process.env.DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const sql = await createPgSqlClient({ connectionString: url, schema, max: 20 });
  const others: SqlClient[] = [];
  return {
    sql,
    async another() {
      const c = await createPgSqlClient({ connectionString: url, schema, max: 10 });
      others.push(c);
      return c;
    },
    async cleanup() {
      await Promise.all(others.map((c) => c.close()));
      await sql.close();
      await dropPgSchema(url, schema);
    },
  };
}

/**
 * PGlite takes seconds to boot, so its contract run shares one instance and gives each test a
 * fresh schema (the adapters use unqualified names); on the server each test gets its own schema
 * from createTestSql anyway.
 */
export function sqlPerTest(driver: SqlDriverName) {
  let shared: Promise<TestSql> | undefined;
  let n = 0;
  return {
    async next(): Promise<{ sql: SqlClient; cleanup(): Promise<void> }> {
      if (driver !== 'pglite') return createTestSql(driver);
      shared ??= createTestSql('pglite');
      const { sql } = await shared;
      const schema = `c${++n}`;
      await sql.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      return { sql, cleanup: () => sql.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`) };
    },
    async teardown() {
      if (shared !== undefined) await (await shared).cleanup();
    },
  };
}

/** Runs a port's contract suite once per available SQL driver with a fresh database per test. */
export function runOnEverySqlDriver<S extends { close(): Promise<void> }>(
  open: (sql: SqlClient) => Promise<S>,
  runContract: (
    name: string,
    factory: () => Promise<{ store: S; cleanup(): Promise<void> }>,
    opts: { teardown(): Promise<void> },
  ) => void,
): void {
  for (const driver of availableSqlDrivers()) {
    const databases = sqlPerTest(driver);
    runContract(
      `postgres/${driver}`,
      async () => {
        const t = await databases.next();
        const store = await open(t.sql);
        return {
          store,
          async cleanup() {
            await store.close();
            await t.cleanup();
          },
        };
      },
      { teardown: () => databases.teardown() },
    );
  }
}

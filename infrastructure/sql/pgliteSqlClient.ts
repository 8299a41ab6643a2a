import { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlQueryable } from './sqlClient.js';

/**
 * The embedded store. PGlite is single-connection and single-process: queries are
 * serialised by PGlite itself, and a transaction holds the connection exclusively.
 * Other processes (the CLI) reach it through the running server's admin socket.
 */
export async function createPgliteSqlClient(dataDir?: string): Promise<SqlClient> {
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const normalise = (rows: unknown[]) => rows as never[];

  return {
    driver: 'pglite',
    async query(sql, params) {
      const r = await db.query(sql, params as unknown[]);
      return { rows: normalise(r.rows) };
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async transaction(fn) {
      return db.transaction(async (t) => {
        const tx: SqlQueryable = {
          async query(sql, params) {
            const r = await t.query(sql, params as unknown[]);
            return { rows: normalise(r.rows) };
          },
        };
        return fn(tx);
      });
    },
    async listen(channel, onNotify) {
      const unsubscribe = await db.listen(channel, onNotify);
      return async () => unsubscribe();
    },
    async close() {
      await db.close();
    },
  };
}

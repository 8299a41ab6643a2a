import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlQueryable } from './sqlClient.js';

/**
 * The embedded store. PGlite is single-connection and single-process: queries are
 * serialised by PGlite itself, and a transaction holds the connection exclusively.
 * Other processes (the CLI) reach it through the running server's admin socket.
 */
export async function createPgliteSqlClient(dataDir?: string): Promise<SqlClient> {
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  if (dataDir) ownerOnly(dataDir);
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
      try {
        await db.close();
      } finally {
        // Closing checkpoints and may have written new files with PGlite's own modes.
        if (dataDir) ownerOnly(dataDir);
      }
    },
  };
}

/**
 * PGlite creates its files 0666 whatever the umask (its virtual file system sets the modes
 * itself), and they hold the whole log, webhook secrets included. So after opening and after
 * closing, every directory under the data directory becomes 0700 and every file 0600; files
 * it creates while open land in those 0700 directories, out of anyone else's reach.
 */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    // chmod follows links: never change the mode of something outside the store.
    if (entry.isSymbolicLink()) continue;
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

/**
 * The store a fault test runs the service on, with the layout of the black-box harness: a fresh
 * DATA_DIR, or a fresh PostgreSQL schema passed as `search_path` in DATABASE_URL (as
 * test/blackbox/blackboxServer.ts does). Either survives a restart of the service.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPgliteSqlClient } from '../../../infrastructure/sql/pgliteSqlClient.js';

function withSearchPath(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
}

/** Enough of a SQL client to read the service's tables. */
export interface StoreReader {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** A StoreReader on a PostgreSQL database (a pool of two). */
export function postgresReader(url: string): StoreReader {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    close: () => pool.end(),
  };
}

export interface FaultStore {
  kind: 'embedded' | 'postgresql';
  dataDir: string;
  /** DATA_DIR and DATABASE_URL for the service and the CLI. */
  env: Record<string, string>;
  /** Opens the service's SQL database; only while no server runs on an embedded store. */
  openSql(): Promise<StoreReader>;
  cleanup(): Promise<void>;
}

/**
 * A fresh store: PostgreSQL (a schema of its own) when `databaseUrl` is given, else the
 * embedded store in a fresh DATA_DIR.
 */
export async function freshStore(databaseUrl = process.env.DATABASE_URL): Promise<FaultStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-faults-'));
  if (!databaseUrl) {
    return {
      kind: 'embedded',
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      openSql: () => createPgliteSqlClient(join(dataDir, 'pgdata')),
      async cleanup() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = withSearchPath(databaseUrl, schema);
  return {
    kind: 'postgresql',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async openSql() {
      return postgresReader(url);
    },
    async cleanup() {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

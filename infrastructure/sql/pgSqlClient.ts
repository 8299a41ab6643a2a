import pg from 'pg';
import type { SqlClient, SqlQueryable } from './sqlClient.js';

// int8 and numeric come back as strings by default; our counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface PgSqlOptions {
  connectionString: string;
  /** Schema to create and use (tests isolate themselves this way). */
  schema?: string;
  max?: number;
}

export async function createPgSqlClient(opts: PgSqlOptions): Promise<SqlClient> {
  const schema = opts.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: opts.connectionString });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const clientConfig = {
    connectionString: opts.connectionString,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({ ...clientConfig, max: opts.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const listeners: pg.Client[] = [];

  return {
    driver: 'pg',
    async query(sql, params) {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: SqlQueryable = {
          async query(sql, params) {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows };
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      const client = new pg.Client(clientConfig);
      await client.connect();
      client.on('error', () => undefined);
      client.on('notification', (msg) => {
        if (msg.channel === channel) onNotify(msg.payload ?? '');
      });
      await client.query(`LISTEN ${channel}`);
      listeners.push(client);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Drops a schema made by createPgSqlClient({schema}) — tests clean up with it. */
export async function dropPgSchema(connectionString: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}

import pg from 'pg';
import type { SqlClient, SqlQueryable } from './sqlClient.js';
import { preparedQuery } from './preparedStatements.js';

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
  const listeners: Array<() => Promise<void>> = [];

  return {
    driver: 'pg',
    async query(sql, params) {
      const r = await pool.query(preparedQuery(sql, params));
      return { rows: r.rows };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no pool listener: without one, the server going away between
      // two statements is an unhandled 'error' that ends the process. The failure then reaches
      // the caller through the pending query instead.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const tx: SqlQueryable = {
          async query(sql, params) {
            const r = await client.query(preparedQuery(sql, params));
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
        client.off('error', onError);
        // A broken connection is destroyed, not put back for the next caller.
        client.release(broken);
      }
    },
    async listen(channel, onNotify) {
      let stopped = false;
      let client: pg.Client | null = null;
      let retrying = false;
      // LISTEN lives on one connection: when the server restarts, listen again once it is back
      // (until then, readers still poll). Notifications are wake-up hints, so none is replayed.
      const retryLater = () => {
        if (stopped || retrying) return;
        retrying = true;
        setTimeout(() => {
          retrying = false;
          connect().catch(retryLater);
        }, 1000).unref();
      };
      const connect = async (): Promise<void> => {
        const c = new pg.Client(clientConfig);
        c.on('error', () => undefined);
        c.on('notification', (msg) => {
          if (msg.channel === channel) onNotify(msg.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
        } catch (err) {
          await c.end().catch(() => undefined);
          throw err;
        }
        c.on('end', retryLater);
        client = c;
      };
      await connect();
      const stop = async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
      listeners.push(stop);
      return stop;
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
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

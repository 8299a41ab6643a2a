import pg from 'pg';
import type { SqlClient, SqlQueryable } from './sqlClient.js';
import { preparedQuery } from './preparedStatements.js';
import { isQueryTimeout } from './storeUnavailable.js';

// int8 and numeric come back as strings by default; our counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface PgSqlOptions {
  connectionString: string;
  /** Schema to create and use (tests isolate themselves this way). */
  schema?: string;
  max?: number;
  /** A statement unanswered for this long fails and its connection is dropped (default 60 s). */
  queryTimeoutMs?: number;
  /** A connection not established within this long fails (default 10 s). */
  connectTimeoutMs?: number;
}

/**
 * A server that stops answering (a network partition, a stalled host) sends no error: without
 * these, every request waiting on it would hang until the operating system gives up on the
 * socket, many minutes later. Long enough for the longest legitimate statement (a rebuild's
 * batch, an index build); a timed-out connection is destroyed, never reused.
 */
const QUERY_TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;

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
    query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // Idle connections (LISTEN, the leadership lock) notice a dead peer through TCP keepalive.
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...clientConfig, max: opts.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const listeners: Array<() => Promise<void>> = [];
  const locks = new Set<() => Promise<void>>();
  // Readiness probes' own connections, opened on the first probe and closed when idle. Two:
  // a probe stuck on a silent server is left behind after 30 s (readiness.ts), and the next
  // one must not queue behind it.
  let probes: pg.Pool | null = null;

  return {
    driver: 'pg',
    async probe() {
      if (!probes) {
        probes = new pg.Pool({ ...clientConfig, max: 2, idleTimeoutMillis: 60_000 });
        probes.on('error', () => undefined); // as the main pool: replaced on the next probe
      }
      await probes.query('SELECT 1');
    },
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
      // BEGIN travels with the first statement when that one has no parameters (the simple
      // protocol runs several statements in one message), and statements given to atCommit
      // travel with COMMIT: a projection batch makes two round trips fewer.
      let begun = false;
      const atCommit: string[] = [];
      try {
        const tx: SqlQueryable = {
          async query(sql, params) {
            if (!begun) {
              begun = true;
              if (!params) return { rows: lastResult(await client.query(`BEGIN; ${sql}`)).rows };
              await client.query('BEGIN');
            }
            const r = await client.query(preparedQuery(sql, params));
            return { rows: r.rows };
          },
          atCommit(sql) {
            atCommit.push(sql);
          },
        };
        const result = await fn(tx);
        if (begun || atCommit.length)
          await client.query([...(begun ? [] : ['BEGIN']), ...atCommit, 'COMMIT'].join('; '));
        return result;
      } catch (err) {
        // A connection that stopped answering is dropped as it is: a ROLLBACK would only wait again.
        if (isQueryTimeout(err)) broken = err as Error;
        // (Also after a failed commit message that began the transaction itself.)
        else if (begun || atCommit.length) await client.query('ROLLBACK').catch(() => undefined);
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
    async sessionLock(key) {
      const c = new pg.Client(clientConfig);
      let held = false;
      // Ended by us or by the server: either way the lock is gone and nothing is left to close.
      const release = async () => {
        held = false;
        locks.delete(release);
        await c.end().catch(() => undefined);
      };
      c.on('error', () => undefined);
      c.on('end', () => void release());
      try {
        await c.connect();
        held = (await c.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`)).rows[0].ok;
      } catch (err) {
        await release();
        throw err;
      }
      if (!held) {
        await release();
        return null;
      }
      locks.add(release);
      return {
        get held() {
          return held;
        },
        release,
      };
    },
    async close() {
      await Promise.all([...listeners.map((stop) => stop()), ...[...locks].map((release) => release())]);
      await Promise.all([pool.end(), probes?.end()]);
    },
  };
}

/** A message of several statements answers one result each; a statement's rows are the last one's. */
function lastResult(r: pg.QueryResult | pg.QueryResult[]): pg.QueryResult {
  return Array.isArray(r) ? r[r.length - 1] : r;
}

/** Drops a schema made by createPgSqlClient({schema}) — tests clean up with it. */
export async function dropPgSchema(connectionString: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}

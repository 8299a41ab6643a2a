/**
 * Parts of bench/hotPath.ts: autocannon in a separate process, the bare servers it compares
 * against, a Confab server on either store, the raw INSERT rate, and the 10^6-event seed for
 * the rebuild.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import pg from 'pg';
import { operatorContext } from '../commands/commandContext.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { startServer, type RunningServer } from '../app/server.js';
import { createTestSql } from '../test/support/testStores.js';
import type { SqlClient } from '../infrastructure/sql/sqlClient.js';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  total: number;
  load: string;
}

export const load1 = (): string => loadavg()[0].toFixed(1);

/** autocannon in its own process; `keys` spreads the connections over several API keys. */
export function autocannon(opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  keys?: string[];
  seconds: number;
  connections: number;
}): Promise<Load> {
  const script = fileURLToPath(new URL('./autocannonProcess.mjs', import.meta.url));
  const { seconds, ...rest } = opts;
  const before = load1();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify({ ...rest, duration: seconds })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      resolve({ ...JSON.parse(out.trim().split('\n').pop()!), load: before });
    });
  });
}

/** A bare node:http server and a bare Express 5 app answering `body` from memory. */
export async function bareServers(body: string): Promise<{ http: string; express: string; close(): void }> {
  const created = JSON.stringify({
    data: { id: 'x', name: 'Bench bot', description: '', createdAt: new Date().toISOString() },
  });
  const http = createServer((req, res) => {
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(req.method === 'POST' ? created : body);
  });
  const app = express();
  app.use(express.json());
  app.get('/chatbots', (_req, res) => void res.type('json').send(body));
  app.post('/chatbots', (_req, res) => void res.status(201).type('json').send(created));
  const servers: Server[] = [http, app.listen(0, '127.0.0.1')];
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => (servers[1].listening ? r() : servers[1].once('listening', () => r())));
  const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return { http: url(servers[0]), express: url(servers[1]), close: () => servers.forEach((s) => s.close()) };
}

export interface Confab {
  url: string;
  running: RunningServer;
  sql: SqlClient;
  close(): Promise<void>;
}

/** The real service on a fresh PostgreSQL schema (`pg`) or on the embedded PGlite under a temporary DATA_DIR. */
export async function startConfab(store: 'pg' | 'pglite'): Promise<Confab> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-hot-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const test = store === 'pg' ? await createTestSql('pg') : null;
  const running = await startServer(
    { ...config, databaseUrl: undefined },
    { port: 0, logger: createLogger('error'), ...(test ? { sql: test.sql } : {}) },
  );
  return {
    url: running.url,
    running,
    sql: running.services.sql,
    async close() {
      await running.close();
      await test?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Single-row INSERTs (autocommit) from `connections` clients for `seconds`: the database's own write rate. */
export async function rawInsertRate(
  url: string,
  seconds: number,
  connections: number,
): Promise<{ rps: number; load: string }> {
  const before = load1();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE TABLE IF NOT EXISTS bench_raw_insert (id BIGSERIAL PRIMARY KEY, doc JSONB NOT NULL)`);
  let count = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      while (Date.now() < until) {
        await c.query(`INSERT INTO bench_raw_insert (doc) VALUES ($1)`, [
          JSON.stringify({ name: 'Bench bot', n: count }),
        ]);
        count++;
      }
      await c.end();
    }),
  );
  await admin.query(`DROP TABLE bench_raw_insert`);
  await admin.end();
  return { rps: Math.round(count / seconds), load: before };
}

/**
 * The floor of any service that writes once per request: a bare Express 5 app whose POST
 * parses the JSON body, runs one single-row INSERT (a named statement, autocommit) and answers
 * 201 with the new id. No key, quota, events or views: what HTTP plus one durable write cost.
 */
export async function expressInsertServer(url: string): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(`CREATE TABLE IF NOT EXISTS bench_express_insert (id BIGSERIAL PRIMARY KEY, doc JSONB NOT NULL)`);
  const app = express();
  app.use(express.json());
  app.post('/chatbots', async (req, res) => {
    const r = await pool.query({
      name: 'bench_insert',
      text: `INSERT INTO bench_express_insert (doc) VALUES ($1) RETURNING id`,
      values: [JSON.stringify(req.body)],
    });
    res.status(201).json({ data: { id: String(r.rows[0].id), name: req.body.name } });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/chatbots`,
    async close() {
      server.close();
      await pool.query(`DROP TABLE bench_express_insert`);
      await pool.end();
    },
  };
}

/**
 * Seeds `n` events in bulk (one INSERT … SELECT generate_series): 1 workspace per 1,000
 * events, a chatbot per 50, and the rest renames of those chatbots, in stream order.
 */
export async function seedEvents(sql: SqlClient, n: number): Promise<void> {
  const meta = `jsonb_build_object('workspaceId', 'w' || (i / 1000), 'actor', jsonb_build_object('type','system','id','bench'), 'correlationId', 'c', 'causationId', null, 'requestId', null, 'occurredAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await sql.exec(`
    INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
    SELECT gen_random_uuid(),
      CASE WHEN i % 1000 = 0 THEN 'workspace-w' || (i / 1000) ELSE 'chatbot-b' || (i / 50) END,
      CASE WHEN i % 1000 = 0 THEN 0 WHEN i % 50 = 0 THEN 0 ELSE (i % 50) - CASE WHEN (i / 50) % 20 = 0 THEN 1 ELSE 0 END END,
      CASE WHEN i % 1000 = 0 THEN 'WorkspaceCreated' WHEN i % 50 = 0 OR (i % 1000) = 1 THEN 'ChatbotCreated' ELSE 'ChatbotUpdated' END,
      CASE WHEN i % 1000 = 0 THEN jsonb_build_object('workspaceId', 'w' || (i / 1000), 'name', 'Bench', 'plan', 'pro', 'ownerId', 'u', 'ownerEmail', 'o@example.com')
           WHEN i % 50 = 0 OR (i % 1000) = 1 THEN jsonb_build_object('chatbotId', 'b' || (i / 50), 'workspaceId', 'w' || (i / 1000), 'name', 'Bot ' || i, 'description', '', 'flow', jsonb_build_object('steps', '[]'::jsonb))
           ELSE jsonb_build_object('chatbotId', 'b' || (i / 50), 'workspaceId', 'w' || (i / 1000), 'changes', jsonb_build_object('name', 'Bot ' || i)) END,
      ${meta}
    FROM generate_series(0, ${n - 1}) AS i
    ORDER BY i`);
}

/** A Confab with one enterprise workspace of 20 chatbots: its list URL and the key's headers. */
export async function startWithChatbots(
  store: 'pg' | 'pglite',
  name: string,
): Promise<{ c: Confab; url: string; headers: Record<string, string> }> {
  const c = await startConfab(store);
  const { apiKey } = await c.running.services.workspaces.createWorkspace(
    { name, plan: 'enterprise', ownerEmail: `${name.toLowerCase()}-${Date.now()}@example.com` },
    operatorContext(),
  );
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const url = `${c.url}/api/v1/external/v1/chatbots`;
  for (let i = 0; i < 20; i++)
    await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ name: `Seed ${i}` }) })).arrayBuffer();
  return { c, url, headers };
}

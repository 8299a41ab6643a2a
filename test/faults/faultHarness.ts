/**
 * The fault-injection suite's harness: the service as an operator runs it, in a child process
 * that a test can kill with any signal and start again on the same store.
 *
 * `npm start` is `tsx app/main.ts`; the child here is `node --import tsx app/main.ts`, the same
 * program without npm and tsx's launcher in between, so that SIGKILL reaches the server itself
 * (killing `npm start` would leave its grandchild running). Everything else is what a user has:
 * environment variables, the CLI (`node bin/confab.js …`) and HTTP. The only thing read behind
 * the service's back is the webhook delivery log (no API serves it yet), after the server stopped.
 *
 * Reused from the rest of the suite: the HTTPS receiver (test/support/httpsReceiver.ts) and the
 * store layout of the black-box harness (a fresh DATA_DIR, or a fresh PostgreSQL schema passed as
 * `search_path` in DATABASE_URL, as test/blackbox/blackboxServer.ts does).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import * as assert from 'uvu/assert';
import { verifySeedSignature, type HttpsReceiver } from '../support/httpsReceiver.js';
import { createPgliteSqlClient } from '../../infrastructure/sql/pgliteSqlClient.js';

export const root = new URL('../../', import.meta.url).pathname;
export const EXTERNAL = '/api/v1/external/v1';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something other than null/undefined/false. */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== null && v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await sleep(everyMs);
  }
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Stores

function withSearchPath(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
}

/** Enough of a SQL client to read the service's tables. */
export interface StoreReader {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
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
 * embedded store in a fresh DATA_DIR. Either survives a restart of the service.
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
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      return {
        query: async <T,>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
        close: () => pool.end(),
      };
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

// ---------------------------------------------------------------------------------------------
// The service process

/**
 * The environment of the service: the test runner's, minus everything the fault tests choose
 * themselves, plus `env`.
 */
export function serviceEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'WEBHOOK_ALLOW_HOSTS', 'WEBHOOK_RETRY_DELAYS_MS', 'WEBHOOK_TIMEOUT_MS', 'RATE_LIMIT_PER_MINUTE', 'EVENTSTORE_URL', 'MONGODB_URL', 'TRUST_PROXY', 'NODE_EXTRA_CA_CERTS']) delete base[name];
  return { ...base, LOG_LEVEL: 'info', ...env };
}

export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node bin/confab.js …` with the service's environment. */
export function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliOutput> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/confab.js', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

export async function cliJson(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  const out = await cli(env, ...args);
  if (out.code !== 0) throw new Error(`confab ${args.join(' ')} exited ${out.code}: ${out.stderr}`);
  return JSON.parse(out.stdout.trim());
}

/**
 * `confab events export` as parsed JSON lines. Its stdout goes to a file, as in
 * `confab events export > audit.jsonl`: through a pipe the CLI's output is cut at the pipe
 * buffer (see eventExportPipe in killDuringLoad.test.ts).
 */
export async function exportEvents(env: NodeJS.ProcessEnv, ...args: string[]): Promise<ExportedEvent[]> {
  const dir = mkdtempSync(join(tmpdir(), 'confab-faults-export-'));
  const file = join(dir, 'events.jsonl');
  const fd = openSync(file, 'w');
  try {
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['bin/confab.js', 'events', 'export', ...args], { cwd: root, env, stdio: ['ignore', fd, 'pipe'] });
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      child.on('close', (c) => resolve({ code: c ?? 1, stderr: err }));
    });
    if (code !== 0) throw new Error(`confab events export exited ${code}: ${stderr}`);
    return parseExport(readFileSync(file, 'utf8'));
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const parseExport = (text: string): ExportedEvent[] => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as ExportedEvent);

export interface ExportedEvent {
  id: string;
  streamId: string;
  revision: number;
  position: string;
  type: string;
  data: Record<string, any>;
  metadata: Record<string, any>;
}

export interface ServiceProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to "Confab listening". */
  startupMs: number;
  child: ChildProcess;
  /** The last 64 KB of its stdout and stderr. */
  log(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** Sends the signal and waits for the process to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node --import tsx app/main.ts` and resolves once it listens. */
export function startService(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServiceProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
    cwd: root,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const onData = (d: Buffer) => {
    log += d;
    if (log.length > 65_536) log = log.slice(-65_536);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not listen within ${timeoutMs} ms:\n${log.slice(-4000)}`));
    }, timeoutMs);
    const watch = () => {
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', watch);
      child.stderr!.off('data', watch);
      const proc: ServiceProcess = {
        url: m[1]!,
        pid: child.pid!,
        startupMs: Date.now() - started,
        child,
        log: () => log,
        exited,
        alive: () => child.exitCode === null && child.signalCode === null,
        async kill(signal = 'SIGTERM') {
          if (!proc.alive()) return;
          child.kill(signal);
          const t = signal === 'SIGKILL' ? null : setTimeout(() => child.kill('SIGKILL'), 20_000);
          await exited;
          if (t) clearTimeout(t);
        },
      };
      resolve(proc);
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code ?? signal}) before it listened:\n${log.slice(-4000)}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * One HTTP call. A connection error or a timeout rejects (the caller decides whether that is a
 * failure); `timeoutMs` bounds the whole call so that a hang shows up as an error, not a stall.
 */
export async function http(base: string, method: string, path: string, opts: { key?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers['x-api-key'] = opts.key;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** A chatbot flow of two questions: the first visitor message creates the response, the second updates and completes it. */
export const TWO_QUESTION_FLOW = {
  steps: [
    { type: 'message', text: 'Hello!' },
    { type: 'question', text: 'Your name?', variable: 'name' },
    { type: 'question', text: 'Your email, {{name}}?', variable: 'email' },
    { type: 'message', text: 'Thanks!' },
  ],
};

/** Every response record of a chatbot, all pages. */
export async function allResponses(base: string, key: string, chatbotId: string): Promise<{ total: number; records: any[] }> {
  const records: any[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await http(base, 'GET', `${EXTERNAL}/chatbots/${chatbotId}/responses?limit=100&page=${page}`, { key });
    if (r.status !== 200) throw new Error(`GET responses answered ${r.status}: ${r.text}`);
    total = r.body.total;
    records.push(...r.body.data);
    if (r.body.data.length < 100) break;
  }
  return { total, records };
}

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL cluster (never the machine's shared server)

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: a crash as far as the clients can tell. */
  stopImmediate(): void;
  destroy(): void;
}

/** The newest /usr/lib/postgresql/<version>/bin, or null. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, 'bin') : null;
}

/**
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user and every
 * pg_ctl call goes through `runuser -u postgres --`.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'confab-faults-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const argv = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
    return execFileSync(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).toString();
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const pg_ctl = (...args: string[]) => run('pg_ctl', ['-D', data, ...args]);
  let destroyed = false;
  const cluster: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pg_ctl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start');
    },
    stopImmediate() {
      pg_ctl('-m', 'immediate', '-w', 'stop');
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        pg_ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // A test process that ends without its after hook (an uncaught error) still stops the cluster;
  // only a SIGKILL (the runner's timeout) can leave it running.
  process.on('exit', () => cluster.destroy());
  cluster.start();
  return cluster;
}

// ---------------------------------------------------------------------------------------------
// A gate in front of a TCP service: closed means nothing listens (connection refused)

export interface TcpGate {
  port: number;
  isOpen(): boolean;
  /** 'forward' relays to the target; 'silent' accepts connections and never sends a byte. */
  open(mode?: 'forward' | 'silent'): Promise<void>;
  close(): Promise<void>;
}

/** A fixed port that forwards to `targetPort` while open and refuses connections while closed. */
export async function tcpGate(targetPort: number): Promise<TcpGate> {
  const port = await freePort();
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const gate: TcpGate = {
    port,
    isOpen: () => server !== null,
    async open(mode = 'forward') {
      if (server) await gate.close();
      const s = createServer((inbound) => {
        if (mode === 'silent') {
          sockets.add(inbound);
          inbound.on('close', () => sockets.delete(inbound));
          inbound.on('error', () => undefined);
          return;
        }
        const outbound = connect(targetPort, '127.0.0.1');
        for (const sock of [inbound, outbound]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async close() {
      const s = server;
      if (!s) return;
      server = null;
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  return gate;
}

// ---------------------------------------------------------------------------------------------
// Write load and what it acknowledged

/** Every write the service acknowledged with a 2xx, and every answer seen. */
export interface Ledger {
  /** Chatbot ids answered 201 by POST /chatbots. */
  chatbots: Set<string>;
  /** Sessions answered 201 by POST /chat/:botId/sessions. */
  sessions: Set<string>;
  /** Sessions whose first visitor message was answered 200 (the response record exists). */
  responded: Set<string>;
  /** Sessions whose second visitor message was answered 200 (the flow completed). */
  completed: Set<string>;
  answers: Array<{ at: number; what: string; status: number | string; error?: unknown; ms: number }>;
}

export const newLedger = (): Ledger => ({ chatbots: new Set(), sessions: new Set(), responded: new Set(), completed: new Set(), answers: [] });

export interface LoadOptions {
  /** The service's current address (it changes on every restart). */
  url: () => string;
  key: string;
  /** The chatbot the visitors talk to (the one with the webhook). */
  hubBotId: string;
  ledger: Ledger;
  chatbotWriters: number;
  visitors: number;
  tag: string;
  /** true: a worker stops at its first network error (the process was killed). */
  stopOnNetworkError: boolean;
  timeoutMs?: number;
}

/**
 * Concurrent writers: some create chatbots in a loop, some play visitors (start a session on
 * the hub chatbot, answer both questions). Resolves from stop() once every worker has ended.
 */
export function startLoad(o: LoadOptions): { stop(): Promise<void> } {
  let stopped = false;
  let n = 0;
  const call = async (what: string, method: string, path: string, opts: Parameters<typeof http>[3]) => {
    const t = Date.now();
    try {
      const r = await http(o.url(), method, path, { timeoutMs: o.timeoutMs ?? 30_000, ...opts });
      o.ledger.answers.push({ at: t, what, status: r.status, error: r.body?.error, ms: Date.now() - t });
      return r;
    } catch (err) {
      o.ledger.answers.push({ at: t, what, status: `network: ${(err as Error).name}`, ms: Date.now() - t });
      if (o.stopOnNetworkError) stopped = true;
      return null;
    }
  };
  const chatbotWriter = async () => {
    while (!stopped) {
      const r = await call('create chatbot', 'POST', `${EXTERNAL}/chatbots`, { key: o.key, body: { name: `bot ${o.tag} ${++n}` } });
      if (r === null && o.stopOnNetworkError) return;
      if (r?.status === 201) o.ledger.chatbots.add(r.body.data.id);
      else if (r) await sleep(50);
    }
  };
  const visitor = async () => {
    while (!stopped) {
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
      const headers = { 'x-forwarded-for': ip };
      const base = `/api/v1/chat/${o.hubBotId}/sessions`;
      const started = await call('start session', 'POST', base, { body: { visitorId: `v${++n}` }, headers });
      if (started?.status !== 201) {
        if (started === null && o.stopOnNetworkError) return;
        await sleep(50);
        continue;
      }
      const sessionId = started.body.sessionId as string;
      o.ledger.sessions.add(sessionId);
      const first = await call('first message', 'POST', `${base}/${sessionId}/messages`, { body: { message: 'Ada' }, headers });
      if (first?.status !== 200) continue;
      o.ledger.responded.add(sessionId);
      const second = await call('second message', 'POST', `${base}/${sessionId}/messages`, { body: { message: 'ada@example.com' }, headers });
      if (second?.status === 200) o.ledger.completed.add(sessionId);
    }
  };
  const workers = [...Array.from({ length: o.chatbotWriters }, chatbotWriter), ...Array.from({ length: o.visitors }, visitor)];
  return {
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** What the event log says the views and the hub chatbot's webhook should hold. */
export interface LogSummary {
  chatbotIds: Set<string>;
  sessions: Set<string>;
  /** Response ids per session, from ResponseCreated on the hub chatbot. */
  responses: Map<string, string>;
  /** `<webhook event>:<session id>` for every hub event a webhook delivers, with multiplicity. */
  webhookEvents: Map<string, number>;
  events: number;
}

const WEBHOOK_NAME: Record<string, string> = {
  ConversationStarted: 'conversation.started',
  ResponseCreated: 'response.created',
  ResponseUpdated: 'response.updated',
  ConversationCompleted: 'conversation.completed',
};

export function summarize(events: ExportedEvent[], workspaceId: string, hubBotId: string): LogSummary {
  const out: LogSummary = { chatbotIds: new Set(), sessions: new Set(), responses: new Map(), webhookEvents: new Map(), events: events.length };
  for (const e of events) {
    if (e.metadata.workspaceId !== workspaceId && e.data.workspaceId !== workspaceId) continue;
    if (e.type === 'ChatbotCreated') out.chatbotIds.add(e.data.chatbotId);
    if (e.type === 'ChatbotDeleted') out.chatbotIds.delete(e.data.chatbotId);
    if (e.data.chatbotId !== hubBotId) continue;
    if (e.type === 'ConversationStarted') out.sessions.add(e.data.sessionId);
    if (e.type === 'ResponseCreated') out.responses.set(e.data.sessionId, e.data.responseId);
    const name = WEBHOOK_NAME[e.type];
    if (name) {
      const k = `${name}:${e.data.sessionId}`;
      out.webhookEvents.set(k, (out.webhookEvents.get(k) ?? 0) + 1);
    }
  }
  return out;
}

/** `<event>:<chatSessionId>` of a webhook request. */
export function webhookKey(headers: Record<string, unknown>, rawBody: Buffer): string {
  const body = JSON.parse(rawBody.toString('utf8')) as { chatSessionId: string };
  return `${String(headers['x-webhook-event'])}:${body.chatSessionId}`;
}

// ---------------------------------------------------------------------------------------------
// Checks shared by the crash tests

/** Every acknowledged write is in the views and the log. */
export async function assertAcknowledgedWritesPresent(o: { url: string; key: string; hubBotId: string; ledger: Ledger; summary: LogSummary }): Promise<void> {
  const { url, key, hubBotId, ledger, summary } = o;
  const listed = await http(url, 'GET', `${EXTERNAL}/chatbots`, { key });
  assert.is(listed.status, 200, listed.text);
  const ids = new Set((listed.body.data as Array<{ id: string }>).map((c) => c.id));
  assert.equal([...ledger.chatbots].filter((id) => !ids.has(id)), [], 'acknowledged chatbots missing from GET /chatbots');
  assert.equal([...ledger.chatbots].filter((id) => !summary.chatbotIds.has(id)), [], 'acknowledged chatbots missing from the event log');
  assert.equal([...ledger.sessions].filter((s) => !summary.sessions.has(s)), [], 'acknowledged sessions missing from the event log');
  const { records } = await allResponses(url, key, hubBotId);
  const bySession = new Map(records.map((r) => [r.chatSessionId as string, r]));
  assert.equal([...ledger.responded].filter((s) => !bySession.has(s)), [], 'acknowledged first messages without a response record');
  for (const s of ledger.responded) assert.is(bySession.get(s).answerVariables.name, 'Ada', `session ${s}: the acknowledged answer is recorded`);
  for (const s of ledger.completed) assert.is(bySession.get(s).answerVariables.email, 'ada@example.com', `session ${s}: the acknowledged second answer is recorded`);
}

/** The chatbots and responses views equal what the log holds. */
export async function assertViewsConverge(o: { url: string; key: string; hubBotId: string; summary: LogSummary; timeoutMs?: number }): Promise<void> {
  const { url, key, hubBotId, summary } = o;
  const state = await eventually(async () => {
    const listed = await http(url, 'GET', `${EXTERNAL}/chatbots`, { key });
    const ids = (listed.body.data as Array<{ id: string }>).map((c) => c.id).sort();
    const { total, records } = await allResponses(url, key, hubBotId);
    return ids.length === summary.chatbotIds.size && total === summary.responses.size && records.length === total ? { ids, records } : null;
  }, o.timeoutMs ?? 30_000, 'the views to equal the log');
  assert.equal(state.ids, [...summary.chatbotIds].sort(), 'chatbots in the view = ChatbotCreated in the log');
  assert.equal(
    state.records.map((r: any) => `${r.chatSessionId}/${r._id}`).sort(),
    [...summary.responses].map(([s, id]) => `${s}/${id}`).sort(),
    'response records in the view = ResponseCreated in the log',
  );
}

/** Waits until the receiver holds a delivery for every webhook event of the log. */
export async function waitForWebhookEvents(receiver: HttpsReceiver, summary: LogSummary, timeoutMs: number): Promise<number> {
  const expected = [...summary.webhookEvents.values()].reduce((a, b) => a + b, 0);
  await eventually(async () => {
    const got = new Map<string, Set<string>>();
    for (const r of receiver.requests) {
      const k = webhookKey(r.headers, r.rawBody);
      if (!got.has(k)) got.set(k, new Set());
      got.get(k)!.add(String(r.headers['x-webhook-delivery-id']));
    }
    return [...summary.webhookEvents].every(([k, n]) => (got.get(k)?.size ?? 0) >= n);
  }, timeoutMs, `all ${expected} webhook events to arrive`, 500);
  return expected;
}

export interface DeliveryStats {
  jobs: number;
  receiverRequests: number;
  /** Deliveries the receiver got more than once (a crash or outage cut the claim that sent them). */
  sentAgain: number;
  maxAttemptsClaimed: number;
}

/**
 * The delivery tables against what the receiver saw: one job per event, all delivered; per
 * delivery, the receiver got it at most as often as attempts were claimed, at most 1 + 3 times;
 * the logged attempt numbers are distinct and within the claims, with one success.
 */
export async function assertDeliveryLog(o: { sql: StoreReader; webhookId: string; receiver: HttpsReceiver; secret: string; expectedJobs: number }): Promise<DeliveryStats> {
  const { sql, webhookId, receiver, secret } = o;
  const jobs = (await sql.query<{ id: string; attempts: number; status: string }>(`SELECT id, attempts, status FROM webhook_deliveries WHERE webhook_id = $1`, [webhookId])).rows;
  const log = (await sql.query<{ delivery_id: string; attempt: number; success: boolean }>(`SELECT delivery_id, attempt, success FROM webhook_delivery_attempts WHERE webhook_id = $1`, [webhookId])).rows;
  assert.is(jobs.length, o.expectedJobs, 'one delivery job per event');
  assert.equal(jobs.filter((j) => j.status !== 'delivered').map((j) => `${j.id}:${j.status}`), [], 'every job delivered');
  const receipts = new Map<string, number>();
  for (const r of receiver.requests) {
    const id = String(r.headers['x-webhook-delivery-id']);
    receipts.set(id, (receipts.get(id) ?? 0) + 1);
    assert.ok(verifySeedSignature(r, secret), 'every request is signed with the secret');
  }
  const jobIds = new Set(jobs.map((j) => j.id));
  assert.equal([...receipts.keys()].filter((id) => !jobIds.has(id)), [], 'no delivery id the service does not know');
  let sentAgain = 0;
  for (const job of jobs) {
    const got = receipts.get(job.id) ?? 0;
    const attempts = Number(job.attempts);
    assert.ok(got >= 1 && got <= attempts, `delivery ${job.id}: received ${got} times, ${attempts} attempts claimed`);
    assert.ok(attempts <= 1 + 3, `delivery ${job.id}: ${attempts} attempts claimed, the policy allows 1 + 3`);
    const logged = log.filter((l) => l.delivery_id === job.id).map((l) => Number(l.attempt));
    assert.is(new Set(logged).size, logged.length, `delivery ${job.id}: attempt numbers ${logged.join(',')} are distinct`);
    assert.ok(logged.every((a) => a >= 1 && a <= attempts), `delivery ${job.id}: logged attempts ${logged.join(',')} within 1..${attempts}`);
    assert.is(log.filter((l) => l.delivery_id === job.id && l.success).length, 1, `delivery ${job.id}: one successful attempt logged`);
    if (got > 1) sentAgain++;
  }
  return { jobs: jobs.length, receiverRequests: receiver.requests.length, sentAgain, maxAttemptsClaimed: Math.max(0, ...jobs.map((j) => Number(j.attempts))) };
}

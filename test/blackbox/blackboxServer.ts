/**
 * The black-box harness: Confab as a new user runs it, and nothing else. The server is
 * `node --import tsx app/main.ts` (what `npm start` runs) in a child process on a fresh
 * DATA_DIR (or, when DATABASE_URL is set, a fresh PostgreSQL schema), workspaces come from the
 * CLI (`node bin/confab.js …`, same environment), and everything else is plain fetch over HTTP.
 * No import from the service's source: only the README and docs/ are known here
 * (test/support/cliProcess.ts only spawns the CLI).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runCli, runCliJson, type CliOutput } from '../support/cliProcess.js';

const root = new URL('../../', import.meta.url).pathname;
export const EXTERNAL = '/api/v1/external/v1';
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export type Plan = 'free' | 'starter' | 'pro' | 'business' | 'enterprise';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface Workspace {
  workspaceId: string;
  ownerId: string;
  apiKey: string;
  ownerEmail: string;
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Blackbox {
  url: string;
  dataDir: string;
  /** `node bin/confab.js …` with the server's environment. */
  cli(...args: string[]): Promise<CliOutput>;
  /** Runs a CLI command that must succeed and print exactly one JSON object. */
  cliJson(...args: string[]): Promise<any>;
  workspace(plan: Plan, extra?: string[]): Promise<Workspace>;
  /** A second key for a workspace (fresh burst budget). */
  apiKey(workspaceId: string, ...extra: string[]): Promise<string>;
  /** External API call; `path` is relative to /api/v1/external/v1. */
  api(
    method: string,
    path: string,
    opts?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer>;
  /** Any HTTP call on the service (full path). */
  http(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<ApiAnswer>;
  /** Every .eml in DATA_DIR/outbox, oldest first (the file names start with the time). */
  mails(): Mail[];
  close(): Promise<void>;
}

function withSearchPath(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
}

/** The environment a user would have: no mail server, no overrides of the documented defaults. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'SMTP_URL',
    'MAIL_FROM',
    'PUBLIC_URL',
    'WEBHOOK_ALLOW_HOSTS',
    'RATE_LIMIT_PER_MINUTE',
    'WEBHOOK_RETRY_DELAYS_MS',
    'WEBHOOK_TIMEOUT_MS',
    'EVENTSTORE_URL',
    'MONGODB_URL',
  ])
    delete env[name];
  return env;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitHead(raw: string): { head: Map<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  const at = m ? m.index : raw.length;
  const head = new Map<string, string>();
  for (const line of raw
    .slice(0, at)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) head.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { head, body: m ? raw.slice(at + m[0].length) : '' };
}

function decodePart(head: Map<string, string>, body: string): string {
  const enc = head.get('content-transfer-encoding') ?? '';
  if (/base64/i.test(enc)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(enc)) return decodeQuotedPrintable(body);
  return body;
}

/** A small RFC 822 / MIME reader: headers, and the text and HTML parts (nested multiparts too). */
export function parseEml(raw: string, file = ''): Mail {
  const { head, body } = splitHead(raw);
  const out: Mail = { file, to: head.get('to') ?? '', subject: head.get('subject') ?? '', text: '', html: '' };
  const walk = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const chunk of b.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHead(chunk.replace(/^\r?\n/, ''));
        walk(part.head, part.body);
      }
    } else if (/^text\/html/i.test(type)) out.html ||= decodePart(h, b);
    else if (/^text\/plain/i.test(type)) out.text ||= decodePart(h, b);
  };
  walk(head, body);
  return out;
}

/** The 6-digit code a person would read in the mail. */
export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text || mail.html)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return code;
}

export interface BlackboxOptions {
  /** Settings a user would add for a feature (OIDC_*, BIGCOMMERCE_*, PUBLIC_URL…); the server and the CLI get them. */
  env?: Record<string, string>;
  /** A fixed port (when PUBLIC_URL must name it before the start); a free one otherwise. */
  port?: number;
}

export async function startBlackbox(opts: BlackboxOptions = {}): Promise<Blackbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-blackbox-'));
  const env: NodeJS.ProcessEnv = { ...baseEnv(), ...opts.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  let schema: string | null = null;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    schema = `bb_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    env.DATABASE_URL = withSearchPath(adminUrl, schema);
  }

  let server: ChildProcess;
  const url = await new Promise<string>((resolve, reject) => {
    server = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(opts.port ?? 0), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    let found = false;
    const onData = (d: Buffer) => {
      if (found) return;
      log += d;
      for (const line of log.split('\n')) {
        if (!line.includes('"url"')) continue;
        try {
          const entry = JSON.parse(line);
          if (typeof entry.url === 'string') {
            found = true;
            return resolve(entry.url);
          }
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${log}`)));
  });

  const cli = (...args: string[]) => runCli(env, ...args);
  const cliJson = (...args: string[]) => runCliJson(env, ...args);

  let n = 0;
  const http = async (
    method: string,
    path: string,
    opts: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  return {
    url,
    dataDir,
    cli,
    cliJson,
    async workspace(plan, extra = []) {
      const ownerEmail = `owner${++n}-${randomBytes(3).toString('hex')}@example.com`;
      const out = await cliJson(
        'workspace',
        'create',
        '--name',
        `Acme ${n}`,
        '--plan',
        plan,
        '--owner-email',
        ownerEmail,
        ...extra,
      );
      return { ...out, ownerEmail };
    },
    async apiKey(workspaceId, ...extra) {
      return (await cliJson('apikey', 'create', '--workspace', workspaceId, ...extra)).apiKey;
    },
    api(method, path, opts = {}) {
      const headers = { ...(opts.headers ?? {}) };
      if (opts.key) headers['x-api-key'] = opts.key;
      return http(method, `${EXTERNAL}${path}`, { body: opts.body, raw: opts.raw, headers });
    },
    http,
    mails() {
      const dir = join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
      return files
        .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
        .sort((a, b) => a.f.localeCompare(b.f) || a.t - b.t)
        .map(({ f }) => parseEml(readFileSync(join(dir, f), 'utf8'), f));
    },
    async close() {
      await new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
        setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
      });
      if (schema) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Today's date (UTC) as YYYY-MM-DD, shifted by `days`. */
export function utcDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const sortedKeys = (o: object) => Object.keys(o).sort();

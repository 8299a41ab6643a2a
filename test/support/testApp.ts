/**
 * Starts the real service (same code as `npm start`) on a random port against an isolated
 * store: in-memory PGlite, or a fresh schema on the PostgreSQL server when DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { startServer, type RunningServer } from '../../app/server.js';
import type { ServiceOptions } from '../../app/compositionRoot.js';
import { operatorContext } from '../../commands/commandContext.js';
import { createTestSql } from './testStores.js';

export interface TestApp {
  baseUrl: string;
  config: Config;
  services: RunningServer['services'];
  createWorkspace(
    plan?: string,
    opts?: { ownerEmail?: string; name?: string },
  ): Promise<{ workspaceId: string; apiKey: string; ownerId: string }>;
  /** fetch against the service with an optional API key and JSON body. */
  api(
    method: string,
    path: string,
    opts?: { apiKey?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/** How long `api` waits for the service's whole answer. */
const API_TIMEOUT_MS = 120_000;

export async function startTestApp(
  env: Record<string, string> = {},
  services: Pick<
    ServiceOptions,
    | 'flowHttpCertificateAuthority'
    | 'flowHttpTimeoutMs'
    | 'resolver'
    | 'modelTestTimeoutMs'
    | 'knowledgeCertificateAuthority'
    | 'clock'
  > = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-test-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env });
  const store = await createTestSql();
  // A test that names PORT (to know PUBLIC_URL before start, e.g. for OIDC redirects) listens on it.
  const port = env.PORT ? Number(env.PORT) : 0;
  const running = await startServer(
    { ...config, databaseUrl: undefined },
    { ...services, sql: store.sql, logger: createLogger(env.LOG_LEVEL ?? 'error'), port },
  );
  const baseUrl = running.url;
  let n = 0;
  return {
    baseUrl,
    config: env.PUBLIC_URL ? config : { ...config, publicUrl: baseUrl },
    services: running.services,
    async createWorkspace(plan = 'pro', opts = {}) {
      n += 1;
      const email = opts.ownerEmail ?? `owner${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      return running.services.workspaces.createWorkspace(
        { name: opts.name ?? `Workspace ${n}`, plan, ownerEmail: email },
        operatorContext(),
      );
    },
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      let res: Response;
      let text: string;
      try {
        res = await fetch(baseUrl + path, { method, headers, body, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
        text = await res.text();
      } catch (err) {
        if ((err as Error).name !== 'TimeoutError') throw err;
        throw new Error(`${method} ${path} did not answer in full within ${API_TIMEOUT_MS} ms`);
      }
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      await running.close();
      await store.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

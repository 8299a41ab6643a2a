/**
 * Shared by the conversation benchmarks: a real server on this machine (embedded PGlite under a
 * temporary DATA_DIR like `npm start`, or a fresh schema of DATABASE_URL's server), and latency
 * percentiles computed exactly from every recorded sample.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import type { ServiceOptions } from '../app/compositionRoot.js';
import { startServer, type RunningServer } from '../app/server.js';
import { createTestSql } from '../test/support/testStores.js';

export interface BenchServer {
  url: string;
  store: 'pglite (file, DATA_DIR)' | 'postgresql';
  running: RunningServer;
  close(): Promise<void>;
}

export async function startBenchServer(
  env: Record<string, string> = {},
  services: Pick<ServiceOptions, 'flowHttpCertificateAuthority'> = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env });
  const pg = process.env.DATABASE_URL ? await createTestSql('pg') : null;
  const running = await startServer(
    { ...config, databaseUrl: undefined },
    { port: 0, logger: createLogger('error'), ...services, ...(pg ? { sql: pg.sql } : {}) },
  );
  return {
    url: running.url,
    store: pg ? 'postgresql' : 'pglite (file, DATA_DIR)',
    running,
    async close() {
      await running.close();
      await pg?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Nearest-rank percentiles over all samples (no histogram buckets, so no rounding). */
export function percentiles(samples: number[]): {
  n: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
} {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n: sorted.length,
    p50: round(at(50)),
    p90: round(at(90)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length)),
  };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

export async function createEnterpriseBot(
  server: BenchServer,
  flow?: unknown,
): Promise<{ apiKey: string; workspaceId: string; botId: string }> {
  const { operatorContext } = await import('../commands/commandContext.js');
  const ws = await server.running.services.workspaces.createWorkspace(
    { name: 'Bench', plan: 'enterprise', ownerEmail: `bench-${Date.now()}@example.com` },
    operatorContext(),
  );
  const bot = await postJson(
    `${server.url}/api/v1/external/v1/chatbots`,
    { name: 'Bench bot', ...(flow ? { flow } : {}) },
    { 'x-api-key': ws.apiKey },
  );
  if (bot.status !== 201) throw new Error(`create chatbot: ${bot.status} ${JSON.stringify(bot.body)}`);
  return { apiKey: ws.apiKey, workspaceId: ws.workspaceId, botId: bot.body.data.id };
}

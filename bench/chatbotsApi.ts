/**
 * Benchmark: GET /external/v1/chatbots and chatbot create through the whole stack (auth, rate
 * limit, quota, event store append, projection wait) side by side with a bare node:http server
 * answering the same JSON, in the same run. Uses DATABASE_URL when set (the recorded run), the
 * embedded store otherwise.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/chatbotsApi.ts
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { startServer } from '../app/server.js';
import { operatorContext } from '../commands/commandContext.js';
import { createTestSql } from '../test/support/testStores.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function run(title: string, opts: autocannon.Options) {
  const r = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
  const non2xx = r.non2xx + r.errors;
  return { title, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx };
}

const store = await createTestSql();
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'confab-bench-')),
  RATE_LIMIT_PER_MINUTE: '100000000',
  LOG_LEVEL: 'error',
});
const app = await startServer(
  { ...config, databaseUrl: undefined },
  { sql: store.sql, logger: createLogger('error'), port: 0 },
);
const { apiKey } = await app.services.workspaces.createWorkspace(
  { name: 'Bench', plan: 'enterprise', ownerEmail: `bench-${Date.now()}@example.com` },
  operatorContext(),
);
const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
for (let i = 0; i < 20; i++) {
  await fetch(`${app.url}/api/v1/external/v1/chatbots`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Seed ${i}` }),
  });
}
const listBody = await (await fetch(`${app.url}/api/v1/external/v1/chatbots`, { headers })).text();

const bare = createServer((req, res) => {
  res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
  res.end(
    req.method === 'POST'
      ? JSON.stringify({ data: { id: 'x', name: 'n', description: '', createdAt: new Date().toISOString() } })
      : listBody,
  );
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const results = [
  await run('bare node:http GET (same JSON)', { url: `${bareUrl}/chatbots` }),
  await run('Confab GET /chatbots (20 bots)', { url: `${app.url}/api/v1/external/v1/chatbots`, headers }),
  await run('bare node:http POST', { url: `${bareUrl}/chatbots`, method: 'POST', body: '{"name":"b"}' }),
  await run('Confab POST /chatbots (create)', {
    url: `${app.url}/api/v1/external/v1/chatbots`,
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench bot' }),
  }),
];

console.log(
  `store: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}, ${CONNECTIONS} connections, ${DURATION}s each, node ${process.version}`,
);
console.log('| scenario | requests/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);

bare.close();
await app.close();
await store.cleanup();
process.exit(0);

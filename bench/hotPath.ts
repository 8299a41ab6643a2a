/**
 * The External API hot path table of bench/README.md in one run: the hot path on both stores side by side
 * with a bare node:http server and a bare Express 5 app answering the same JSON from memory,
 * autocannon in a separate process (10 connections, 8 s each), the raw single-row INSERT rate
 * of the same PostgreSQL and the rate of a bare Express app doing one INSERT per POST (the floor
 * of any service that writes once per request), the read-your-writes wait, `projections
 * rebuild` over 10^6 events, and the visitor chat round trip (bench/conversationsChat.ts) for 1 and 50 visitors.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/hotPath.ts
 *
 * Without DATABASE_URL only the embedded-store rows run. Sizes: BENCH_SECONDS (8),
 * BENCH_CONNECTIONS (10), REBUILD_EVENTS (1000000; 0 skips), SKIP (comma list of
 * get,post,raw,ryw,rebuild,chat). Every line carries the 1-minute load average before it ran.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { operatorContext } from '../commands/commandContext.js';
import { createServices } from '../app/compositionRoot.js';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { createTestSql } from '../test/support/testStores.js';
import { percentiles } from './conversationsSupport.js';
import {
  autocannon,
  bareServers,
  expressInsertServer,
  load1,
  rawInsertRate,
  seedEvents,
  startConfab,
  type Confab,
  type Load,
} from './hotPathSupport.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REBUILD_EVENTS = Number(process.env.REBUILD_EVENTS ?? 1_000_000);
const SKIP = new Set((process.env.SKIP ?? '').split(',').filter(Boolean));
const PG_URL = process.env.DATABASE_URL;
const API = '/api/v1/external/v1/chatbots';
const run = { seconds: SECONDS, connections: CONNECTIONS };

const rows: string[] = [];
function row(scenario: string, cells: Array<string | number>, l: { load: string }): void {
  const line = `| ${scenario} | ${cells.join(' | ')} | ${l.load} |`;
  rows.push(line);
  console.log(line);
}
const fmt = (r: Load) => `${r.rps} (p50 ${r.p50}, p99 ${r.p99}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''})`;

async function workspace(c: Confab, name: string): Promise<string> {
  const ws = await c.running.services.workspaces.createWorkspace(
    { name, plan: 'enterprise', ownerEmail: `${name.replace(/\W/g, '')}-${Date.now()}@example.com` },
    operatorContext(),
  );
  return ws.apiKey;
}

/** One client creating chatbots one after another: the single-client write latency. */
async function serialCreates(c: Confab, apiKey: string, n: number) {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(c.url + API, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: '{"name":"One client"}',
    });
    await r.arrayBuffer();
    samples.push(performance.now() - t);
  }
  return percentiles(samples);
}

/** Read-your-writes wait alone: append, then time until the views include it, 10 writers. */
async function rywWait(c: Confab, seconds: number) {
  const { events, projections } = c.running.services;
  const samples: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      for (let i = 0; Date.now() < until; i++) {
        const meta = {
          workspaceId: null,
          actor: { type: 'system' as const, id: 'bench' },
          correlationId: 'bench',
          causationId: null,
          requestId: null,
          occurredAt: new Date().toISOString(),
        };
        const { position } = await events.append(`benchping-${w}`, [
          { type: 'BenchPing', data: { i }, metadata: meta },
        ]);
        const t = performance.now();
        await projections.waitFor(position);
        samples.push(performance.now() - t);
      }
    }),
  );
  return percentiles(samples);
}

async function storeRows(store: 'pg' | 'pglite'): Promise<void> {
  const label = store === 'pg' ? 'PostgreSQL' : 'embedded PGlite';
  const c = await startConfab(store);
  try {
    const key = await workspace(c, 'Bench read');
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    for (let i = 0; i < 20; i++)
      await (
        await fetch(c.url + API, { method: 'POST', headers, body: JSON.stringify({ name: `Seed ${i}` }) })
      ).arrayBuffer();
    const listBody = await (await fetch(c.url + API, { headers })).text();
    const bare = await bareServers(listBody);
    try {
      if (!SKIP.has('get')) {
        const h = await autocannon({ ...run, url: `${bare.http}/chatbots` });
        const e = await autocannon({ ...run, url: `${bare.express}/chatbots` });
        const g = await autocannon({ ...run, url: c.url + API, headers });
        row(`GET /chatbots (20 bots), ${label}`, [h.rps, e.rps, fmt(g), (g.rps / e.rps).toFixed(2)], g);
      }
      if (!SKIP.has('post')) {
        const body = '{"name":"Bench bot"}';
        const e = await autocannon({
          ...run,
          url: `${bare.express}/chatbots`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const one = await serialCreates(c, await workspace(c, 'Bench one client'), 200);
        row(`POST /chatbots, one client, ${label}`, ['—', '—', `p50 ${one.p50}, p99 ${one.p99} ms`, '—'], {
          load: load1(),
        });
        const p = await autocannon({
          ...run,
          url: c.url + API,
          method: 'POST',
          headers: { ...headers, 'x-api-key': await workspace(c, 'Bench one ws') },
          body,
        });
        row(`POST /chatbots, one workspace, ${label}`, ['—', e.rps, fmt(p), (p.rps / e.rps).toFixed(2)], p);
        const keys = [];
        for (let i = 0; i < 10; i++) keys.push(await workspace(c, `Bench ws ${i}`));
        const spread = await autocannon({ ...run, url: c.url + API, method: 'POST', headers, body, keys });
        row(
          `POST /chatbots, 10 workspaces, ${label}`,
          ['—', e.rps, fmt(spread), (spread.rps / e.rps).toFixed(2)],
          spread,
        );
      }
      if (!SKIP.has('ryw')) {
        const l = load1();
        const w = await rywWait(c, 4);
        row(`read-your-writes wait, ${label}`, ['—', '—', `p50 ${w.p50}, p99 ${w.p99} ms (${w.n} appends)`, '—'], {
          load: l,
        });
      }
    } finally {
      bare.close();
    }
  } finally {
    await c.close();
  }
}

async function rebuildRow(): Promise<void> {
  const test = await createTestSql('pg');
  try {
    const config = { ...loadConfig({ PORT: '0', DATA_DIR: '/tmp', LOG_LEVEL: 'error' }), databaseUrl: undefined };
    const services = await createServices(config, { sql: test.sql, logger: createLogger('error') });
    try {
      let t = performance.now();
      await seedEvents(test.sql, REBUILD_EVENTS);
      const seedS = (performance.now() - t) / 1000;
      const l = load1();
      t = performance.now();
      const n = await services.projections.rebuild();
      const s = (performance.now() - t) / 1000;
      row(
        `projections rebuild, ${n.toLocaleString('en')} events, PostgreSQL`,
        [
          '—',
          '—',
          `${Math.round(n / s).toLocaleString('en')} events/s (${s.toFixed(1)} s; seed ${seedS.toFixed(1)} s)`,
          '—',
        ],
        { load: l },
      );
    } finally {
      await services.close();
    }
  } finally {
    await test.cleanup();
  }
}

function chatRows(store: 'pg' | 'pglite'): void {
  const script = fileURLToPath(new URL('./conversationsChat.ts', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, VISITORS: '1,50', TURNS: '60' };
  if (store === 'pglite') delete env.DATABASE_URL;
  const l = load1();
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { env, encoding: 'utf8' });
  for (const line of r.stdout.split('\n').filter((x) => x.startsWith('{'))) {
    const j = JSON.parse(line);
    row(
      `visitor chat, ${j.visitors} visitor(s), ${store === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}`,
      [
        '—',
        '—',
        `p50 ${j.messageMs.p50}, p99 ${j.messageMs.p99} ms, ${j.throughputPerSecond} req/s${j.failures ? `, ${j.failures} failed` : ''}`,
        '—',
      ],
      { load: l },
    );
  }
}

console.log(`node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s each; autocannon in a separate process`);
console.log('| scenario | bare node:http req/s | bare Express 5 req/s | Confab | Confab / Express | load (1 min) |');
console.log('|---|---|---|---|---|---|');
if (PG_URL) {
  await storeRows('pg');
  if (!SKIP.has('raw')) {
    const r = await rawInsertRate(PG_URL, SECONDS, CONNECTIONS);
    row('raw single-row INSERT, PostgreSQL', ['—', '—', `${r.rps} rows/s`, '—'], r);
    // The floor of a service that writes once per request, beside the raw rate it is measured against.
    const floor = await expressInsertServer(PG_URL);
    try {
      const f = await autocannon({
        ...run,
        url: floor.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Bench bot"}',
      });
      row(
        'bare Express 5 + one INSERT per POST, PostgreSQL',
        ['—', '—', `${fmt(f)} = ${(f.rps / r.rps).toFixed(2)} × raw INSERT`, '—'],
        f,
      );
    } finally {
      await floor.close();
    }
  }
  if (!SKIP.has('rebuild') && REBUILD_EVENTS > 0) await rebuildRow();
  if (!SKIP.has('chat')) chatRows('pg');
}
await storeRows('pglite');
if (!SKIP.has('chat')) chatRows('pglite');
console.log(`\n${rows.join('\n')}`);
process.exit(0);

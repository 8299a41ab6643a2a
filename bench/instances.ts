/**
 * Creates over 10 workspaces against one or two `npm start` processes on one PostgreSQL
 * database (DESIGN.md decision 21): autocannon in separate processes, 10 connections split
 * between the instances, 8 s. Prints the creates per second and the CPU (ms per create) of the
 * node and postgres processes, read from /proc around the load.
 *
 *   INSTANCES=2 npx tsx bench/instances.ts
 *
 * Uses (and drops) a database of its own, bench_instances, on the server at 127.0.0.1:5432.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../infrastructure/config.js';
import { createLogger } from '../infrastructure/logger.js';
import { createServices } from '../app/compositionRoot.js';
import { operatorContext } from '../commands/commandContext.js';
import { autocannon } from './hotPathSupport.js';

const INSTANCES = Number(process.env.INSTANCES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DB = 'postgres://postgres@127.0.0.1:5432/bench_instances';

/** CPU ticks (1/100 s) of every process, summed by command name. */
function cpuTicks(): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byName[name] = (byName[name] ?? 0) + Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return byName;
}

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS bench_instances WITH (FORCE)');
await admin.query('CREATE DATABASE bench_instances');
const env = {
  ...process.env,
  DATABASE_URL: DB,
  LOG_LEVEL: 'error',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  HOST: '127.0.0.1',
  DATA_DIR: '/tmp/bench-instances',
};
const setup = await createServices({ ...loadConfig(env), databaseUrl: DB }, { logger: createLogger('error') });
const keys: string[] = [];
for (let i = 0; i < 10; i++)
  keys.push(
    (
      await setup.workspaces.createWorkspace(
        { name: `Bench ${i}`, plan: 'enterprise', ownerEmail: `bench${i}-${Date.now()}@example.com` },
        operatorContext(),
      )
    ).apiKey,
  );
await setup.close();

const instances = Array.from({ length: INSTANCES }, (_, i) =>
  spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
    env: { ...env, PORT: String(4100 + i) },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
try {
  await new Promise((r) => setTimeout(r, 6000)); // both listening, one leading
  const per = Math.floor(10 / INSTANCES);
  const before = cpuTicks();
  const runs = await Promise.all(
    instances.map((_, i) =>
      autocannon({
        url: `http://127.0.0.1:${4100 + i}/api/v1/external/v1/chatbots`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Bench bot"}',
        keys: keys.slice(i * per, (i + 1) * per),
        seconds: SECONDS,
        connections: per,
      }),
    ),
  );
  const after = cpuTicks();
  const creates = runs.reduce((n, r) => n + r.total, 0);
  const msPer = (name: string) => Number(((((after[name] ?? 0) - (before[name] ?? 0)) * 10) / creates).toFixed(3));
  console.log(
    JSON.stringify({
      instances: INSTANCES,
      createsPerSecond: runs.reduce((n, r) => n + r.rps, 0),
      p50: runs.map((r) => r.p50),
      p99: runs.map((r) => r.p99),
      cpuMsPerCreate: { node: msPer('node'), postgres: msPer('postgres') },
    }),
  );
} finally {
  instances.forEach((p) => p.kill('SIGTERM'));
  await new Promise((r) => setTimeout(r, 1500));
  await admin.query('DROP DATABASE IF EXISTS bench_instances WITH (FORCE)');
  await admin.end();
  rmSync('/tmp/bench-instances', { recursive: true, force: true });
}
process.exit(0);

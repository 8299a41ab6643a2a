/**
 * What one GET /chatbots costs, measured so that other work on the machine barely moves it:
 * the process's CPU time per request (service and its in-process client together, so compare
 * runs of this script only) and the PostgreSQL transactions per 1,000 requests beyond the idle
 * rate (0 while the views' cache answers). Throughput benches (hotPath.ts) swing with the
 * machine's load; this tells whether a change made each request dearer.
 *
 *   DATABASE_URL=postgres://…/<fresh database> npx tsx bench/getCost.ts
 */
import { execFileSync } from 'node:child_process';
import { autocannon, bareServers, startWithChatbots } from './hotPathSupport.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('getCost needs DATABASE_URL (a fresh PostgreSQL database)');
const database = new URL(databaseUrl).pathname.slice(1);
const commits = () =>
  Number(
    execFileSync('psql', [
      databaseUrl,
      '-tAc',
      `SELECT xact_commit FROM pg_stat_database WHERE datname = '${database.replace(/'/g, "''")}'`,
    ])
      .toString()
      .trim(),
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { c, url, headers } = await startWithChatbots('pg', 'Cost');

/** `n` GETs over 10 keep-alive connections (the database check below). */
async function gets(n: number): Promise<void> {
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = 0; i < n / 10; i++) {
        const r = await fetch(url, { headers });
        if (r.status !== 200) throw new Error(`GET answered ${r.status}`);
        await r.arrayBuffer();
      }
    }),
  );
}

/**
 * This process's CPU µs per GET of `target` while autocannon, in a process of its own, sends
 * them for 3 s: five rounds after a warm-up, sorted. The server is the only thing this process
 * runs then, so other load on the machine lowers the rate but barely the cost per request.
 */
async function cpuPerGet(target: string): Promise<number[]> {
  await autocannon({ url: target, headers, seconds: 2, connections: 10 });
  const rounds: number[] = [];
  for (let k = 0; k < 5; k++) {
    const before = process.cpuUsage();
    const { total } = await autocannon({ url: target, headers, seconds: 3, connections: 10 });
    const used = process.cpuUsage(before);
    rounds.push(Math.round((used.user + used.system) / total));
  }
  return rounds.sort((a, b) => a - b);
}

// The same answer from a bare Express app in this process, measured the same way: the ratio of
// the medians is the throughput ratio bench/hotPath.ts would show with the server's core to itself.
const bare = await bareServers(await (await fetch(url, { headers })).text());
const bareCpu = await cpuPerGet(`${bare.express}/chatbots`);
bare.close();
const cpu = await cpuPerGet(url);

await sleep(1000);
let from = commits();
let started = Date.now();
await sleep(5000);
const idlePerSecond = (commits() - from) / ((Date.now() - started) / 1000);
from = commits();
started = Date.now();
await gets(3000);
const busy = commits() - from - idlePerSecond * ((Date.now() - started) / 1000);

console.log(
  JSON.stringify({
    cpuMicrosPerGet: cpu,
    median: cpu[2],
    bareExpressMicrosPerGet: bareCpu,
    bareExpressMedian: bareCpu[2],
    cpuRatio: Number((bareCpu[2] / cpu[2]).toFixed(2)),
    idleTransactionsPerSecond: Math.round(idlePerSecond),
    transactionsPer1000Gets: Math.max(0, Math.round(busy / 3)),
  }),
);
await c.close();
process.exit(0);

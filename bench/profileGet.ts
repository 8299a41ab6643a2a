/**
 * CPU profile of the External API hot path (bench/README.md): the real service on PostgreSQL (or
 * PGlite without DATABASE_URL) under autocannon in another process for BENCH_SECONDS.
 * `PROFILE=post` profiles creates instead of GET /chatbots, `PROFILE=spread` creates over 10 workspaces. Run it under `node --cpu-prof`:
 *
 *   DATABASE_URL=… node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profileGet.ts
 *
 * then summarise the .cpuprofile (self time per function) with bench/profileSummary.mjs.
 */
import { operatorContext } from '../commands/commandContext.js';
import { autocannon, startWithChatbots } from './hotPathSupport.js';

const { c, url, headers } = await startWithChatbots(process.env.DATABASE_URL ? 'pg' : 'pglite', 'Profile');
const post = process.env.PROFILE === 'post' || process.env.PROFILE === 'spread';
const keys: string[] = [];
for (let i = 0; process.env.PROFILE === 'spread' && i < 10; i++) {
  keys.push(
    (
      await c.running.services.workspaces.createWorkspace(
        { name: `Spread ${i}`, plan: 'enterprise', ownerEmail: `s${i}-${Date.now()}@example.com` },
        operatorContext(),
      )
    ).apiKey,
  );
}
const r = await autocannon({
  url,
  headers,
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
  connections: 10,
  ...(post ? { method: 'POST', body: '{"name":"P"}' } : {}),
  ...(keys.length ? { keys } : {}),
});
console.log(JSON.stringify(r));
await c.close();
process.exit(0);

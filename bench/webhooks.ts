/**
 * Benchmark: webhook deliveries to a local HTTPS receiver (test/support/httpsReceiver.ts).
 *  1. throughput: a backlog of events fanned out to several webhooks, drained by one dispatcher
 *     (fan-out, claim with row locks, signed POST over TLS, attempt log, outcome) — deliveries/s,
 *     beside bare got POSTs of the same bodies at the same concurrency;
 *  2. latency: events appended at a steady rate while the dispatcher runs; event time
 *     (metadata occurredAt, the payload's timestamp) to the receiver's arrival, p50/p99.
 * Uses DATABASE_URL when set, the embedded store otherwise. Bounded in count and time; loopback only.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/webhooks.ts
 */
import { randomUUID } from 'node:crypto';
import { Agent as HttpsAgent } from 'node:https';
import { got } from 'got';
import { loadConfig } from '../infrastructure/config.js';
import { createServices } from '../app/compositionRoot.js';
import { webhookDispatcherDeps } from '../app/backgroundWorkers.js';
import { createLogger } from '../infrastructure/logger.js';
import { metadataFor, operatorContext, type CommandContext } from '../commands/commandContext.js';
import { newId } from '../commands/ids.js';
import { startWebhookDispatcher } from '../dispatchers/webhooks/webhookDispatcher.js';
import { createTestSql } from '../test/support/testStores.js';
import { startHttpsReceiver } from '../test/support/httpsReceiver.js';
import { conversationStream } from '../domain/conversation/conversation.js';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 5);
const BACKLOG_EVENTS = Number(process.env.BENCH_EVENTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 20);
const LATENCY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const store = await createTestSql();
const config = loadConfig({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', LOG_LEVEL: 'error' });
const services = await createServices(config, { sql: store.sql, logger: createLogger('error') });
services.projections.start();
const receiver = await startHttpsReceiver();
const { workspaceId } = await services.workspaces.createWorkspace(
  { name: 'Bench', plan: 'enterprise', ownerEmail: `bench-${newId()}@example.com` },
  operatorContext(),
);
const ctx = { ...operatorContext(workspaceId), workspaceId };
const chatbotId = (await services.chatbots.create({ name: 'Bench bot' }, ctx)).chatbotId;
const commands = services.webhooks;
const events = ['response.created', 'response.updated', 'conversation.started', 'conversation.completed'];
for (let i = 0; i < WEBHOOKS; i++) await commands.create({ chatbotId, url: `${receiver.url}/hook${i}`, events }, ctx);

async function appendResponse(): Promise<void> {
  const visitor: CommandContext = { actor: { type: 'visitor', id: 'bench' }, workspaceId, correlationId: randomUUID() };
  const sessionId = newId();
  await services.events.append(conversationStream(sessionId), [
    {
      type: 'ResponseCreated',
      data: {
        sessionId,
        responseId: newId(),
        chatbotId,
        workspaceId,
        visitorId: 'bench',
        chatDate: new Date().toISOString(),
      },
      metadata: metadataFor(visitor, new Date()),
    },
  ]);
}

// 1. Throughput: the backlog is in the log before the dispatcher starts.
for (let i = 0; i < BACKLOG_EVENTS; i++) await appendResponse();
const expected = BACKLOG_EVENTS * WEBHOOKS;
const t0 = performance.now();
const dispatcher = await startWebhookDispatcher(webhookDispatcherDeps(services), {
  certificateAuthority: receiver.caPem,
  concurrency: CONCURRENCY,
});
await receiver.waitFor(expected, 300_000);
const drainMs = performance.now() - t0;
const body = receiver.requests[0].rawBody;

// Bare got POSTs of the same body at the same concurrency: the sender's ceiling on this machine.
const agent = new HttpsAgent({ keepAlive: true, maxSockets: 50 });
const bareCount = Math.min(expected, 3000);
let sent = 0;
const b0 = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (sent < bareCount) {
      sent++;
      await got.post(`${receiver.url}/bare`, {
        body,
        headers: { 'content-type': 'application/json' },
        agent: { https: agent },
        https: { certificateAuthority: receiver.caPem },
        retry: { limit: 0 },
      });
    }
  }),
);
const bareMs = performance.now() - b0;
agent.destroy();

// 2. Latency at a steady rate, one delivery per webhook per event.
const before = receiver.requests.length;
const latencyEvents = RATE_PER_SECOND * LATENCY_SECONDS;
for (let i = 0; i < latencyEvents; i++) {
  const due = t0 + drainMs + bareMs + (i * 1000) / RATE_PER_SECOND;
  await appendResponse();
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
await receiver.waitFor(before + latencyEvents * WEBHOOKS, 120_000);
const latencies = receiver.requests
  .slice(before)
  .map((r) => r.receivedAt.getTime() - Date.parse(JSON.parse(r.rawBody.toString()).timestamp))
  .sort((a, b) => a - b);

const { rows } = await services.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM webhook_delivery_attempts`);
console.log(
  `store: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}, ${WEBHOOKS} webhooks, dispatcher concurrency ${CONCURRENCY}, node ${process.version}`,
);
console.log('| scenario | result |');
console.log('|---|---|');
console.log(
  `| backlog drain: ${BACKLOG_EVENTS} events × ${WEBHOOKS} webhooks = ${expected} deliveries | ${Math.round(expected / (drainMs / 1000))} deliveries/s (${Math.round(drainMs)} ms) |`,
);
console.log(
  `| bare got POST, same body and concurrency (${bareCount}) | ${Math.round(bareCount / (bareMs / 1000))} requests/s |`,
);
console.log(
  `| event → delivery latency at ${RATE_PER_SECOND} events/s × ${WEBHOOKS} webhooks (${latencies.length} deliveries) | p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms |`,
);
console.log(`| attempts logged | ${rows[0].n} |`);

await dispatcher.stop();
await receiver.close();
await services.close();
await store.cleanup();

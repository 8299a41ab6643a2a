/**
 * AI agent turns (bench/README.md, "AI agents"), against the OpenAI stand-in answering at once:
 *
 * 1. Confab's own time per AI turn, not streamed: the visitor's round trip of one message minus
 *    the bare model call (the same request to the stand-in with the official client, kept-alive).
 * 2. A streamed token's delay: from the moment the stand-in wrote a chunk to the moment the
 *    visitor read its token event (same process, same clock; the stand-in pauses between chunks
 *    so each travels alone).
 * 3. A soak: VISITORS visitors (50) in AI conversations at once for SOAK_MINUTES (10), streamed
 *    and not in turn, each starting a new session every 10 messages; every answer checked; the
 *    heap sampled after a forced GC each 10 s (run with --expose-gc, as below, for that).
 *
 *   DATABASE_URL=postgres://… node --expose-gc --import tsx bench/aiAgent.ts
 *   SOAK_MINUTES=2 TURNS=300 node --expose-gc --import tsx bench/aiAgent.ts
 */
import { writeHeapSnapshot } from 'node:v8';
import OpenAI from 'openai';
import { startOpenAiStandIn } from '../test/support/openAiStandIn.js';
import { readServerSentEvents } from '../test/support/serverSentEvents.js';
import { createEnterpriseBot, percentiles, postJson, startBenchServer } from './conversationsSupport.js';
import { load1 } from './hotPathSupport.js';

/** Counted non-streamed turns (after WARMUP). */
const TURNS = Number(process.env.TURNS ?? 500);
const WARMUP = 50;
/** Streamed answers whose token delays are counted. */
const STREAMS = Number(process.env.STREAMS ?? 100);
const VISITORS = Number(process.env.VISITORS ?? 50);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const MESSAGES_PER_SESSION = 10;
/** A folder to write heap snapshots into (after a forced GC) as the soak starts and ends; compare them with bench/heapSnapshotDiff.ts. */
const HEAP_SNAPSHOTS = process.env.HEAP_SNAPSHOTS;
const ANSWER = 'We ship in 2 days.';
const STREAMED = 'Shipping takes two days, returns are free for 30 days.';

const standIn = await startOpenAiStandIn({ pieceLength: 8 });
const streamStandIn = await startOpenAiStandIn({ pieceLength: 8, pieceDelayMs: 5 });
const server = await startBenchServer({
  LLM_ALLOW_HOSTS: '127.0.0.1',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const gc = (globalThis as { gc?: () => void }).gc;

async function agentBot(baseUrl: string, apiKey: string): Promise<string> {
  const { botId, apiKey: key } = await createEnterpriseBot(server);
  const ext = `${server.url}/api/v1/external/v1`;
  const headers = { 'x-api-key': key };
  const c = await postJson(
    `${ext}/model-connections`,
    { name: 'Stand-in', baseUrl, apiKey, chatModel: 'gpt-4o-mini' },
    headers,
  );
  if (c.status !== 201) throw new Error(`connection: ${c.status} ${JSON.stringify(c.body)}`);
  const put = await fetch(`${ext}/chatbots/${botId}/agent`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Ava',
      instructions: 'You help shoppers of Example Store.',
      connectionId: c.body.data.id,
      handoff: { maxTurns: 100 },
    }),
  });
  if (put.status !== 200) throw new Error(`agent: ${put.status} ${await put.text()}`);
  return botId;
}

/** Each session comes from an address of its own, as visitors do (a chat start is limited per address). */
let address = 0;
/** The visitor's address of each session, for its messages. */
const addressOf = new Map<string, Record<string, string>>();
async function newSession(botId: string): Promise<string> {
  address++;
  const headers = { 'x-forwarded-for': `198.18.${(address >> 8) & 255}.${address & 255}` };
  const s = await postJson(`${server.url}/api/v1/chat/${botId}/sessions`, {}, headers);
  if (s.status !== 201) throw new Error(`session: ${s.status} ${JSON.stringify(s.body)}`);
  addressOf.set(s.body.sessionId, headers);
  return s.body.sessionId;
}
const visitorHeaders = (sessionId: string) => addressOf.get(sessionId) ?? {};
const messagesUrl = (botId: string, sessionId: string) =>
  `${server.url}/api/v1/chat/${botId}/sessions/${sessionId}/messages`;

/** 1. Round trips of non-streamed turns, and bare calls of the same request to the stand-in. */
async function turnTimes(botId: string): Promise<{ turn: number[]; bare: number[] }> {
  const turn: number[] = [];
  let sessionId = await newSession(botId);
  for (let i = 0; i < WARMUP + TURNS; i++) {
    if (i % MESSAGES_PER_SESSION === 0) sessionId = await newSession(botId);
    standIn.script({ kind: 'text', text: ANSWER });
    const t = performance.now();
    const r = await postJson(messagesUrl(botId, sessionId), { message: `Question ${i}?` }, visitorHeaders(sessionId));
    const ms = performance.now() - t;
    if (r.status !== 200 || r.body.messages?.[0]?.message !== ANSWER) throw new Error(`turn: ${JSON.stringify(r)}`);
    if (i >= WARMUP) turn.push(ms);
  }
  const client = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.baseUrl, maxRetries: 0 });
  // The request a turn sends midway through a session: instructions, a few messages, the tools.
  const sample = standIn.requests.filter((r) => r.path === '/chat/completions').at(-5)!.body;
  const bare: number[] = [];
  for (let i = 0; i < WARMUP + TURNS; i++) {
    standIn.script({ kind: 'text', text: ANSWER });
    const t = performance.now();
    await client.chat.completions.create({ ...sample, stream: false });
    if (i >= WARMUP) bare.push(performance.now() - t);
  }
  return { turn, bare };
}

/** 2. Per token: the visitor's arrival minus the stand-in's write. */
async function tokenDelays(botId: string): Promise<number[]> {
  const delays: number[] = [];
  let sessionId = await newSession(botId);
  for (let i = 0; i < STREAMS + 5; i++) {
    if (i % MESSAGES_PER_SESSION === 0) sessionId = await newSession(botId);
    streamStandIn.script({ kind: 'text', text: STREAMED });
    const sentFrom = streamStandIn.contentChunkSentAt.length;
    const arrivals: number[] = [];
    const res = await fetch(messagesUrl(botId, sessionId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...visitorHeaders(sessionId) },
      body: JSON.stringify({ message: `Stream ${i}` }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const now = performance.now();
      text += decoder.decode(value, { stream: true });
      const tokens = text.split('event: token\n').length - 1;
      while (arrivals.length < tokens) arrivals.push(now);
    }
    const sent = streamStandIn.contentChunkSentAt.slice(sentFrom);
    if (sent.length !== arrivals.length)
      throw new Error(`sent ${sent.length} pieces, the visitor read ${arrivals.length}`);
    if (i >= 5) delays.push(...arrivals.map((at, k) => at - sent[k]!));
  }
  return delays;
}

/** The stand-ins keep what they were sent (for tests): not the service's memory, so let it go. */
function releaseStandInRecords() {
  for (const s of [standIn, streamStandIn]) {
    s.requests.length = 0;
    s.contentChunkSentAt.length = 0;
  }
}

/** 3. VISITORS conversing at once for SOAK_MINUTES; answers checked, heap sampled. */
async function soak(botId: string, streamBotId: string) {
  const deadline = Date.now() + SOAK_MINUTES * 60_000;
  let turns = 0;
  let errors = 0;
  const firstErrors: string[] = [];
  const heapMb: number[] = [];
  const sampler = setInterval(() => {
    releaseStandInRecords();
    gc?.();
    heapMb.push(Math.round(process.memoryUsage().heapUsed / 1e5) / 10);
  }, 10_000);
  const fail = (what: string) => {
    errors++;
    if (firstErrors.length < 5) firstErrors.push(what);
  };
  async function visitor(v: number) {
    while (Date.now() < deadline) {
      const streamed = v % 2 === 1;
      const bot = streamed ? streamBotId : botId;
      const sessionId = await newSession(bot);
      for (let m = 0; m < MESSAGES_PER_SESSION && Date.now() < deadline; m++) {
        try {
          if (streamed) {
            const res = await fetch(messagesUrl(bot, sessionId), {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                accept: 'text/event-stream',
                ...visitorHeaders(sessionId),
              },
              body: JSON.stringify({ message: `Visitor ${v} message ${m}` }),
            });
            const events = await readServerSentEvents(res.body!);
            const done = JSON.parse(events.at(-1)?.data ?? '{}');
            if (res.status !== 200 || done.messages?.[0]?.message !== 'Hello from the stand-in.')
              fail(`streamed ${res.status} ${JSON.stringify(done)}`);
          } else {
            const r = await postJson(
              messagesUrl(bot, sessionId),
              { message: `Visitor ${v} message ${m}` },
              visitorHeaders(sessionId),
            );
            if (r.status !== 200 || r.body.messages?.[0]?.message !== 'Hello from the stand-in.')
              fail(`json ${r.status} ${JSON.stringify(r.body)}`);
          }
        } catch (err) {
          fail(String(err));
        }
        turns++;
      }
      addressOf.delete(sessionId);
    }
  }
  const snapshot = (name: string) => {
    if (!HEAP_SNAPSHOTS) return;
    releaseStandInRecords();
    gc?.();
    console.log(`heap snapshot: ${writeHeapSnapshot(`${HEAP_SNAPSHOTS}/${name}.heapsnapshot`)}`);
  };
  snapshot('soak-start');
  // Writing the snapshot blocks for seconds: let the server close the keep-alive sockets that
  // timed out meanwhile before the visitors reuse them (else ECONNRESET).
  if (HEAP_SNAPSHOTS) await new Promise((r) => setTimeout(r, 1000));
  const started = Date.now();
  await Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(v)));
  clearInterval(sampler);
  snapshot('soak-end');
  const seconds = (Date.now() - started) / 1000;
  return {
    visitors: VISITORS,
    minutes: SOAK_MINUTES,
    turns,
    turnsPerSecond: Math.round(turns / seconds),
    errors,
    firstErrors,
    heapMb,
  };
}

try {
  const botId = await agentBot(standIn.baseUrl, standIn.apiKey);
  const streamBotId = await agentBot(streamStandIn.baseUrl, streamStandIn.apiKey);
  console.log(
    `store: ${server.store}${process.env.REDIS_URL ? ' + Redis' : ''}; load ${load1()}; gc ${gc ? 'on' : 'off'}`,
  );
  const { turn, bare } = await turnTimes(botId);
  const t = percentiles(turn);
  const b = percentiles(bare);
  const d = percentiles(await tokenDelays(streamBotId));
  console.log(
    JSON.stringify({
      load: load1(),
      turnMs: { n: t.n, p50: t.p50, p90: t.p90, p99: t.p99 },
      bareModelCallMs: { p50: b.p50, p90: b.p90 },
      confabOwnMsP50: Math.round((t.p50 - b.p50) * 10) / 10,
      tokenDelayMs: { n: d.n, p50: d.p50, p90: d.p90, p99: d.p99, max: d.max },
    }),
  );
  // The soak uses the stand-ins' default answer: no script queue to feed from 50 visitors.
  if (SOAK_MINUTES > 0) console.log(JSON.stringify({ load: load1(), soak: await soak(botId, streamBotId) }));
} finally {
  await server.close();
  await standIn.close();
  await streamStandIn.close();
}
process.exit(0);

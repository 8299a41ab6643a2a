/**
 * Visitor chat round trip through a branching flow (bench/README.md, "Branching flows"): one
 * visitor at a time answers a 50-step flow with 10 conditions, every message walking nine steps
 * (the answer, two sets, two conditions, two messages, a jump and the next question). The same
 * conversation runs on a second chatbot whose jumps are `http` steps calling a local HTTPS
 * receiver, so the difference between the two is what an http step costs. Sessions of the two
 * chatbots alternate, so a change in the machine's load weighs on both alike.
 *
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npx tsx bench/flowChat.ts
 *   SESSIONS=11 TURNS=50 npx tsx bench/flowChat.ts     # embedded PGlite without DATABASE_URL
 *   THINK_MS=20 …                                      # a pause between a visitor's messages
 */
import { Agent, request } from 'node:https';
import { startHttpsReceiver } from '../test/support/httpsReceiver.js';
import { createEnterpriseBot, percentiles, postJson, startBenchServer } from './conversationsSupport.js';
import { load1 } from './hotPathSupport.js';

/** Sessions per chatbot; the first of each is a warm-up and not counted. */
const SESSIONS = Number(process.env.SESSIONS ?? 11);
/** Visitor messages per session. */
const TURNS = Number(process.env.TURNS ?? 50);
/**
 * Pause between a visitor's messages (ms). Real visitors take seconds to type; with none, the
 * views' catch-up after one turn runs in the service while the next turn is served.
 */
const THINK_MS = Number(process.env.THINK_MS ?? 0);
const BLOCKS = 5;
const STEPS_PER_BLOCK = 10;
/** What the flow says when its http call failed: any reply containing it is a failed turn. */
const CALL_FAILED = 'The lookup failed';

/**
 * Five blocks of ten steps, each block one visitor turn; the last block leads back to the first,
 * so a session can be as long as wanted. `withHttp` makes each block's last step an http call
 * (failure path: a message saying so) instead of a jump.
 */
function benchFlow(receiverUrl: string | null) {
  const steps: Record<string, unknown>[] = [];
  for (let k = 0; k < BLOCKS; k++) {
    const id = (n: number) => `b${k}_${n}`;
    const nextQuestion = `b${(k + 1) % BLOCKS}_1`;
    const a = `a${k}`;
    steps.push(
      { id: id(1), type: 'question', text: `Question ${k}?`, variable: a, input: { type: 'text' }, next: id(2) },
      { id: id(2), type: 'set', variable: `v${k}`, value: `{{${a}}} seen`, next: id(3) },
      {
        id: id(3),
        type: 'condition',
        branches: [
          {
            when: {
              any: [
                { variable: a, op: 'equals', value: 'stop' },
                { variable: a, op: 'starts_with', value: 'quit' },
              ],
            },
            next: id(4),
          },
        ],
        else: id(5),
      },
      { id: id(4), type: 'message', text: 'Stopping soon.', next: id(6) },
      { id: id(5), type: 'message', text: `Noted: {{v${k}}}.`, next: id(6) },
      { id: id(6), type: 'set', variable: `w${k}`, value: `{{v${k}}} / {{${a}}}`, next: id(7) },
      {
        id: id(7),
        type: 'condition',
        branches: [
          {
            when: {
              all: [
                { variable: a, op: 'is_set' },
                { variable: `v${k}`, op: 'contains', value: 'answer' },
              ],
            },
            next: id(8),
          },
        ],
        else: id(9),
      },
      { id: id(8), type: 'message', text: `Thanks, {{w${k}}}.`, next: id(10) },
      { id: id(9), type: 'message', text: `${CALL_FAILED} or the answer was odd.`, next: nextQuestion },
      receiverUrl
        ? {
            id: id(10),
            type: 'http',
            method: 'POST',
            url: `${receiverUrl}/lookup/${k}`,
            body: { answer: `{{${a}}}`, block: k },
            save: { [`r${k}`]: '$.status' },
            next: nextQuestion,
            onError: id(9),
          }
        : { id: id(10), type: 'jump', next: nextQuestion },
    );
  }
  return { start: 'b0_1', steps };
}

const receiverTimes: number[] = [];
const receiver = await startHttpsReceiver({
  respond: () => {
    const t = performance.now();
    const reply = { status: 200, body: { status: 'found' } };
    receiverTimes.push(performance.now() - t);
    return reply;
  },
});
const server = await startBenchServer(
  {
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  },
  { flowHttpCertificateAuthority: receiver.caPem },
);

/** One session of TURNS messages; its round trips (ms) and the turns whose replies were wrong. */
async function session(botId: string, address: number): Promise<{ ms: number[]; wrong: number }> {
  const chat = `${server.url}/api/v1/chat/${botId}/sessions`;
  const headers = { 'x-forwarded-for': `198.18.${(address >> 8) & 255}.${address & 255}` };
  const s = await postJson(chat, { visitorId: `flow-bench-${address}` }, headers);
  if (s.status !== 201) throw new Error(`session start: ${s.status} ${JSON.stringify(s.body)}`);
  const ms: number[] = [];
  let wrong = 0;
  for (let i = 0; i < TURNS; i++) {
    const t = performance.now();
    const r = await postJson(`${chat}/${s.body.sessionId}/messages`, { message: `answer ${i}` }, headers);
    ms.push(performance.now() - t);
    const said: string[] = (r.body.messages ?? []).map((m: { message: string }) => m.message);
    // Each turn says "Noted", "Thanks" and the next question; anything else is a wrong path.
    if (r.status !== 200 || said.length !== 3 || said.some((m) => m.includes(CALL_FAILED))) wrong++;
    if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS));
  }
  return { ms, wrong };
}

/** The receiver's round trip as any client sees it: the same POST over a kept-alive TLS connection. */
async function bareCalls(n: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, ca: receiver.caPem });
  const body = JSON.stringify({ answer: 'answer 1', block: 0 });
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now();
      const req = request(
        `${receiver.url}/lookup/0`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(performance.now() - t));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await one());
  agent.destroy();
  return times;
}

try {
  const plain = await createEnterpriseBot(server, benchFlow(null));
  const withHttp = await createEnterpriseBot(server, benchFlow(receiver.url));
  console.log(
    `store: ${server.store}${process.env.REDIS_URL ? ' + Redis' : ''}; flow of ${BLOCKS * STEPS_PER_BLOCK} steps ` +
      `(${BLOCKS * 2} conditions); ${SESSIONS - 1} counted sessions × ${TURNS} messages per chatbot; load ${load1()}`,
  );
  const results = { plain: [] as number[], http: [] as number[] };
  let wrong = 0;
  let address = 1;
  for (let s = 0; s < SESSIONS; s++) {
    for (const [name, bot] of [
      ['plain', plain],
      ['http', withHttp],
    ] as const) {
      const r = await session(bot.botId, address++);
      wrong += r.wrong;
      if (s > 0) results[name].push(...r.ms);
    }
  }
  const callsBefore = receiver.requests.length;
  const bare = percentiles(await bareCalls(500));
  const p = percentiles(results.plain);
  const h = percentiles(results.http);
  // Microseconds: percentiles() rounds to 0.1 ms, far above what the receiver takes.
  const handling = [...receiverTimes].sort((x, y) => x - y)[Math.floor(receiverTimes.length / 2)] ?? 0;
  const round = (x: number) => Math.round(x * 100) / 100;
  console.log(
    JSON.stringify({
      load: load1(),
      wrongTurns: wrong,
      receiverCalls: callsBefore,
      plainMs: { n: p.n, p50: p.p50, p90: p.p90, p95: p.p95, p99: p.p99, max: p.max, mean: p.mean },
      httpMs: { n: h.n, p50: h.p50, p90: h.p90, p95: h.p95, p99: h.p99, max: h.max, mean: h.mean },
      receiverHandlingMsP50: Math.round(handling * 1000) / 1000,
      bareCallMs: { p50: bare.p50, p90: bare.p90, p99: bare.p99 },
      httpStepAddsMs: {
        p50Difference: round(h.p50 - p.p50),
        beyondReceiverHandling: round(h.p50 - p.p50 - handling),
        beyondBareCall: round(h.p50 - p.p50 - bare.p50),
      },
    }),
  );
} finally {
  await server.close();
  await receiver.close();
}
process.exit(0);

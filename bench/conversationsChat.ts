/**
 * Visitor chat round trip under concurrent visitors: every visitor starts a session and answers
 * the questions of a long flow one after another, as fast as the server answers. Each request
 * carries its visitor's own X-Forwarded-For address (the server trusts loopback proxies), so the
 * per-address limits apply per visitor as in production. Bounded: VISITORS × TURNS requests.
 *
 *   npx tsx bench/conversationsChat.ts            # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/conversationsChat.ts
 *   VISITORS=50 TURNS=60 npx tsx bench/conversationsChat.ts
 */
import { CHAT_LIMITS } from '../api/chat/chatRouter.js';
import { createEnterpriseBot, percentiles, postJson, startBenchServer } from './conversationsSupport.js';

const levels = (process.env.VISITORS ?? '1,10,50').split(',').map(Number);
// Stay under the per-address request limit (start + TURNS messages within a minute).
const TURNS = Math.min(Number(process.env.TURNS ?? 60), CHAT_LIMITS.requestsPerMinute - 1);

const server = await startBenchServer();
try {
  const flow = {
    steps: Array.from({ length: TURNS + 1 }, (_, i) => ({
      type: 'question',
      text: `Question ${i}, {{a${Math.max(0, i - 1)}}}?`,
      variable: `a${i}`,
    })),
  };
  const { botId } = await createEnterpriseBot(server, flow);
  const chat = `${server.url}/api/v1/chat/${botId}/sessions`;
  console.log(`store: ${server.store}; flow of ${TURNS + 1} questions; ${TURNS} messages per visitor`);

  let nextAddress = 1;
  for (const visitors of levels) {
    const starts: number[] = [];
    const messages: number[] = [];
    let failures = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: visitors }, async () => {
        const n = nextAddress++;
        const headers = { 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}` };
        let t = performance.now();
        const s = await postJson(chat, { visitorId: `bench-${n}`, customData: { bench: 'yes' } }, headers);
        starts.push(performance.now() - t);
        if (s.status !== 201) return void failures++;
        for (let i = 0; i < TURNS; i++) {
          t = performance.now();
          const r = await postJson(`${chat}/${s.body.sessionId}/messages`, { message: `answer ${i}` }, headers);
          messages.push(performance.now() - t);
          if (r.status !== 200) failures++;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const m = percentiles(messages);
    const st = percentiles(starts);
    console.log(
      JSON.stringify({
        visitors,
        messages: m.n,
        failures,
        throughputPerSecond: Math.round(((m.n + st.n) / seconds) * 10) / 10,
        messageMs: { p50: m.p50, p90: m.p90, p99: m.p99, max: m.max, mean: m.mean },
        startMs: { p50: st.p50, p99: st.p99 },
      }),
    );
  }
} finally {
  await server.close();
}

/**
 * The conversation export (GET /chatbots/{id}/responses/export) over 1,000,000 stored responses
 * of one chatbot (ROWS), as CSV and as NDJSON: rows per second, time to the first byte, and the
 * process's resident memory while the file streams, which must stay flat (the export holds one
 * page of the view at a time and writes at the reader's pace). The reader is in this process
 * too and keeps nothing but counts, so the RSS measured is the server's plus a counting client.
 * Seeding writes the read-model rows directly with INSERT … SELECT generate_series in batches of
 * 100,000 (the document shape the responses projection writes), instead of replaying 4,000,000
 * events. Run it on PostgreSQL: the embedded store runs inside this process and its own cache
 * would be counted as the export's memory.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/responsesExport.ts
 */
import { createEnterpriseBot, startBenchServer } from './conversationsSupport.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BATCH = 100_000;
const MB = 1024 * 1024;

const server = await startBenchServer({ RATE_LIMIT_PER_MINUTE: '1000000000' });
const { sql } = server.running.services;
try {
  const { apiKey, workspaceId, botId } = await createEnterpriseBot(server);
  let t = performance.now();
  for (let from = 1; from <= ROWS; from += BATCH) {
    // Chat dates spread over a year at one-second steps: many rows share a chatDate, as the keyset must handle.
    await sql.query(
      `INSERT INTO rm_responses (id, doc)
       SELECT r.id, jsonb_build_object(
         'id', r.id, 'chatbotId', $1::text, 'workspaceId', $2::text, 'chatSessionId', 's' || r.id, 'visitorId', 'v' || (g % 5000),
         'channel', 'web', 'chatDate', r.chat_date, 'turnCount', 2, 'status', 'completed', 'resolution', 'resolved',
         'escalationReason', null, 'updatedAt', r.chat_date, 'completedAt', r.chat_date, 'user', null,
         'flowVersion', 1, 'aiAgent', null, 'customData', jsonb_build_object('platform', 'bench'),
         'answerVariables', jsonb_build_object('name', 'Visitor ' || g, 'email', 'v' || g || '@example.com'),
         'record', jsonb_build_array(
           jsonb_build_object('type', 'bot', 'message', 'What is your name?', 'at', r.chat_date),
           jsonb_build_object('type', 'user', 'message', 'Visitor ' || g, 'at', r.chat_date),
           jsonb_build_object('type', 'bot', 'message', 'What is your email address?', 'at', r.chat_date),
           jsonb_build_object('type', 'user', 'message', 'v' || g || '@example.com', 'at', r.chat_date)))
       FROM generate_series($3::int, $4::int) AS g,
       LATERAL (SELECT lpad(to_hex(g), 24, '0') AS id,
                       to_char(timestamp '2026-01-01' + make_interval(secs => g % (365 * 86400 / 4)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS chat_date) r`,
      [botId, workspaceId, from, Math.min(ROWS, from + BATCH - 1)],
    );
  }
  await sql.exec('ANALYZE rm_responses');
  console.log(`store: ${server.store}; seeded ${ROWS} responses in ${Math.round(performance.now() - t)} ms`);

  console.log(
    `\n| format | rows | MB | seconds | rows/s | first byte ms | RSS before MB | peak RSS during MB | peak heap used MB |\n|---|---|---|---|---|---|---|---|---|`,
  );
  for (const format of ['csv', 'ndjson'] as const) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    t = performance.now();
    const res = await fetch(`${server.url}/api/v1/external/v1/chatbots/${botId}/responses/export?format=${format}`, {
      headers: { 'x-api-key': apiKey },
    });
    if (res.status !== 200 || !res.body) throw new Error(`${format}: ${res.status} ${await res.text()}`);
    let firstByte = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      firstByte ||= performance.now() - t;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const seconds = (performance.now() - t) / 1000;
    const rows = format === 'csv' ? lines - 1 : lines;
    if (rows !== ROWS) throw new Error(`${format}: ${rows} rows, expected ${ROWS}`);
    console.log(
      `| ${format} | ${rows} | ${Math.round(bytes / MB)} | ${seconds.toFixed(1)} | ${Math.round(rows / seconds)} | ${Math.round(firstByte)} | ${Math.round(before / MB)} | ${Math.round(peak / MB)} | ${Math.round(peakHeap / MB)} |`,
    );
  }
  console.log(
    `\nprocess peak RSS over the whole run (maxRSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
} finally {
  await server.close();
}

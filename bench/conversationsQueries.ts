/**
 * The responses list and analytics with 100,000 stored responses of one chatbot (plus 50,000 of
 * ten other chatbots, so the indexes have to select). Seeding writes the read-model rows
 * directly with one INSERT … SELECT generate_series per view (the same document shapes the
 * projections write), which takes seconds instead of replaying 400,000 events.
 * Then autocannon measures each endpoint, and EXPLAIN ANALYZE shows the plan of every SQL
 * statement those requests ran (captured from the SqlClient, so it is exactly what the API sends).
 *
 *   npx tsx bench/conversationsQueries.ts
 *   DATABASE_URL=postgres://… npx tsx bench/conversationsQueries.ts
 */
import autocannon from 'autocannon';
import { addDays, dayOf } from '../domain/conversation/utcDays.js';
import { createEnterpriseBot, startBenchServer } from './conversationsSupport.js';

const RESPONSES = Number(process.env.RESPONSES ?? 100_000);
const OTHERS = Number(process.env.OTHER_RESPONSES ?? 50_000);
const SECONDS = Number(process.env.SECONDS ?? 5);

const server = await startBenchServer({ RATE_LIMIT_PER_MINUTE: '1000000000' });
const { sql } = server.running.services;
try {
  const { apiKey, workspaceId, botId } = await createEnterpriseBot(server);
  const today = dayOf(new Date());

  let t = performance.now();
  // Chat dates spread over the last 365 days; every g-th row belongs to the bench chatbot first.
  await sql.query(
    `INSERT INTO rm_responses (id, doc)
     SELECT r.id, jsonb_build_object(
       'id', r.id, 'chatbotId', r.chatbot, 'workspaceId', $2::text, 'chatSessionId', 's' || r.id, 'visitorId', 'v' || (g % 5000),
       'channel', 'web', 'chatDate', r.chat_date, 'turnCount', 2, 'status', 'completed', 'resolution', 'resolved',
       'escalationReason', null, 'updatedAt', r.chat_date, 'completedAt', r.chat_date, 'user', null,
       'customData', jsonb_build_object('platform', 'bench', 'storeHash', 'h' || (g % 100)),
       'answerVariables', jsonb_build_object('name', 'Visitor ' || g, 'email', 'v' || g || '@example.com'),
       'record', jsonb_build_array(
         jsonb_build_object('type', 'bot', 'message', 'Hi! Thanks for stopping by.', 'at', r.chat_date),
         jsonb_build_object('type', 'bot', 'message', 'What is your name?', 'at', r.chat_date),
         jsonb_build_object('type', 'user', 'message', 'Visitor ' || g, 'at', r.chat_date),
         jsonb_build_object('type', 'bot', 'message', 'Nice to meet you, Visitor ' || g || '. What is your email address?', 'at', r.chat_date),
         jsonb_build_object('type', 'user', 'message', 'v' || g || '@example.com', 'at', r.chat_date),
         jsonb_build_object('type', 'bot', 'message', 'Thank you, Visitor ' || g || '! We will be in touch soon.', 'at', r.chat_date)))
     FROM generate_series(1, $3::int + $4::int) AS g,
     LATERAL (SELECT lpad(to_hex(g), 24, '0') AS id,
                     CASE WHEN g <= $3::int THEN $1::text ELSE 'other' || (g % 10) END AS chatbot,
                     to_char(now() AT TIME ZONE 'UTC' - make_interval(secs => (g::bigint * 7919) % (365 * 86400)), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS chat_date) r`,
    [botId, workspaceId, RESPONSES, OTHERS],
  );
  await sql.query(
    `INSERT INTO rm_response_daily_counts (id, doc)
     SELECT c || ':' || d, jsonb_build_object('id', c || ':' || d, 'chatbotId', c, 'day', d, 'count', n)
     FROM (SELECT doc->>'chatbotId' AS c, substr(doc->>'chatDate', 1, 10) AS d, count(*)::int AS n FROM rm_responses GROUP BY 1, 2) x`,
  );
  await sql.query(`UPDATE rm_chatbots SET doc = jsonb_set(doc, '{responseCount}', to_jsonb($2::int)) WHERE id = $1`, [
    botId,
    RESPONSES,
  ]);
  await sql.exec('ANALYZE rm_responses; ANALYZE rm_response_daily_counts; ANALYZE rm_chatbots');
  const seeded = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM rm_responses`);
  console.log(
    `store: ${server.store}; seeded ${seeded.rows[0].n} response rows (${RESPONSES} for the bench chatbot) in ${Math.round(performance.now() - t)} ms`,
  );

  const one = await (
    await fetch(`${server.url}/api/v1/external/v1/chatbots/${botId}/responses?limit=1`, {
      headers: { 'x-api-key': apiKey },
    })
  ).json();
  const base = `/api/v1/external/v1/chatbots/${botId}`;
  const cases: Array<[string, string]> = [
    ['list page 1 (limit 20)', `${base}/responses`],
    ['list page 1, limit 100', `${base}/responses?limit=100`],
    ['list, last 30 days', `${base}/responses?startDate=${addDays(today, -29)}&endDate=${today}`],
    [
      'list, one day, page 2',
      `${base}/responses?startDate=${addDays(today, -100)}&endDate=${addDays(today, -100)}&limit=100&page=2`,
    ],
    ['list page 2500 (offset 49,980)', `${base}/responses?page=2500`],
    ['analytics (30 days)', `${base}/analytics`],
    ['analytics (365 days)', `${base}/analytics?days=365`],
    ['get one response', `${base}/responses/${one.data[0]._id}`],
  ];

  // Record the SQL each endpoint runs, to EXPLAIN it below.
  const captured = new Map<string, { text: string; params: unknown[] }>();
  const query = sql.query.bind(sql);
  let capturing = false;
  (sql as { query: typeof sql.query }).query = ((text: string, params?: unknown[]) => {
    if (capturing && /rm_response/.test(text)) captured.set(text, { text, params: params ?? [] });
    return query(text, params);
  }) as typeof sql.query;

  console.log(`\n| endpoint | req/s | p50 ms | p99 ms | max ms | non-2xx |\n|---|---|---|---|---|---|`);
  for (const [name, path] of cases) {
    capturing = true;
    const check = await fetch(server.url + path, { headers: { 'x-api-key': apiKey } });
    capturing = false;
    if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    const r = await autocannon({
      url: server.url + path,
      headers: { 'x-api-key': apiKey },
      connections: 10,
      duration: SECONDS,
    });
    console.log(
      `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} |`,
    );
  }

  console.log('\nQuery plans (EXPLAIN ANALYZE of the statements above):');
  for (const { text, params } of captured.values()) {
    const plan = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params);
    console.log(`\n${text.replace(/\s+/g, ' ')}\n  params: ${JSON.stringify(params)}`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  }
  t = performance.now();
} finally {
  await server.close();
}

/**
 * GET /api/v1/workspace/ad-analytics with 1,000,000 clicks of one workspace (plus the day rows
 * of other workspaces, so the index has to select).
 *
 * Seeding: one SQL statement generates the clicks as rows of a temporary table (days of the last
 * 365, recent ones more often; 200,000 visitors, a few of them frequent; three devices, 14 browsers), and grouped INSERT … SELECTs
 * turn them into exactly the rows the projection keeps (`rm_ad_click_days`, `rm_ad_visitors`):
 * seconds instead of replaying a million events. The answer is checked against the same
 * counts taken over the raw clicks. A separate, smaller step appends real AdClicked events
 * through the click command and times the projection absorbing them (the write path).
 * Then autocannon measures the endpoint, and EXPLAIN ANALYZE shows the plan of every SQL
 * statement a request runs (captured from the SqlClient).
 *
 *   npx tsx bench/adAnalytics.ts
 *   DATABASE_URL=postgres://… npx tsx bench/adAnalytics.ts
 */
import autocannon from 'autocannon';
import { operatorContext } from '../commands/commandContext.js';
import { addDays, dayOf } from '../domain/conversation/utcDays.js';
import { UA } from '../test/support/userAgents.js';
import { startBenchServer } from './conversationsSupport.js';

const CLICKS = Number(process.env.CLICKS ?? 1_000_000);
const VISITORS = Number(process.env.VISITORS ?? 200_000);
const OTHER_WORKSPACES = Number(process.env.OTHER_WORKSPACES ?? 500);
const PROJECTED = Number(process.env.PROJECTED_CLICKS ?? 2_000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const BROWSERS = [
  'Chrome',
  'Mobile Safari',
  'Safari',
  'Firefox',
  'Edge',
  'Samsung Internet',
  'Mobile Chrome',
  'Opera',
  'Yandex',
  'UCBrowser',
  'Vivaldi',
  'Mobile Firefox',
  'IE',
  'Other',
];

const server = await startBenchServer();
const { services } = server.running;
const { sql } = services;
try {
  const { apiKey, workspaceId } = await services.workspaces.createWorkspace(
    { name: 'Ads', plan: 'pro', ownerEmail: `ads-${Date.now()}@example.com` },
    operatorContext(),
  );
  const today = dayOf(new Date());
  const first = addDays(today, -29);

  let t = performance.now();
  // Click g: a day of the last 365 (UTC, more of them recent), a visitor of VISITORS (some click
  // often, most rarely), device 60/30/10 %, one of 14 browsers.
  await sql.query(
    `CREATE TEMP TABLE bench_clicks AS
     SELECT to_char((now() AT TIME ZONE 'UTC')::date - floor(365 * random() ^ 1.5)::int, 'YYYY-MM-DD') AS day,
            'v' || floor($2::int * random() ^ 2)::int AS visitor,
            CASE WHEN g % 10 < 6 THEN 'desktop' WHEN g % 10 < 9 THEN 'mobile' ELSE 'tablet' END AS device,
            ($3::text[])[1 + (g::bigint * 31) % array_length($3::text[], 1)] AS browser
     FROM generate_series(1, $1::int) AS g`,
    [CLICKS, VISITORS, BROWSERS],
  );
  await sql.query(
    `INSERT INTO rm_ad_visitors (id, doc)
     SELECT $1 || ':' || visitor, jsonb_build_object('id', $1 || ':' || visitor, 'workspaceId', $1::text, 'visitorId', visitor, 'lastClickDay', max(day))
     FROM bench_clicks GROUP BY visitor`,
    [workspaceId],
  );
  await sql.query(
    `INSERT INTO rm_ad_click_days (id, doc)
     SELECT $1 || ':' || d.day, jsonb_build_object('id', $1 || ':' || d.day, 'workspaceId', $1::text, 'day', d.day, 'clicks', d.clicks,
              'devices', jsonb_build_object('desktop', d.desktop, 'mobile', d.mobile, 'tablet', d.tablet),
              'browsers', b.browsers, 'visitorsLastSeen', COALESCE(v.n, 0))
     FROM (SELECT day, count(*)::int AS clicks, (count(*) FILTER (WHERE device = 'desktop'))::int AS desktop,
                  (count(*) FILTER (WHERE device = 'mobile'))::int AS mobile, (count(*) FILTER (WHERE device = 'tablet'))::int AS tablet
           FROM bench_clicks GROUP BY day) d
     JOIN (SELECT day, jsonb_object_agg(browser, n) AS browsers FROM (SELECT day, browser, count(*)::int AS n FROM bench_clicks GROUP BY 1, 2) x GROUP BY day) b USING (day)
     LEFT JOIN (SELECT last_day AS day, count(*)::int AS n FROM (SELECT max(day) AS last_day FROM bench_clicks GROUP BY visitor) y GROUP BY 1) v USING (day)`,
    [workspaceId],
  );
  // Other workspaces: a year of day rows each, 20 clicks a day.
  await sql.query(
    `INSERT INTO rm_ad_click_days (id, doc)
     SELECT w || ':' || d, jsonb_build_object('id', w || ':' || d, 'workspaceId', w, 'day', d, 'clicks', 20,
              'devices', jsonb_build_object('desktop', 20, 'mobile', 0, 'tablet', 0), 'browsers', jsonb_build_object('Chrome', 20), 'visitorsLastSeen', 5)
     FROM generate_series(1, $1::int) AS o, generate_series(0, 364) AS k,
     LATERAL (SELECT 'other' || o AS w, to_char((now() AT TIME ZONE 'UTC')::date - k, 'YYYY-MM-DD') AS d) x`,
    [OTHER_WORKSPACES],
  );
  await sql.exec('ANALYZE rm_ad_click_days; ANALYZE rm_ad_visitors');
  const seededMs = performance.now() - t;
  t = performance.now();
  const truth = await sql.query<{ clicks: number; visitors: number }>(
    `SELECT count(*)::int AS clicks, count(DISTINCT visitor)::int AS visitors FROM bench_clicks WHERE day >= $1 AND day <= $2`,
    [first, today],
  );
  const rawMs = performance.now() - t;
  const rows = await sql.query<{ days: number; visitors: number }>(
    `SELECT (SELECT count(*)::int FROM rm_ad_click_days) AS days, (SELECT count(*)::int FROM rm_ad_visitors) AS visitors`,
  );
  console.log(
    `store: ${server.store}; ${CLICKS} clicks of one workspace (${VISITORS} visitors, 365 days) seeded as ${rows.rows[0].days} day rows (incl. ${OTHER_WORKSPACES} other workspaces) and ${rows.rows[0].visitors} visitor rows in ${Math.round(seededMs)} ms`,
  );
  await sql.exec('DROP TABLE bench_clicks');

  const headers = { 'x-api-key': apiKey };
  const url = `${server.url}/api/v1/workspace/ad-analytics`;
  const answer = await (await fetch(url, { headers })).json();
  const expected = truth.rows[0];
  const matches = answer.totalClicks === expected.clicks && answer.uniqueVisitors === expected.visitors;
  console.log(
    `answer: totalClicks ${answer.totalClicks}, uniqueVisitors ${answer.uniqueVisitors}; over the raw clicks: ${expected.clicks}, ${expected.visitors} → ${matches ? 'equal' : 'DIFFERENT'} (that count over the raw clicks took ${Math.round(rawMs)} ms)`,
  );
  if (!matches) throw new Error('the analytics answer differs from the raw clicks');

  // The write path: real clicks through the command, then the time until the views include them.
  // Ten clicks in flight at a time, as from ten visitors at once.
  t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = next++; i < PROJECTED; i = next++) {
        await services.adClicks.recordClick({
          workspaceId: 'write-path',
          mediaId: 'm',
          vid: `w${i % 500}`,
          clientAddress: '192.0.2.1',
          userAgent: i % 2 ? UA.iphone : UA.chromeWindows,
          requestId: `r${i}`,
        });
      }
    }),
  );
  const appendMs = performance.now() - t;
  await services.projections.catchUp();
  await services.projections.catchUp();
  const totalMs = performance.now() - t;
  console.log(
    `write path: ${PROJECTED} clicks appended (10 at a time) in ${Math.round(appendMs)} ms (${Math.round(PROJECTED / (appendMs / 1000))}/s); views include them after ${Math.round(totalMs)} ms (${Math.round(PROJECTED / (totalMs / 1000))} clicks/s end to end)`,
  );

  const captured = new Map<string, { text: string; params: unknown[] }>();
  const query = sql.query.bind(sql);
  let capturing = true;
  (sql as { query: typeof sql.query }).query = ((text: string, params?: unknown[]) => {
    if (capturing && /rm_(ad_|api_keys|workspaces)/.test(text)) captured.set(text, { text, params: params ?? [] });
    return query(text, params);
  }) as typeof sql.query;
  await fetch(url, { headers });
  capturing = false;

  // /healthz in the same run: what this machine's HTTP stack alone allows at the moment.
  console.log(`\n| endpoint | req/s | p50 ms | p99 ms | max ms | non-2xx |\n|---|---|---|---|---|---|`);
  for (const [name, target, h] of [
    ['GET /healthz (no store)', `${server.url}/healthz`, {}],
    [`GET /ad-analytics (${CLICKS} clicks)`, url, headers],
  ] as const) {
    const r = await autocannon({ url: target, headers: h, connections: 10, duration: SECONDS });
    console.log(
      `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx + r.errors} |`,
    );
  }

  console.log('\nQuery plans (EXPLAIN ANALYZE of the statements one request runs):');
  for (const { text, params } of captured.values()) {
    const plan = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params);
    console.log(`\n${text.replace(/\s+/g, ' ')}\n  params: ${JSON.stringify(params)}`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  }
} finally {
  await server.close();
}
process.exit(0);

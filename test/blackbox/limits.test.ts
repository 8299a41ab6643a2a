/**
 * Black box, access and limits (docs/external-api.md: Authentication, Errors, Rate
 * limit and quota, Usage): 401 and the free plan's 403, the RateLimit-* and X-Quota-* headers on every response,
 * the burst 429 with its exact body, the monthly quota, usage counting and the 15 MB body limit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sortedKeys, startBlackbox, type ApiAnswer, type Blackbox, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

let bb: Blackbox;
let ws: Workspace;

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    ws = await bb.workspace('starter');
  }),
);
test.after(async () => {
  await bb?.close();
});

function nextMonthStartEpoch(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
}

function assertLimitHeaders(r: ApiAnswer, quotaLimit: number, what: string) {
  const h = (name: string) => r.headers.get(name);
  assert.is(h('RateLimit-Policy'), '60;w=60', `${what}: RateLimit-Policy`);
  assert.is(h('RateLimit-Limit'), '60', `${what}: RateLimit-Limit`);
  assert.match(h('RateLimit-Remaining') ?? '', /^\d+$/, `${what}: RateLimit-Remaining`);
  assert.ok(Number(h('RateLimit-Remaining')) <= 60);
  assert.match(h('RateLimit-Reset') ?? '', /^\d+$/, `${what}: RateLimit-Reset`);
  assert.ok(Number(h('RateLimit-Reset')) <= 60, `${what}: RateLimit-Reset is seconds until the window resets`);
  assert.is(h('X-Quota-Limit'), String(quotaLimit), `${what}: X-Quota-Limit`);
  assert.match(h('X-Quota-Remaining') ?? '', /^\d+$/, `${what}: X-Quota-Remaining`);
  assert.ok(Number(h('X-Quota-Remaining')) <= quotaLimit);
  const reset = Number(h('X-Quota-Reset'));
  assert.ok(
    [nextMonthStartEpoch(), nextMonthStartEpoch(new Date(Date.now() + 60_000))].includes(reset),
    `${what}: X-Quota-Reset is the next month start, got ${reset}`,
  );
  assert.is(h('X-Quota-Period'), 'month', `${what}: X-Quota-Period`);
}

test('a missing or unknown API key is 401 "Invalid API key"', async () => {
  for (const key of [null, 'cfb_not-a-real-key', 'garbage']) {
    const r = await bb.api('GET', '/chatbots', { key });
    assert.is(r.status, 401, String(key));
    assert.is(r.body.error, 'Invalid API key');
  }
  const w = await bb.api('POST', '/webhooks', {
    body: { chatbotId: 'x', url: 'https://hooks.example.com/x', events: ['response.created'] },
  });
  assert.is(w.status, 401);
});

test('the free plan has no API access: 403 on every endpoint', async () => {
  const free = await bb.workspace('free');
  for (const [method, path] of [
    ['GET', '/chatbots'],
    ['GET', '/usage'],
    ['GET', '/account'],
    ['GET', '/webhooks'],
    ['POST', '/chatbots'],
  ]) {
    const r = await bb.api(method!, path!, { key: free.apiKey, body: method === 'POST' ? { name: 'x' } : undefined });
    assert.is(r.status, 403, `${method} ${path}`);
    assert.type(r.body.error, 'string');
    // "Every response carries" the headers; the free plan's monthly calls are none.
    assertLimitHeaders(r, 0, `free ${method} ${path}`);
  }
});

test('every response carries the RateLimit-* and X-Quota-* headers (2xx, 4xx alike)', async () => {
  const key = ws.apiKey;
  const bot = await bb.api('POST', '/chatbots', { key, body: { name: 'Headers' } });
  const answers: Array<[string, ApiAnswer]> = [
    ['create', bot],
    ['list', await bb.api('GET', '/chatbots', { key })],
    ['usage', await bb.api('GET', '/usage', { key })],
    ['400', await bb.api('POST', '/chatbots', { key, body: {} })],
    ['404', await bb.api('GET', '/chatbots/nope', { key })],
    ['404 route', await bb.api('GET', '/no-such-resource', { key })],
    [
      '403 scope',
      await bb.api('POST', '/account/email/confirm-change', {
        key: await bb.apiKey(ws.workspaceId),
        body: { newEmail: 'a@example.org', otp: '123456' },
      }),
    ],
    [
      '409',
      await (async () => {
        const body = { chatbotId: bot.body.data.id, url: 'https://hooks.example.com/h', events: ['response.created'] };
        await bb.api('POST', '/webhooks', { key, body });
        return bb.api('POST', '/webhooks', { key, body });
      })(),
    ],
  ];
  assert.is(answers[7]![1].status, 409);
  for (const [what, r] of answers) assertLimitHeaders(r, 10_000, what);
  const remaining = answers.slice(0, 3).map(([, r]) => Number(r.headers.get('RateLimit-Remaining')));
  assert.ok(
    remaining[0]! > remaining[1]! && remaining[1]! > remaining[2]!,
    `RateLimit-Remaining counts down: ${remaining}`,
  );
});

test('usage: month, plan, used, limit, remaining; only 2xx calls are counted', async () => {
  const w = await bb.workspace('starter');
  const u1 = await bb.api('GET', '/usage', { key: w.apiKey });
  assert.is(u1.status, 200);
  assert.equal(sortedKeys(u1.body), ['data']);
  const d1 = u1.body.data;
  assert.equal(sortedKeys(d1), ['limit', 'month', 'plan', 'remaining', 'used']);
  assert.is(d1.month, new Date().toISOString().slice(0, 7));
  assert.is(d1.plan, 'starter');
  assert.is(d1.limit, 10_000);
  assert.ok(Number.isInteger(d1.used));
  assert.is(d1.remaining, d1.limit - d1.used);

  // 4xx answers are not counted.
  await bb.api('GET', '/chatbots/nope', { key: w.apiKey });
  await bb.api('POST', '/chatbots', { key: w.apiKey, body: {} });
  const d2 = (await bb.api('GET', '/usage', { key: w.apiKey })).body.data;
  assert.is(d2.used, d1.used + 1, 'only the first usage call was counted');
  // 2xx answers are.
  await bb.api('GET', '/chatbots', { key: w.apiKey });
  await bb.api('GET', '/account', { key: w.apiKey });
  const d3 = (await bb.api('GET', '/usage', { key: w.apiKey })).body.data;
  assert.is(d3.used, d2.used + 3);
  assert.is(d3.remaining, d3.limit - d3.used);

  for (const [plan, limit] of [
    ['pro', 50_000],
    ['business', 200_000],
  ] as const) {
    const p = await bb.workspace(plan);
    const u = (await bb.api('GET', '/usage', { key: p.apiKey })).body.data;
    assert.equal([u.plan, u.limit], [plan, limit]);
  }
  const e = await bb.workspace('enterprise', ['--monthly-calls', '1234']);
  const eu = (await bb.api('GET', '/usage', { key: e.apiKey })).body.data;
  assert.equal([eu.plan, eu.limit], ['enterprise', 1234]);
});

test('burst limit: 60 requests a minute per key, then 429 with the exact body and Retry-After', async () => {
  const w = await bb.workspace('starter');
  const observer = await bb.apiKey(w.workspaceId);
  const before = (await bb.api('GET', '/usage', { key: observer })).body.data.used;

  const answers: ApiAnswer[] = [];
  for (let i = 0; i < 60; i++) answers.push(await bb.api('GET', '/chatbots', { key: w.apiKey }));
  assert.equal([...new Set(answers.map((r) => r.status))], [200], 'the first 60 pass');
  assert.is(answers[59]!.headers.get('RateLimit-Remaining'), '0');

  for (let i = 0; i < 3; i++) {
    const r = await bb.api('GET', '/chatbots', { key: w.apiKey });
    assert.is(r.status, 429);
    assert.equal(r.body, {
      error: 'External API rate limit exceeded. Max 60 requests per minute.',
      code: 'RATE_LIMIT_ERROR',
    });
    assert.is(r.headers.get('Retry-After'), '60');
    assertLimitHeaders(r, 10_000, '429');
    assert.is(r.headers.get('RateLimit-Remaining'), '0');
  }
  // Per key: another key of the same workspace is not limited...
  const u = await bb.api('GET', '/usage', { key: observer });
  assert.is(u.status, 200);
  // ...and the refused calls did not count against the monthly quota.
  assert.is(u.body.data.used, before + 1 + 60);
});

test('monthly quota: calls past the limit are 429', async () => {
  const w = await bb.workspace('enterprise', ['--monthly-calls', '3']);
  for (let i = 0; i < 3; i++) assert.is((await bb.api('GET', '/chatbots', { key: w.apiKey })).status, 200);
  const r = await bb.api('GET', '/chatbots', { key: w.apiKey });
  assert.is(r.status, 429);
  assert.type(r.body.error, 'string');
  assert.is(r.headers.get('X-Quota-Limit'), '3');
  assert.is(r.headers.get('X-Quota-Remaining'), '0');
});

test('bodies over 15 MB are 413', async () => {
  const w = await bb.workspace('starter');
  const big = JSON.stringify({ name: 'big', description: 'x'.repeat(15 * 1024 * 1024 + 10) });
  const r = await bb.api('POST', '/chatbots', {
    key: w.apiKey,
    raw: big,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(r.status, 413);
  assert.type(r.body.error, 'string');
});

test.run();

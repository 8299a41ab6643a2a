/**
 * Monthly quota per workspace (docs/external-api.md, Limits): only 2xx and 5xx count,
 * 4xx and burst 429s do not, a spent quota answers 429 QUOTA_EXCEEDED.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';

const BASE = '/api/v1/external/v1';
let app: TestApp;
let workspaceId: string;
let n = 0;

/** Each scenario gets keys of its own, so the burst limit of 2 only bites where meant. */
async function freshKey(): Promise<string> {
  return (await app.services.workspaces.createApiKey({ workspaceId }, operatorContext(workspaceId))).apiKey;
}

/** Usage is counted once the response is finished; wait until the count reaches `expected`. */
async function usageSettlesAt(expected: number): Promise<void> {
  const deadline = Date.now() + 3000;
  let used = -1;
  while (Date.now() < deadline) {
    used = await app.services.usage.get(workspaceId, monthOf(new Date()));
    if (used === expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 100)); // and stays there: nothing else was counted late
  assert.is(await app.services.usage.get(workspaceId, monthOf(new Date())), expected);
}

function nextUtcMonthStart(): string {
  const d = new Date();
  return String(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000);
}

test.before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  n += 1;
  ({ workspaceId } = await app.services.workspaces.createWorkspace(
    {
      name: 'Tiny quota',
      plan: 'enterprise',
      ownerEmail: `quota${Date.now()}-${n}@example.com`,
      limits: { monthlyCalls: 3 },
    },
    operatorContext(),
  ));
});

test('the quota headers show the custom limit and the next UTC month start', async () => {
  const r = await app.api('GET', `${BASE}/chatbots/unknown-id`, { apiKey: await freshKey() });
  assert.is(r.status, 404);
  assert.is(r.headers.get('x-quota-limit'), '3');
  assert.is(r.headers.get('x-quota-remaining'), '3', 'a 404 is not counted, so all 3 calls are left');
  assert.is(r.headers.get('x-quota-reset'), nextUtcMonthStart());
  assert.is(r.headers.get('x-quota-period'), 'month');
});

test('4xx answers do not count, and their X-Quota-Remaining says so', async () => {
  const key = await freshKey();
  const invalid = await app.api('POST', `${BASE}/chatbots`, { apiKey: key, body: { name: 5 } });
  assert.is(invalid.status, 400);
  assert.is(invalid.headers.get('x-quota-remaining'), '3');
  assert.is((await app.api('GET', `${BASE}/chatbots/nope`, { apiKey: key })).status, 404);
  await usageSettlesAt(0);
});

test('2xx answers count; burst 429s do not', async () => {
  const key = await freshKey();
  const counted = await app.api('GET', `${BASE}/chatbots`, { apiKey: key });
  assert.is(counted.status, 200);
  assert.is(counted.headers.get('x-quota-remaining'), '2', 'the 200 is counted: 2 of 3 left');
  await usageSettlesAt(1);
  assert.is((await app.api('GET', `${BASE}/usage`, { apiKey: key })).body.data.used, 1);
  await usageSettlesAt(2);
  const burst = await app.api('GET', `${BASE}/chatbots`, { apiKey: key });
  assert.is(burst.status, 429);
  assert.is(burst.body.code, 'RATE_LIMIT_ERROR');
  // Quota headers on the burst 429 too; it is not counted, so 1 of the 3 calls is still left.
  assert.is(burst.headers.get('x-quota-remaining'), '1', 'quota headers on the burst 429 too');
  assert.is(burst.headers.get('retry-after'), '60', 'the documented Retry-After');
  await usageSettlesAt(2);
});

test('5xx answers count', async () => {
  const chatbots = app.services.chatbots;
  const original = chatbots.create;
  chatbots.create = async () => {
    throw new Error('simulated failure');
  };
  try {
    const r = await app.api('POST', `${BASE}/chatbots`, { apiKey: await freshKey(), body: { name: 'boom' } });
    assert.is(r.status, 500);
    assert.equal(r.body, { error: 'Internal server error', code: 'INTERNAL_ERROR' });
  } finally {
    chatbots.create = original;
  }
  await usageSettlesAt(3);
});

test('a spent quota answers 429 QUOTA_EXCEEDED for every key of the workspace, and is not counted', async () => {
  for (const path of ['/chatbots', '/usage']) {
    const r = await app.api('GET', BASE + path, { apiKey: await freshKey() });
    assert.is(r.status, 429);
    assert.is(r.body.code, 'QUOTA_EXCEEDED');
    assert.type(r.body.error, 'string');
    assert.equal(Object.keys(r.body).sort(), ['code', 'error']);
    assert.is(r.headers.get('x-quota-remaining'), '0');
    assert.is(r.headers.get('x-quota-limit'), '3');
    assert.is(r.headers.get('x-quota-reset'), nextUtcMonthStart());
    const retryAfter = Number(r.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 31 * 86400, `Retry-After ${retryAfter}`);
  }
  await usageSettlesAt(3);
});

test('the quota is per workspace: another workspace is unaffected', async () => {
  const other = await app.createWorkspace('starter');
  const r = await app.api('GET', `${BASE}/usage`, { apiKey: other.apiKey });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { month: monthOf(new Date()), plan: 'starter', used: 0, limit: 10000, remaining: 10000 });
});

test('raising the limit lets the workspace call again', async () => {
  await app.services.workspaces.setPlan(workspaceId, 'enterprise', operatorContext(), { monthlyCalls: 10 });
  const r = await app.api('GET', `${BASE}/usage`, { apiKey: await freshKey() });
  assert.is(r.status, 200);
  assert.equal(r.body.data, { month: monthOf(new Date()), plan: 'enterprise', used: 3, limit: 10, remaining: 7 });
  assert.is(r.headers.get('x-quota-remaining'), '6');
});

test('lowering the limit stops calls at once, though this instance had leased a block under the old one', async () => {
  const { workspaceId: ws } = await app.services.workspaces.createWorkspace(
    { name: 'Lowered quota', plan: 'business', ownerEmail: `lowered${Date.now()}@example.com` },
    operatorContext(),
  );
  const keys = await Promise.all(
    Array.from(
      { length: 8 },
      async () => (await app.services.workspaces.createApiKey({ workspaceId: ws }, operatorContext(ws))).apiKey,
    ),
  );
  for (const apiKey of keys.slice(0, 2))
    for (let i = 0; i < 2; i++) assert.is((await app.api('GET', `${BASE}/chatbots`, { apiKey })).status, 200);
  await app.services.workspaces.setPlan(ws, 'enterprise', operatorContext(), { monthlyCalls: 6 });
  let usage = await app.api('GET', `${BASE}/usage`, { apiKey: keys[2] });
  for (let i = 0; usage.body.data?.limit !== 6 && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 20));
    usage = await app.api('GET', `${BASE}/usage`, { apiKey: keys[2 + (i % 2)] });
  }
  assert.is(usage.body.data.limit, 6, 'the new limit is in force');
  const made = await app.services.usage.get(ws, monthOf(new Date()));
  const answers = await Promise.all(
    keys.slice(4).flatMap((apiKey) => [1, 2].map(() => app.api('GET', `${BASE}/chatbots`, { apiKey }))),
  );
  const ok = answers.filter((a) => a.status === 200).length;
  assert.is(ok, Math.max(0, 6 - made), answers.map((a) => a.status).join(','));
  assert.ok(answers.filter((a) => a.status === 429).every((a) => a.body.code === 'QUOTA_EXCEEDED'));
  assert.ok((await app.services.usage.get(ws, monthOf(new Date()))) <= 6);
});

test('parallel requests cannot overshoot the quota', async () => {
  const { workspaceId: ws } = await app.services.workspaces.createWorkspace(
    {
      name: 'Parallel quota',
      plan: 'enterprise',
      ownerEmail: `parallel${Date.now()}@example.com`,
      limits: { monthlyCalls: 5 },
    },
    operatorContext(),
  );
  // Many keys so the burst limit of 2 per key never interferes.
  const keys = await Promise.all(
    Array.from(
      { length: 12 },
      async () => (await app.services.workspaces.createApiKey({ workspaceId: ws }, operatorContext(ws))).apiKey,
    ),
  );
  const answers = await Promise.all(keys.map((apiKey) => app.api('GET', `${BASE}/chatbots`, { apiKey })));
  const statuses = answers.map((a) => a.status).sort();
  assert.is(statuses.filter((s) => s === 200).length, 5, statuses.join(','));
  assert.is(statuses.filter((s) => s === 429).length, 7, statuses.join(','));
  assert.is(await app.services.usage.get(ws, monthOf(new Date())), 5);
});

test('close', async () => {
  await app.close();
});

test.run();

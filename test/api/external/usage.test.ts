/** GET /external/v1/usage → {data: {month, plan, used, limit, remaining}} (docs/external-api.md, Usage). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';

const USAGE = '/api/v1/external/v1/usage';
let app: TestApp;

async function usedSettles(workspaceId: string, expected: number) {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && (await app.services.usage.get(workspaceId, monthOf(new Date()))) !== expected) {
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.is(await app.services.usage.get(workspaceId, monthOf(new Date())), expected);
}

test.before(async () => {
  app = await startTestApp();
});

test('a fresh workspace has used nothing of its plan', async () => {
  for (const [plan, limit] of [
    ['starter', 10_000],
    ['pro', 50_000],
    ['business', 200_000],
  ] as const) {
    const { apiKey } = await app.createWorkspace(plan);
    const r = await app.api('GET', USAGE, { apiKey });
    assert.is(r.status, 200);
    assert.equal(Object.keys(r.body), ['data']);
    assert.equal(r.body.data, { month: monthOf(new Date()), plan, used: 0, limit, remaining: limit });
    assert.match(r.body.data.month, /^\d{4}-\d{2}$/);
  }
});

test('successful calls are counted, the usage call itself included', async () => {
  const { workspaceId, apiKey } = await app.createWorkspace('starter');
  await app.api('GET', '/api/v1/external/v1/chatbots', { apiKey });
  await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name: 'Counted' } });
  await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: {} }); // 400: not counted
  await usedSettles(workspaceId, 2);
  const r = await app.api('GET', USAGE, { apiKey });
  assert.equal(r.body.data, { month: monthOf(new Date()), plan: 'starter', used: 2, limit: 10_000, remaining: 9_998 });
  await usedSettles(workspaceId, 3);
  assert.is((await app.api('GET', USAGE, { apiKey })).body.data.used, 3);
});

test('usage is per workspace, shared by its keys', async () => {
  const { workspaceId, apiKey } = await app.createWorkspace('pro');
  const second = await app.services.workspaces.createApiKey({ workspaceId }, operatorContext(workspaceId));
  await app.api('GET', USAGE, { apiKey });
  await usedSettles(workspaceId, 1);
  const r = await app.api('GET', USAGE, { apiKey: second.apiKey });
  assert.is(r.body.data.used, 1);
  const other = await app.createWorkspace('pro');
  assert.is((await app.api('GET', USAGE, { apiKey: other.apiKey })).body.data.used, 0);
});

test('enterprise without a set limit reports limit and remaining as null', async () => {
  const { workspaceId } = await app.services.workspaces.createWorkspace(
    { name: 'Big', plan: 'enterprise', ownerEmail: `ent${Date.now()}@example.com` },
    operatorContext(),
  );
  const key = await app.services.workspaces.createApiKey({ workspaceId }, operatorContext(workspaceId));
  const r = await app.api('GET', USAGE, { apiKey: key.apiKey });
  assert.equal(r.body.data, { month: monthOf(new Date()), plan: 'enterprise', used: 0, limit: null, remaining: null });
  assert.is(r.headers.get('x-quota-limit'), 'unlimited');
});

test('free plan and missing key are refused', async () => {
  const free = await app.createWorkspace('free');
  assert.is((await app.api('GET', USAGE, { apiKey: free.apiKey })).status, 403);
  const r = await app.api('GET', USAGE);
  assert.is(r.status, 401);
  assert.equal(r.body, { error: 'Invalid API key' });
});

test('close', async () => {
  await app.close();
});

test.run();

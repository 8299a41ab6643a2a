/** x-api-key authentication and plan gating of the External API (docs/external-api.md, Authentication). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';
let app: TestApp;
let workspaceId: string;
let adminKey: string;

test.before(async () => {
  app = await startTestApp();
  ({ workspaceId, apiKey: adminKey } = await app.createWorkspace('starter'));
});

test('a missing key is 401 Invalid API key', async () => {
  const r = await app.api('GET', CHATBOTS);
  assert.is(r.status, 401);
  assert.equal(r.body, { error: 'Invalid API key' });
});

const LIMIT_HEADERS = [
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'x-quota-period',
];

test('a 401 and a CORS preflight carry every rate-limit and quota header too (docs/external-api.md, Limits)', async () => {
  const refused = await app.api('GET', CHATBOTS, { headers: { 'x-api-key': 'nonsense' } });
  const preflight = await app.api('OPTIONS', CHATBOTS, {
    headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' },
  });
  for (const r of [refused, preflight]) {
    for (const name of LIMIT_HEADERS) assert.ok(r.headers.get(name), `${r.status} lacks ${name}`);
    assert.is(r.headers.get('ratelimit-policy'), '60;w=60');
    assert.is(r.headers.get('x-quota-period'), 'month');
    const reset = Number(r.headers.get('x-quota-reset'));
    assert.ok(reset > Date.now() / 1000 && new Date(reset * 1000).getUTCDate() === 1, "the next month's start");
  }
  assert.is(preflight.status, 204);
  // Once the key is known the headers are the key's and the workspace's own.
  const ok = await app.api('GET', CHATBOTS, { apiKey: adminKey });
  assert.is(ok.headers.get('x-quota-limit'), '10000');
  assert.is(Number(ok.headers.get('ratelimit-remaining')) < 60, true);
});

test('an unknown, empty, malformed or oversized key is 401 Invalid API key', async () => {
  for (const key of ['cfb_' + 'A'.repeat(43), 'nonsense', ' ', 'x'.repeat(500), adminKey.slice(0, -1)]) {
    const r = await app.api('GET', CHATBOTS, { headers: { 'x-api-key': key } });
    assert.is(r.status, 401, key);
    assert.equal(r.body, { error: 'Invalid API key' });
  }
});

test('a key in another header (Authorization) does not authenticate', async () => {
  const r = await app.api('GET', CHATBOTS, { headers: { authorization: `Bearer ${adminKey}` } });
  assert.is(r.status, 401);
  assert.equal(r.body, { error: 'Invalid API key' });
});

test('a revoked key is 401 and stays revoked; other keys keep working', async () => {
  const member = await app.services.workspaces.createApiKey(
    { workspaceId, role: 'member' },
    operatorContext(workspaceId),
  );
  assert.is((await app.api('GET', CHATBOTS, { apiKey: member.apiKey })).status, 200);
  await app.services.workspaces.revokeApiKey(member.id, operatorContext(workspaceId));
  const r = await app.api('GET', CHATBOTS, { apiKey: member.apiKey });
  assert.is(r.status, 401);
  assert.equal(r.body, { error: 'API key has been revoked', code: 'API_KEY_REVOKED' });
  assert.is((await app.api('GET', CHATBOTS, { apiKey: adminKey })).status, 200);
});

test('the Free plan has no API access: 403', async () => {
  const free = await app.createWorkspace('free');
  const r = await app.api('GET', CHATBOTS, { apiKey: free.apiKey });
  assert.is(r.status, 403);
  assert.is(r.body.code, 'PLAN_NO_API_ACCESS');
  assert.type(r.body.error, 'string');
  assert.equal(Object.keys(r.body).sort(), ['code', 'error']);
  const create = await app.api('POST', CHATBOTS, { apiKey: free.apiKey, body: { name: 'x' } });
  assert.is(create.status, 403);
});

test('a workspace moved to the Free plan loses access; moved back it regains it', async () => {
  const ws = await app.createWorkspace('pro');
  await app.services.workspaces.setPlan(ws.workspaceId, 'free', operatorContext());
  assert.is((await app.api('GET', CHATBOTS, { apiKey: ws.apiKey })).status, 403);
  await app.services.workspaces.setPlan(ws.workspaceId, 'pro', operatorContext());
  assert.is((await app.api('GET', CHATBOTS, { apiKey: ws.apiKey })).status, 200);
});

test('member and admin keys both manage chatbots of their workspace', async () => {
  const member = await app.services.workspaces.createApiKey(
    { workspaceId, role: 'member' },
    operatorContext(workspaceId),
  );
  const created = await app.api('POST', CHATBOTS, { apiKey: member.apiKey, body: { name: 'By member' } });
  assert.is(created.status, 201);
  const id = created.body.data.id;
  const got = await app.api('GET', `${CHATBOTS}/${id}`, { apiKey: adminKey });
  assert.is(got.status, 200);
  assert.is(got.body.data.name, 'By member');
  assert.is((await app.api('PUT', `${CHATBOTS}/${id}`, { apiKey: adminKey, body: { name: 'By admin' } })).status, 200);
  assert.is((await app.api('DELETE', `${CHATBOTS}/${id}`, { apiKey: member.apiKey })).status, 200);
});

test('the key never appears in a response', async () => {
  const r = await app.api('GET', CHATBOTS, { apiKey: adminKey });
  assert.not.ok(JSON.stringify(r.body).includes(adminKey));
  let leaked = false;
  r.headers.forEach((v) => (leaked ||= v.includes(adminKey)));
  assert.not.ok(leaked);
});

test('close', async () => {
  await app.close();
});

test.run();

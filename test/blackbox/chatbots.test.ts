/**
 * Black box, chatbots (docs/external-api.md: Chatbot, Chatbots, Plans): the
 * exact field list of every operation, validation, 404s and the plan caps.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ISO_UTC, sortedKeys, startBlackbox, type Blackbox, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const FIELDS = {
  list: ['createdAt', 'disabled', 'id', 'name', 'responseCount', 'updatedAt'],
  get: ['createdAt', 'description', 'disabled', 'id', 'name', 'responseCount', 'updatedAt'],
  create: ['createdAt', 'description', 'id', 'name'],
  update: ['description', 'disabled', 'id', 'name', 'updatedAt'],
  duplicate: ['createdAt', 'description', 'id', 'name'],
};

let bb: Blackbox;
let ws: Workspace;
let other: Workspace;

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    [ws, other] = await Promise.all([bb.workspace('business'), bb.workspace('pro')]);
  }),
);
test.after(async () => {
  await bb?.close();
});

const ok2xx = (status: number) => assert.ok([200, 201].includes(status), `success status, got ${status}`);

async function create(key: string, body: unknown) {
  const r = await bb.api('POST', '/chatbots', { key, body });
  ok2xx(r.status);
  return r.body.data;
}

function assertError(r: { status: number; body: any }, status: number) {
  assert.is(r.status, status);
  assert.type(r.body?.error, 'string', 'error bodies are JSON with an error string');
}

test('create returns exactly id, name, description, createdAt', async () => {
  const bot = await create(ws.apiKey, { name: 'Sales', description: 'Sells' });
  assert.equal(sortedKeys(bot), FIELDS.create);
  assert.type(bot.id, 'string');
  assert.is(bot.name, 'Sales');
  assert.is(bot.description, 'Sells');
  assert.match(bot.createdAt, ISO_UTC);
  const bare = await create(ws.apiKey, { name: 'No description' });
  assert.equal(sortedKeys(bare), FIELDS.create);
});

test('list and get return their field lists; a new chatbot is enabled with no responses', async () => {
  const bot = await create(ws.apiKey, { name: 'Listed', description: 'Shown in get' });
  const list = await bb.api('GET', '/chatbots', { key: ws.apiKey });
  assert.is(list.status, 200);
  assert.equal(sortedKeys(list.body), ['data']);
  assert.ok(Array.isArray(list.body.data));
  for (const item of list.body.data) assert.equal(sortedKeys(item), FIELDS.list);
  const listed = list.body.data.find((c: { id: string }) => c.id === bot.id);
  assert.is(listed.name, 'Listed');
  assert.is(listed.disabled, false);
  assert.is(listed.responseCount, 0);
  assert.match(listed.createdAt, ISO_UTC);
  assert.match(listed.updatedAt, ISO_UTC);

  const got = await bb.api('GET', `/chatbots/${bot.id}`, { key: ws.apiKey });
  assert.is(got.status, 200);
  assert.equal(sortedKeys(got.body.data), FIELDS.get);
  assert.equal(got.body.data, { ...listed, description: 'Shown in get' });
});

test('a workspace sees only its own chatbots; others are 404', async () => {
  const mine = await create(ws.apiKey, { name: 'Private' });
  const theirs = await bb.api('GET', '/chatbots', { key: other.apiKey });
  assert.not.ok(theirs.body.data.some((c: { id: string }) => c.id === mine.id));
  assertError(await bb.api('GET', `/chatbots/${mine.id}`, { key: other.apiKey }), 404);
  assertError(await bb.api('PUT', `/chatbots/${mine.id}`, { key: other.apiKey, body: { name: 'Stolen' } }), 404);
  assertError(await bb.api('DELETE', `/chatbots/${mine.id}`, { key: other.apiKey }), 404);
  assertError(await bb.api('POST', `/chatbots/${mine.id}/duplicate`, { key: other.apiKey }), 404);
  assert.is((await bb.api('GET', `/chatbots/${mine.id}`, { key: ws.apiKey })).body.data.name, 'Private');
});

test('unknown ids are 404 on every chatbot operation', async () => {
  const key = ws.apiKey;
  assertError(await bb.api('GET', '/chatbots/does-not-exist', { key }), 404);
  assertError(await bb.api('PUT', '/chatbots/does-not-exist', { key, body: { name: 'x' } }), 404);
  assertError(await bb.api('DELETE', '/chatbots/does-not-exist', { key }), 404);
  assertError(await bb.api('POST', '/chatbots/does-not-exist/duplicate', { key }), 404);
  assertError(await bb.api('GET', '/chatbots/does-not-exist/responses', { key }), 404);
  assertError(await bb.api('GET', '/chatbots/does-not-exist/analytics', { key }), 404);
});

test('create validation: name required, at most 100 characters, strings only', async () => {
  const key = ws.apiKey;
  assertError(await bb.api('POST', '/chatbots', { key, body: {} }), 400);
  assertError(await bb.api('POST', '/chatbots', { key, body: { description: 'no name' } }), 400);
  assertError(await bb.api('POST', '/chatbots', { key, body: { name: 'x'.repeat(101) } }), 400);
  assertError(await bb.api('POST', '/chatbots', { key, body: { name: 42 } }), 400);
  assertError(
    await bb.api('POST', '/chatbots', {
      key,
      raw: '{"name": "broken',
      headers: { 'content-type': 'application/json' },
    }),
    400,
  );
  const max = await create(key, { name: 'n'.repeat(100) });
  assert.is(max.name, 'n'.repeat(100));
});

test('update changes only the given fields and returns id, name, description, disabled, updatedAt', async () => {
  const bot = await create(ws.apiKey, { name: 'Before', description: 'Kept' });
  const before = (await bb.api('GET', `/chatbots/${bot.id}`, { key: ws.apiKey })).body.data;

  const renamed = await bb.api('PUT', `/chatbots/${bot.id}`, { key: ws.apiKey, body: { name: 'After' } });
  assert.is(renamed.status, 200);
  assert.equal(sortedKeys(renamed.body.data), FIELDS.update);
  assert.equal(
    { ...renamed.body.data, updatedAt: 'x' },
    { id: bot.id, name: 'After', description: 'Kept', disabled: false, updatedAt: 'x' },
  );
  assert.match(renamed.body.data.updatedAt, ISO_UTC);
  assert.ok(renamed.body.data.updatedAt >= before.updatedAt);

  const disabled = await bb.api('PUT', `/chatbots/${bot.id}`, { key: ws.apiKey, body: { disabled: true } });
  assert.equal(
    { ...disabled.body.data, updatedAt: 'x' },
    { id: bot.id, name: 'After', description: 'Kept', disabled: true, updatedAt: 'x' },
  );
  const described = await bb.api('PUT', `/chatbots/${bot.id}`, { key: ws.apiKey, body: { description: 'New text' } });
  assert.is(described.body.data.description, 'New text');
  assert.is(described.body.data.disabled, true);

  const got = (await bb.api('GET', `/chatbots/${bot.id}`, { key: ws.apiKey })).body.data;
  assert.is(got.name, 'After');
  assert.is(got.disabled, true);
  assert.is(got.description, 'New text');
  assert.is(got.createdAt, before.createdAt);
  const listed = (await bb.api('GET', '/chatbots', { key: ws.apiKey })).body.data.find(
    (c: { id: string }) => c.id === bot.id,
  );
  assert.is(listed.disabled, true);
});

test('update validation: name at most 100 characters, disabled a boolean', async () => {
  const bot = await create(ws.apiKey, { name: 'Strict' });
  assertError(await bb.api('PUT', `/chatbots/${bot.id}`, { key: ws.apiKey, body: { name: 'y'.repeat(101) } }), 400);
  assertError(await bb.api('PUT', `/chatbots/${bot.id}`, { key: ws.apiKey, body: { disabled: 'yes' } }), 400);
  const got = (await bb.api('GET', `/chatbots/${bot.id}`, { key: ws.apiKey })).body.data;
  assert.is(got.name, 'Strict');
  assert.is(got.disabled, false);
});

test('duplicate makes a new chatbot named "<name> (copy)" with the create field list', async () => {
  const bot = await create(ws.apiKey, { name: 'Original', description: 'Template' });
  const r = await bb.api('POST', `/chatbots/${bot.id}/duplicate`, { key: ws.apiKey });
  ok2xx(r.status);
  assert.equal(sortedKeys(r.body.data), FIELDS.duplicate);
  assert.is.not(r.body.data.id, bot.id);
  assert.is(r.body.data.name, 'Original (copy)');
  assert.match(r.body.data.createdAt, ISO_UTC);
  const got = await bb.api('GET', `/chatbots/${r.body.data.id}`, { key: ws.apiKey });
  assert.is(got.status, 200);
  assert.is(got.body.data.name, 'Original (copy)');
  assert.is(got.body.data.responseCount, 0);
  assert.is(
    (await bb.api('GET', `/chatbots/${bot.id}`, { key: ws.apiKey })).body.data.name,
    'Original',
    'the original is unchanged',
  );
});

test('delete answers {message} and is permanent', async () => {
  const bot = await create(ws.apiKey, { name: 'Doomed' });
  const r = await bb.api('DELETE', `/chatbots/${bot.id}`, { key: ws.apiKey });
  assert.is(r.status, 200);
  assert.equal(sortedKeys(r.body), ['message']);
  assert.type(r.body.message, 'string');
  assertError(await bb.api('GET', `/chatbots/${bot.id}`, { key: ws.apiKey }), 404);
  assertError(await bb.api('DELETE', `/chatbots/${bot.id}`, { key: ws.apiKey }), 404);
  const list = await bb.api('GET', '/chatbots', { key: ws.apiKey });
  assert.not.ok(list.body.data.some((c: { id: string }) => c.id === bot.id));
});

/** Fills a workspace to `cap` chatbots; the next create and duplicate are 403. */
async function assertChatbotCap(plan: 'starter' | 'pro' | 'business', cap: number) {
  const w = await bb.workspace(plan);
  const first = await create(w.apiKey, { name: 'bot 1' });
  for (let i = 2; i <= cap; i++) await create(w.apiKey, { name: `bot ${i}` });
  const over = await bb.api('POST', '/chatbots', { key: w.apiKey, body: { name: 'one too many' } });
  assertError(over, 403);
  assertError(await bb.api('POST', `/chatbots/${first.id}/duplicate`, { key: w.apiKey }), 403);
  assert.is((await bb.api('GET', '/chatbots', { key: w.apiKey })).body.data.length, cap);
  // Deleting one frees a place.
  assert.is((await bb.api('DELETE', `/chatbots/${first.id}`, { key: w.apiKey })).status, 200);
  await create(w.apiKey, { name: 'fits again' });
}

test('plan chatbot caps: starter 5', () => assertChatbotCap('starter', 5));
test('plan chatbot caps: pro 15', () => assertChatbotCap('pro', 15));
test('plan chatbot caps: business 25', () => assertChatbotCap('business', 25));

test('plan chatbot caps: enterprise custom cap from the CLI', async () => {
  const w = await bb.workspace('enterprise', ['--chatbots', '2']);
  const a = await create(w.apiKey, { name: 'e1' });
  await create(w.apiKey, { name: 'e2' });
  assertError(await bb.api('POST', '/chatbots', { key: w.apiKey, body: { name: 'e3' } }), 403);
  assertError(await bb.api('POST', `/chatbots/${a.id}/duplicate`, { key: w.apiKey }), 403);
});

test('free plan: no API access (403)', async () => {
  const w = await bb.workspace('free');
  assertError(await bb.api('GET', '/chatbots', { key: w.apiKey }), 403);
  assertError(await bb.api('POST', '/chatbots', { key: w.apiKey, body: { name: 'nope' } }), 403);
});

test.run();

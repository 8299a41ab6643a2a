/**
 * Model connection endpoints on the External API (docs/ai-agents.md, Model connections): CRUD
 * with the key write-only, every bad field a 400 naming it, 409 names, 404 across workspaces,
 * the cap, the key encrypted in the event log, and the test call against the OpenAI stand-in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { freePort } from '../../../support/freePort.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../support/openAiStandIn.js';
import { MAX_MODEL_CONNECTIONS } from '../../../../domain/modelConnections/modelConnectionFields.js';
import { operatorContext } from '../../../../commands/commandContext.js';

const PATH = '/api/v1/external/v1/model-connections';
const FIELDS = ['baseUrl', 'chatModel', 'createdAt', 'embeddingModel', 'id', 'name', 'updatedAt'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KEY_IN_CLEAR = 'sk-stand-in-key';

let app: TestApp;
let standIn: OpenAiStandIn;
let apiKey: string;
let otherKey: string;

const keysOf = (o: object) => Object.keys(o).sort();
const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, PATH + path, { apiKey: key, body });
const valid = (over: Record<string, unknown> = {}) => ({
  name: `Stand-in ${Math.random().toString(36).slice(2, 8)}`,
  baseUrl: standIn.baseUrl,
  apiKey: KEY_IN_CLEAR,
  chatModel: 'gpt-4o-mini',
  ...over,
});
async function create(over: Record<string, unknown> = {}, key = apiKey) {
  const r = await call('POST', '', valid(over), key);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data;
}
function assertBad(r: { status: number; body: any }, field: string, pattern?: RegExp) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.ok(String(r.body.error).startsWith(field), `"${r.body.error}" names ${field}`);
  if (pattern) assert.match(r.body.error, pattern);
}

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startTestApp(
    { LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' },
    {
      modelTestTimeoutMs: 400,
      // No real DNS: one name points inside, every other one outside.
      resolver: async (host) => [{ address: host === 'private.example.com' ? '10.1.2.3' : '93.184.216.34', family: 4 }],
    },
  );
  ({ apiKey } = await app.createWorkspace('pro'));
  ({ apiKey: otherKey } = await app.createWorkspace('pro'));
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('create answers 201 {data} with every documented field and never the key', async () => {
  const r = await call('POST', '', valid({ name: 'Local stand-in', embeddingModel: 'text-embedding-3-small' }));
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['data']);
  const d = r.body.data;
  assert.equal(keysOf(d), FIELDS);
  assert.is(d.name, 'Local stand-in');
  assert.is(d.baseUrl, standIn.baseUrl);
  assert.is(d.chatModel, 'gpt-4o-mini');
  assert.is(d.embeddingModel, 'text-embedding-3-small');
  assert.match(d.createdAt, ISO);
  assert.ok(!JSON.stringify(r.body).includes(KEY_IN_CLEAR));

  const one = await call('GET', `/${d.id}`);
  assert.is(one.status, 200);
  assert.equal(one.body.data, d);
  const list = await call('GET', '');
  assert.is(list.status, 200);
  assert.equal(keysOf(list.body), ['data', 'limit', 'platform']);
  assert.is(list.body.platform, null);
  assert.is(list.body.limit, MAX_MODEL_CONNECTIONS);
  assert.ok(list.body.data.some((c: { id: string }) => c.id === d.id));
  assert.ok(!JSON.stringify(list.body).includes(KEY_IN_CLEAR));
});

test('the key is in no answer and only encrypted in the stored events and views', async () => {
  const secret = `sk-never-in-clear-${Date.now()}`;
  const c = await create({ apiKey: secret });
  const patched = await call('PATCH', `/${c.id}`, { apiKey: `${secret}-2` });
  assert.is(patched.status, 200);
  assert.ok(!JSON.stringify(patched.body).includes(secret));
  const events = await app.services.sql.query<{ type: string; data: unknown }>(
    "SELECT type, data FROM events WHERE type LIKE 'ModelConnection%'",
  );
  const raw = JSON.stringify(events.rows);
  assert.ok(raw.includes('apiKeyCiphertext'), 'the events carry a ciphertext');
  assert.not.ok(raw.includes(secret), 'no stored event holds the key in clear');
  // Every read model too (whatever the store's tables are called).
  const tables = await app.services.sql.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE '%model%'",
  );
  assert.ok(tables.rows.length > 0);
  for (const { table_name } of tables.rows) {
    const rows = await app.services.sql.query(`SELECT * FROM "${table_name}"`);
    assert.not.ok(JSON.stringify(rows.rows).includes(secret), table_name);
  }
  // And the provider gets the new key as its bearer token.
  standIn.apiKey = `${secret}-2`;
  try {
    const tested = await call('POST', `/${c.id}/test`);
    assert.equal(tested.body, { data: { ok: true } });
    assert.is(standIn.requests.at(-1)?.headers.authorization, `Bearer ${secret}-2`);
  } finally {
    standIn.apiKey = KEY_IN_CLEAR;
  }
});

test('bad fields: each a 400 naming the field', async () => {
  assertBad(await call('POST', '', valid({ name: '' })), 'name', /required/);
  assertBad(await call('POST', '', valid({ name: 'x'.repeat(101) })), 'name', /100/);
  assertBad(await call('POST', '', valid({ name: 12 })), 'name');
  assertBad(await call('POST', '', valid({ baseUrl: 'https://10.0.0.5/v1' })), 'baseUrl', /private/);
  assertBad(await call('POST', '', valid({ baseUrl: 'http://api.example.com/v1' })), 'baseUrl', /https/);
  assertBad(await call('POST', '', valid({ baseUrl: 'https://private.example.com/v1' })), 'baseUrl', /private/);
  assertBad(await call('POST', '', valid({ baseUrl: 'nope' })), 'baseUrl');
  assertBad(await call('POST', '', valid({ apiKey: '' })), 'apiKey');
  assertBad(await call('POST', '', valid({ apiKey: 'k'.repeat(501) })), 'apiKey', /500/);
  assertBad(await call('POST', '', valid({ apiKey: 'sk with space' })), 'apiKey');
  assertBad(await call('POST', '', valid({ chatModel: 'm'.repeat(201) })), 'chatModel', /200/);
  assertBad(await call('POST', '', valid({ chatModel: '' })), 'chatModel');
  assertBad(await call('POST', '', valid({ embeddingModel: 5 })), 'embeddingModel');
  assertBad(await call('POST', '', valid({ color: 'red' })), 'color', /not a known field/);
  const { apiKey: _k, ...withoutKey } = valid();
  assertBad(await call('POST', '', withoutKey), 'apiKey', /required/);
  assertBad(await call('POST', '', '[1]'), 'request body');
  const c = await create();
  assertBad(await call('PATCH', `/${c.id}`, { chatModel: 'has space' }), 'chatModel');
  assertBad(await call('PATCH', `/${c.id}`, { baseUrl: 'https://192.168.1.2/v1' }), 'baseUrl');
  assertBad(await call('PATCH', `/${c.id}`, { id: 'x' }), 'id');
  // Nothing was changed by the refused updates.
  const after = await call('GET', `/${c.id}`);
  assert.equal(after.body.data, c);
});

test('names are unique per workspace whatever their case; another workspace may reuse one', async () => {
  const first = await create({ name: 'Shared name' });
  const again = await call('POST', '', valid({ name: 'shared NAME' }));
  assert.is(again.status, 409, JSON.stringify(again.body));
  assert.match(again.body.error, /name already exists/);
  await create({ name: 'Shared name' }, otherKey);
  const second = await create({ name: 'Second' });
  const rename = await call('PATCH', `/${second.id}`, { name: 'SHARED name' });
  assert.is(rename.status, 409);
  // Deleting frees the name.
  assert.is((await call('DELETE', `/${first.id}`)).status, 200);
  assert.is((await call('PATCH', `/${second.id}`, { name: 'Shared name' })).status, 200);
});

test('PATCH changes only the given fields; embeddingModel null removes it', async () => {
  const c = await create({ embeddingModel: 'text-embedding-3-small' });
  const r = await call('PATCH', `/${c.id}`, { chatModel: 'gpt-4o', embeddingModel: null });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.chatModel, 'gpt-4o');
  assert.is(r.body.data.embeddingModel, null);
  assert.is(r.body.data.name, c.name);
  assert.is(r.body.data.baseUrl, c.baseUrl);
});

test("another workspace's connection is a 404 on every route", async () => {
  const c = await create();
  for (const [method, path, body] of [
    ['GET', `/${c.id}`],
    ['PATCH', `/${c.id}`, { name: 'mine now' }],
    ['DELETE', `/${c.id}`],
    ['POST', `/${c.id}/test`],
  ] as const) {
    const r = await call(method, path, body, otherKey);
    assert.is(r.status, 404, `${method} ${path}: ${JSON.stringify(r.body)}`);
  }
  const list = await call('GET', '', undefined, otherKey);
  assert.not.ok(list.body.data.some((d: { id: string }) => d.id === c.id));
  assert.is((await call('GET', '/nope')).status, 404);
  // Deleted: gone for its owner too.
  assert.is((await call('DELETE', `/${c.id}`)).status, 200);
  assert.is((await call('GET', `/${c.id}`)).status, 404);
  assert.is((await call('DELETE', `/${c.id}`)).status, 404);
});

test('test: ok when the key and the models work', async () => {
  const c = await create({ embeddingModel: 'text-embedding-3-small' });
  standIn.requests.length = 0;
  const r = await call('POST', `/${c.id}/test`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { data: { ok: true } });
  assert.equal(
    standIn.requests.map((q) => `${q.method} ${q.path}`),
    ['GET /models/gpt-4o-mini', 'GET /models/text-embedding-3-small'],
  );
});

test('test: a refused key, an unknown model, an unreachable host, a provider too slow', async () => {
  const wrongKey = await create({ apiKey: 'sk-wrong' });
  assert.equal((await call('POST', `/${wrongKey.id}/test`)).body, {
    data: { ok: false, error: 'The provider refused the API key (401)' },
  });
  const unknown = await create({ chatModel: 'gpt-imaginary' });
  assert.equal((await call('POST', `/${unknown.id}/test`)).body, {
    data: { ok: false, error: 'The provider does not know the model "gpt-imaginary"' },
  });
  const port = await freePort();
  const unreachable = await create({ baseUrl: `http://127.0.0.1:${port}/v1` });
  const down = await call('POST', `/${unreachable.id}/test`);
  assert.is(down.body.data.ok, false);
  assert.is(down.body.data.error, `Could not reach the provider at 127.0.0.1:${port}: the connection was refused`);
  const wrongRoot = await create({ baseUrl: standIn.baseUrl.replace(/\/v1$/, '/v2') });
  const wrong = await call('POST', `/${wrongRoot.id}/test`);
  assert.is(wrong.body.data.ok, false);
  assert.match(wrong.body.data.error, /no OpenAI-compatible API at this base URL \(404\)/);
});

test('test: a provider slower than the timeout is named as such', async () => {
  // A server that accepts and never answers.
  const { createServer } = await import('node:http');
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  try {
    const slow = await create({ baseUrl: `http://127.0.0.1:${port}/v1` });
    const r = await call('POST', `/${slow.id}/test`);
    assert.equal(r.body, {
      data: { ok: false, error: `The provider at 127.0.0.1:${port} did not answer within 400 ms` },
    });
  } finally {
    silent.closeAllConnections();
    silent.close();
  }
});

test('a member key may manage connections as its scopes allow; a read-only key only reads', async () => {
  const { workspaceId, apiKey: admin } = await app.createWorkspace('pro');
  const c = await create({}, admin);
  const member = await app.services.workspaces.createApiKey(
    { workspaceId, role: 'member' },
    operatorContext(workspaceId),
  );
  assert.is((await call('PATCH', `/${c.id}`, { name: 'By member' }, member.apiKey)).status, 200);
  const reader = await app.services.workspaces.createApiKey(
    { workspaceId, role: 'member', scopes: ['read'] },
    operatorContext(workspaceId),
  );
  assert.is((await call('GET', `/${c.id}`, undefined, reader.apiKey)).status, 200);
  const refused = await call('POST', `/${c.id}/test`, undefined, reader.apiKey);
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'INSUFFICIENT_SCOPE');
});

test(`a workspace holds at most ${MAX_MODEL_CONNECTIONS} connections`, async () => {
  const { apiKey: fresh } = await app.createWorkspace('pro');
  for (let i = 0; i < MAX_MODEL_CONNECTIONS; i += 1) await create({ name: `c${i}` }, fresh);
  const r = await call('POST', '', valid({ name: 'one too many' }), fresh);
  assert.is(r.status, 403, JSON.stringify(r.body));
  assert.is(r.body.code, 'PLAN_LIMIT');
  assert.match(r.body.error, new RegExp(`at most ${MAX_MODEL_CONNECTIONS}`));
});

test.run();

/** Chatbots endpoints (docs/external-api.md, Chatbots: fields per operation, plan caps; the flow of docs/chat-api.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { chatbotDecider } from '../../../../domain/chatbot/chatbot.js';
import { DEFAULT_FLOW } from '../../../../domain/chatbot/flow.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';
const FIELDS = {
  list: ['createdAt', 'disabled', 'id', 'name', 'responseCount', 'updatedAt'],
  get: ['createdAt', 'description', 'disabled', 'id', 'name', 'responseCount', 'updatedAt'],
  create: ['createdAt', 'description', 'id', 'name'],
  update: ['description', 'disabled', 'id', 'name', 'updatedAt'],
  duplicate: ['createdAt', 'description', 'id', 'name'],
};
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const FLOW = {
  steps: [
    { type: 'message', text: 'Hello' },
    { type: 'question', text: 'Your order number?', variable: 'order' },
    { type: 'handoff', text: 'An agent joins, {{order}}' },
  ],
};

let app: TestApp;
let apiKey: string;

const keysOf = (o: object) => Object.keys(o).sort();
const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, CHATBOTS + path, { apiKey: key, body });
async function create(body: Record<string, unknown> = { name: 'Support bot' }, key = apiKey) {
  const r = await call('POST', '', body, key);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data as { id: string; name: string; description: string; createdAt: string };
}
async function storedFlow(id: string) {
  return (await app.services.aggregates.load(`chatbot-${id}`, chatbotDecider)).state.fields.flow;
}
/** A 400 whose body is {error, code: VALIDATION_ERROR} and whose message names `field`. */
function assertBadField(r: { status: number; body: any }, field: string) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['code', 'error']);
  assert.is(r.body.code, 'VALIDATION_ERROR');
  assert.ok(r.body.error.startsWith(field), `"${r.body.error}" names ${field}`);
}

test.before(async () => {
  // The burst limit is tested elsewhere; here one key makes many calls.
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('enterprise'));
});

test('create returns exactly id, name, description, createdAt wrapped in data', async () => {
  const r = await call('POST', '', { name: 'Support bot', description: 'Helps' });
  assert.is(r.status, 201);
  assert.equal(Object.keys(r.body), ['data']);
  assert.equal(keysOf(r.body.data), FIELDS.create);
  assert.match(r.body.data.id, /^[0-9a-f]{24}$/);
  assert.is(r.body.data.name, 'Support bot');
  assert.is(r.body.data.description, 'Helps');
  assert.match(r.body.data.createdAt, ISO);
  const without = await create({ name: 'No description' });
  assert.is(without.description, '');
});

test('get returns exactly its fields; list returns its fields, newest first, own workspace only', async () => {
  const { apiKey: fresh } = await app.createWorkspace('pro');
  const a = await create({ name: 'First' }, fresh);
  const b = await create({ name: 'Second', description: 'two' }, fresh);
  const got = await call('GET', `/${b.id}`, undefined, fresh);
  assert.is(got.status, 200);
  assert.equal(Object.keys(got.body), ['data']);
  assert.equal(keysOf(got.body.data), FIELDS.get);
  assert.equal(got.body.data, {
    id: b.id,
    name: 'Second',
    description: 'two',
    disabled: false,
    responseCount: 0,
    createdAt: b.createdAt,
    updatedAt: b.createdAt,
  });
  const list = await call('GET', '', undefined, fresh);
  assert.is(list.status, 200);
  assert.equal(Object.keys(list.body), ['data']);
  assert.equal(
    list.body.data.map((d: { id: string }) => d.id),
    [b.id, a.id],
  );
  for (const item of list.body.data) assert.equal(keysOf(item), FIELDS.list);
  const empty = await app.createWorkspace('starter');
  assert.equal((await call('GET', '', undefined, empty.apiKey)).body, { data: [] });
});

test('name of exactly 100 characters is accepted, 101 is refused naming name', async () => {
  assert.is((await create({ name: 'n'.repeat(100) })).name, 'n'.repeat(100));
  assertBadField(await call('POST', '', { name: 'n'.repeat(101) }), 'name');
});

test('the 100-character limit counts characters, not UTF-16 units: 100 emoji pass, 101 do not', async () => {
  const ok = await call('POST', '', { name: '😀'.repeat(100) });
  assert.is(ok.status, 201, JSON.stringify(ok.body));
  assert.is(ok.body.data.name, '😀'.repeat(100));
  assert.is((await call('POST', '', { name: '😀'.repeat(101) })).status, 400);
  const copy = await call('POST', `/${ok.body.data.id}/duplicate`);
  assert.is(copy.status, 201);
  assert.is([...copy.body.data.name].length, 100, 'the copy keeps whole characters');
  assert.ok(copy.body.data.name.endsWith(' (copy)'));
  assert.is((await call('DELETE', `/${copy.body.data.id}`)).status, 200);
  assert.is((await call('DELETE', `/${ok.body.data.id}`)).status, 200);
});

test('create rejects each bad input with a 400 naming the field', async () => {
  assertBadField(await call('POST', '', {}), 'name');
  assertBadField(await call('POST', '', { description: 'no name' }), 'name');
  assertBadField(await call('POST', '', { name: 42 }), 'name');
  assertBadField(await call('POST', '', { name: null }), 'name');
  assertBadField(await call('POST', '', { name: '' }), 'name');
  assertBadField(await call('POST', '', { name: '   ' }), 'name');
  assertBadField(await call('POST', '', { name: 'ok', description: 7 }), 'description');
  assertBadField(await call('POST', '', { name: 'Support\nBot' }), 'name');
  assertBadField(await call('POST', '', { name: 'ok', description: 'esc\u001b[2J' }), 'description');
  assertBadField(await call('POST', '', { name: 'ok', color: 'red' }), 'color');
  assertBadField(await call('POST', '', { name: 'ok', disabled: true }), 'disabled');
  for (const body of ['[]', '[{"name":"x"}]', 'null', '"a string"', '42']) {
    const r = await call('POST', '', body);
    assertBadField(r, 'request body');
  }
});

test('invalid JSON is 400 INVALID_JSON', async () => {
  for (const method of ['POST', 'PUT']) {
    const r = await call(method, method === 'PUT' ? '/aaaaaaaaaaaaaaaaaaaaaaaa' : '', '{"name": "x",');
    assert.is(r.status, 400);
    assert.equal(r.body, { error: 'Request body is not valid JSON', code: 'INVALID_JSON' });
  }
});

test('a flow is accepted, stored and never echoed; without one the default flow is stored', async () => {
  const bot = await create({ name: 'Flowing', flow: FLOW });
  assert.not.ok('flow' in bot);
  assert.equal(await storedFlow(bot.id), FLOW);
  const got = await call('GET', `/${bot.id}`);
  assert.not.ok('flow' in got.body.data);
  const plain = await create({ name: 'Plain' });
  assert.equal(await storedFlow(plain.id), DEFAULT_FLOW);
});

test('bad flows are 400 naming flow', async () => {
  const bad: unknown[] = [
    'steps',
    [],
    null,
    {},
    { steps: [] },
    { steps: 'x' },
    { steps: [{ type: 'dance', text: 'x' }] },
    { steps: [{ type: 'message' }] },
    { steps: [{ type: 'message', text: '' }] },
    { steps: [{ type: 'question', text: 'Name?' }] },
    { steps: [{ type: 'question', text: 'Name?', variable: 'bad-name' }] },
    { steps: [{ type: 'message', text: 'hi', variable: 'v' }] },
    { steps: [{ type: 'message', text: 'hi', extra: 1 }] },
    { steps: [{ type: 'message', text: 'hi' }], theme: 'dark' },
    { steps: [{ type: 'message', text: 'x'.repeat(2001) }] },
    { steps: Array.from({ length: 101 }, () => ({ type: 'message', text: 'x' })) },
    { steps: ['not a step'] },
    { steps: [{ type: 'message', text: 'hi\u0008' }] },
  ];
  const bot = await create({ name: 'Flow target', flow: FLOW });
  for (const flow of bad) {
    assertBadField(await call('POST', '', { name: 'x', flow }), 'flow');
    assertBadField(await call('PUT', `/${bot.id}`, { flow }), 'flow');
  }
  assert.equal(await storedFlow(bot.id), FLOW);
});

test('update returns exactly its fields and changes only the given ones', async () => {
  const bot = await create({ name: 'Before', description: 'keep me', flow: FLOW });
  const r = await call('PUT', `/${bot.id}`, { name: 'After' });
  assert.is(r.status, 200);
  assert.equal(Object.keys(r.body), ['data']);
  assert.equal(keysOf(r.body.data), FIELDS.update);
  assert.equal(
    { ...r.body.data, updatedAt: undefined },
    { id: bot.id, name: 'After', description: 'keep me', disabled: false, updatedAt: undefined },
  );
  assert.match(r.body.data.updatedAt, ISO);
  assert.ok(r.body.data.updatedAt >= bot.createdAt);

  const disabled = await call('PUT', `/${bot.id}`, { disabled: true });
  assert.equal(
    {
      name: disabled.body.data.name,
      description: disabled.body.data.description,
      disabled: disabled.body.data.disabled,
    },
    { name: 'After', description: 'keep me', disabled: true },
  );
  const desc = await call('PUT', `/${bot.id}`, { description: '' });
  assert.equal(
    { name: desc.body.data.name, description: desc.body.data.description, disabled: desc.body.data.disabled },
    { name: 'After', description: '', disabled: true },
  );
  const nothing = await call('PUT', `/${bot.id}`, {});
  assert.is(nothing.status, 200);
  assert.is(nothing.body.data.name, 'After');
  assert.equal(await storedFlow(bot.id), FLOW, 'flow untouched when not given');
  const newFlow = { steps: [{ type: 'message', text: 'Only this' }] };
  await call('PUT', `/${bot.id}`, { flow: newFlow });
  assert.equal(await storedFlow(bot.id), newFlow);
  const got = await call('GET', `/${bot.id}`);
  assert.equal(
    { name: got.body.data.name, description: got.body.data.description, disabled: got.body.data.disabled },
    { name: 'After', description: '', disabled: true },
  );
  const listed = (await call('GET', '')).body.data.find((d: { id: string }) => d.id === bot.id);
  assert.is(listed.disabled, true);
});

test('update rejects each bad input with a 400 naming the field and changes nothing', async () => {
  const bot = await create({ name: 'Stable', description: 'same' });
  assertBadField(await call('PUT', `/${bot.id}`, { name: 'n'.repeat(101) }), 'name');
  assert.is((await call('PUT', `/${bot.id}`, { name: 'n'.repeat(100) })).status, 200);
  await call('PUT', `/${bot.id}`, { name: 'Stable' });
  assertBadField(await call('PUT', `/${bot.id}`, { name: '' }), 'name');
  assertBadField(await call('PUT', `/${bot.id}`, { name: 12 }), 'name');
  assertBadField(await call('PUT', `/${bot.id}`, { name: null }), 'name');
  assertBadField(await call('PUT', `/${bot.id}`, { description: 5 }), 'description');
  assertBadField(await call('PUT', `/${bot.id}`, { description: null }), 'description');
  for (const disabled of ['yes', 1, 0, null, 'true'])
    assertBadField(await call('PUT', `/${bot.id}`, { disabled }), 'disabled');
  assertBadField(await call('PUT', `/${bot.id}`, { name: 'ok', owner: 'me' }), 'owner');
  for (const body of ['[]', 'null', '"x"', 'true'])
    assertBadField(await call('PUT', `/${bot.id}`, body), 'request body');
  const got = await call('GET', `/${bot.id}`);
  assert.equal(
    { name: got.body.data.name, description: got.body.data.description, disabled: got.body.data.disabled },
    { name: 'Stable', description: 'same', disabled: false },
  );
});

test('duplicate returns exactly its fields, appends " (copy)" and copies description and flow', async () => {
  const bot = await create({ name: 'Original', description: 'desc', flow: FLOW });
  const r = await call('POST', `/${bot.id}/duplicate`);
  assert.is(r.status, 201);
  assert.equal(Object.keys(r.body), ['data']);
  assert.equal(keysOf(r.body.data), FIELDS.duplicate);
  assert.is(r.body.data.name, 'Original (copy)');
  assert.is(r.body.data.description, 'desc');
  assert.is.not(r.body.data.id, bot.id);
  assert.equal(await storedFlow(r.body.data.id), FLOW);
  const again = await call('POST', `/${r.body.data.id}/duplicate`, {});
  assert.is(again.body.data.name, 'Original (copy) (copy)');
  const long = await create({ name: 'L'.repeat(100) });
  const copy = await call('POST', `/${long.id}/duplicate`);
  assert.is(copy.status, 201);
  assert.ok(copy.body.data.name.length <= 100 && copy.body.data.name.endsWith(' (copy)'));
  assert.is((await call('GET', `/${bot.id}`)).body.data.name, 'Original', 'original untouched');
});

test('delete answers {message}, is permanent, and a second delete is 404', async () => {
  const bot = await create({ name: 'Doomed' });
  const r = await call('DELETE', `/${bot.id}`);
  assert.is(r.status, 200);
  assert.equal(keysOf(r.body), ['message']);
  assert.type(r.body.message, 'string');
  for (const [method, path] of [
    ['GET', `/${bot.id}`],
    ['DELETE', `/${bot.id}`],
    ['PUT', `/${bot.id}`],
    ['POST', `/${bot.id}/duplicate`],
  ]) {
    const after = await call(method, path, method === 'PUT' ? { name: 'x' } : undefined);
    assert.is(after.status, 404, `${method} ${path}`);
    assert.equal(after.body, { error: 'Chatbot not found', code: 'NOT_FOUND' });
  }
  assert.not.ok((await call('GET', '')).body.data.some((d: { id: string }) => d.id === bot.id));
});

test('unknown ids are 404, over-long ones too', async () => {
  for (const id of ['000000000000000000000000', 'not-an-id', 'a'.repeat(65)])
    assert.is((await call('GET', `/${id}`)).status, 404);
});

test('a body is read only as application/json: JSON sent as text/plain and a form body are 415', async () => {
  const plain = await app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey,
    body: JSON.stringify({ name: 'Plain' }),
    headers: { 'content-type': 'text/plain' },
  });
  assert.equal([plain.status, plain.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  const form = await app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey,
    body: 'name=Form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal([form.status, form.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
});

test("another workspace's chatbot is 404 for get, put, delete and duplicate, and stays untouched", async () => {
  const bot = await create({ name: 'Mine', description: 'private' });
  const other = await app.createWorkspace('pro');
  for (const [method, path, body] of [
    ['GET', `/${bot.id}`],
    ['PUT', `/${bot.id}`, { name: 'Stolen' }],
    ['DELETE', `/${bot.id}`],
    ['POST', `/${bot.id}/duplicate`],
  ] as const) {
    const r = await call(method, path, body, other.apiKey);
    assert.is(r.status, 404, `${method} ${path}`);
    assert.equal(r.body, { error: 'Chatbot not found', code: 'NOT_FOUND' });
  }
  assert.equal((await call('GET', '', undefined, other.apiKey)).body.data, []);
  const got = await call('GET', `/${bot.id}`);
  assert.is(got.body.data.name, 'Mine');
});

async function parallelCreates(plan: string, count: number) {
  const { apiKey: key } = await app.createWorkspace(plan);
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => call('POST', '', { name: `Bot ${i}` }, key)),
  );
  return { key, results };
}

for (const [plan, cap, attempts] of [
  ['starter', 5, 12],
  ['pro', 15, 20],
  ['business', 25, 30],
] as const) {
  test(`${plan}: ${attempts} parallel creates give exactly ${cap} × 201 and the rest 403 PLAN_LIMIT`, async () => {
    const { key, results } = await parallelCreates(plan, attempts);
    assert.is(results.filter((r) => r.status === 201).length, cap);
    const refused = results.filter((r) => r.status !== 201);
    assert.is(refused.length, attempts - cap);
    for (const r of refused) {
      assert.is(r.status, 403);
      assert.is(r.body.code, 'PLAN_LIMIT');
      assert.type(r.body.error, 'string');
    }
    assert.is((await call('GET', '', undefined, key)).body.data.length, cap);
  });
}

test('enterprise without a custom cap is unlimited', async () => {
  const { key, results } = await parallelCreates('enterprise', 30);
  assert.ok(results.every((r) => r.status === 201));
  assert.is((await call('GET', '', undefined, key)).body.data.length, 30);
});

test('duplicate is capped too, under parallel requests; deleting frees a slot', async () => {
  const { apiKey: key } = await app.createWorkspace('starter');
  const first = await create({ name: 'Seed' }, key);
  await create({ name: 'Two' }, key);
  await create({ name: 'Three' }, key);
  const results = await Promise.all(
    Array.from({ length: 6 }, () => call('POST', `/${first.id}/duplicate`, undefined, key)),
  );
  assert.is(results.filter((r) => r.status === 201).length, 2);
  assert.ok(results.filter((r) => r.status !== 201).every((r) => r.status === 403 && r.body.code === 'PLAN_LIMIT'));
  assert.is((await call('GET', '', undefined, key)).body.data.length, 5);
  const over = await call('POST', '', { name: 'Six' }, key);
  assert.is(over.status, 403);
  assert.is(over.body.code, 'PLAN_LIMIT');
  assert.is((await call('DELETE', `/${first.id}`, undefined, key)).status, 200);
  assert.is((await call('POST', '', { name: 'Six' }, key)).status, 201);
});

test('a 16 MB body is 413 PAYLOAD_TOO_LARGE; a 14 MB body is read (and refused for its content)', async () => {
  const body = (mb: number) => JSON.stringify({ name: 'big', description: 'x'.repeat(mb * 1024 * 1024) });
  const big = await call('POST', '', body(16));
  assert.is(big.status, 413);
  assert.equal(big.body, { error: 'Request body too large. The limit is 15 MB.', code: 'PAYLOAD_TOO_LARGE' });
  const under = await call('POST', '', body(14));
  assert.is(under.status, 400);
  assert.is(under.body.code, 'VALIDATION_ERROR');
  assert.ok(under.body.error.startsWith('description'));
});

test('a GET or DELETE takes no body: one sent anyway is not read, malformed or not', async () => {
  const key = (await app.createWorkspace('pro')).apiKey;
  const bot = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: key, body: { name: 'Bodyless' } });
  // (fetch cannot send a GET body; a DELETE goes through the same parser rule.)
  const r = await app.api('DELETE', `/api/v1/external/v1/chatbots/${bot.body.data.id}`, {
    apiKey: key,
    body: '{bad json',
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is((await app.api('GET', `/api/v1/external/v1/chatbots/${bot.body.data.id}`, { apiKey: key })).status, 404);
});

test('close', async () => {
  await app.close();
});

test.run();

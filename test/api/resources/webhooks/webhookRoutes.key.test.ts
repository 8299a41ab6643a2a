/** Webhook endpoints (docs/external-api.md: Webhooks, their status, Plans). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { webhookDecider } from '../../../../domain/webhooks/webhook.js';
import { workspaceDecider } from '../../../../domain/workspace/workspace.js';
import { WEBHOOK_EVENT_NAMES } from '../../../../domain/webhooks/webhookEvents.js';

const HOOKS = '/api/v1/external/v1/webhooks';
const CHATBOTS = '/api/v1/external/v1/chatbots';
const FIELDS = [
  'chatbot',
  'createdAt',
  'description',
  'events',
  'failureCount',
  'id',
  'lastDeliveryAt',
  'lastFailureAt',
  'status',
  'updatedAt',
  'url',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// Loopback is exempt only through WEBHOOK_ALLOW_HOSTS; every other private form stays refused.
const ALLOWED = 'https://127.0.0.1:9/hooks';

let app: TestApp;
let apiKey: string;
let chatbotId: string;

const keysOf = (o: object) => Object.keys(o).sort();
const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, HOOKS + path, { apiKey: key, body });
async function newChatbot(key = apiKey, name = 'Support bot'): Promise<string> {
  const r = await app.api('POST', CHATBOTS, { apiKey: key, body: { name } });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}
async function create(body: Record<string, unknown>, key = apiKey) {
  const r = await call('POST', '', body, key);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data;
}
function assertBad(r: { status: number; body: any }, field: string, pattern?: RegExp) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['code', 'error']);
  assert.ok(r.body.error.startsWith(field), `"${r.body.error}" names ${field}`);
  if (pattern) assert.match(r.body.error, pattern);
}

test.before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('pro'));
  chatbotId = await newChatbot();
});

test('create answers {data, message} with a 64-hex secret and chatbot {id, name: null}', async () => {
  const r = await call('POST', '', {
    chatbotId,
    url: `${ALLOWED}/a`,
    events: ['response.created', 'conversation.completed'],
    description: 'CRM sync',
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.equal(keysOf(r.body), ['data', 'message']);
  assert.match(r.body.message, /secret/i);
  const d = r.body.data;
  assert.equal(keysOf(d), [...FIELDS, 'secret'].sort());
  assert.match(d.secret, /^[0-9a-f]{64}$/);
  assert.equal(d.chatbot, { id: chatbotId, name: null });
  assert.is(d.url, `${ALLOWED}/a`);
  assert.equal(d.events, ['response.created', 'conversation.completed']);
  assert.is(d.description, 'CRM sync');
  assert.is(d.status, 'active');
  assert.is(d.failureCount, 0);
  assert.is(d.lastDeliveryAt, null);
  assert.is(d.lastFailureAt, null);
  assert.match(d.createdAt, ISO);
  assert.match(d.updatedAt, ISO);
});

test("list returns the workspace's webhooks with chatbot names and never a secret", async () => {
  const other = await app.createWorkspace('pro');
  const otherBot = await newChatbot(other.apiKey);
  await create({ chatbotId: otherBot, url: `${ALLOWED}/other`, events: ['response.created'] }, other.apiKey);
  const r = await call('GET', '');
  assert.is(r.status, 200);
  assert.ok(r.body.data.length >= 1);
  for (const w of r.body.data) {
    assert.equal(keysOf(w), FIELDS);
    assert.equal(w.chatbot, { id: chatbotId, name: 'Support bot' });
    assert.not.ok(JSON.stringify(w).includes('secret'));
  }
  assert.not.ok(r.body.data.some((w: { url: string }) => w.url.endsWith('/other')));
});

test('PATCH changes only given fields, replaces events, keeps the secret, never returns it', async () => {
  const w = await create({ chatbotId, url: `${ALLOWED}/patch`, events: ['response.created'] });
  const before = (await app.services.aggregates.load(`webhook-${w.id}`, webhookDecider)).state;
  const r = await call('PATCH', `/${w.id}`, {
    events: ['conversation.started', 'conversation.started'],
    description: 'new',
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(keysOf(r.body.data), FIELDS);
  assert.equal(r.body.data.events, ['conversation.started']);
  assert.is(r.body.data.description, 'new');
  assert.is(r.body.data.url, `${ALLOWED}/patch`);
  assert.equal(r.body.data.chatbot, { id: chatbotId, name: 'Support bot' });
  const moved = await call('PATCH', `/${w.id}`, { url: `${ALLOWED}/patch2` });
  assert.is(moved.body.data.url, `${ALLOWED}/patch2`);
  const events = await app.services.events.readStream(`webhook-${w.id}`);
  assert.is((events[0].data as { secret: string }).secret, w.secret);
  assert.ok(events.every((e) => e.type === 'WebhookCreated' || !JSON.stringify(e.data).includes(w.secret)));
  assert.is(before.fields.url, `${ALLOWED}/patch`);
  // The old URL is free again, the new one is taken.
  await create({ chatbotId, url: `${ALLOWED}/patch`, events: ['response.created'] });
  assert.is(
    (await call('POST', '', { chatbotId, url: `${ALLOWED}/patch2`, events: ['response.created'] })).status,
    409,
  );
});

test('list and PATCH name the chatbot by its current name after a rename', async () => {
  const bot = await newChatbot(apiKey, 'Before rename');
  const w = await create({ chatbotId: bot, url: `${ALLOWED}/rename`, events: ['response.created'] });
  assert.is(w.chatbot.name, null);
  assert.is((await app.api('PUT', `${CHATBOTS}/${bot}`, { apiKey, body: { name: 'After rename' } })).status, 200);
  const listed = (await call('GET', '')).body.data.find((x: { id: string }) => x.id === w.id);
  assert.equal(listed.chatbot, { id: bot, name: 'After rename' });
  assert.equal((await call('PATCH', `/${w.id}`, { description: 'd' })).body.data.chatbot, {
    id: bot,
    name: 'After rename',
  });
});

test('lastDeliveryAt is the latest successful delivery in the log, not only the one the view recorded', async () => {
  const botId = await newChatbot();
  const { id } = await create({
    chatbotId: botId,
    url: 'https://hooks.example.com/latest',
    events: ['response.created'],
  });
  const lastOf = async () =>
    ((await call('GET', '')).body.data as Array<{ id: string; lastDeliveryAt: string | null }>).find(
      (w) => w.id === id,
    )!.lastDeliveryAt;
  assert.is(await lastOf(), null);
  const attempt = (success: boolean, at: string) =>
    app.services.sql.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, webhook_id, attempt, event_name, request_url, request_headers, request_body, success, status_code, response_ms, created_at)
       VALUES ('d-' || md5(random()::text), $1, 1, 'response.created', 'https://hooks.example.com/latest', '{}', '{}', $2, 200, 5, $3)`,
      [id, success, at],
    );
  await attempt(true, '2026-01-01T10:00:00.000Z');
  await attempt(true, '2026-01-01T10:00:20.500Z');
  await attempt(false, '2026-01-01T10:00:40.000Z');
  assert.is(await lastOf(), '2026-01-01T10:00:20.500Z', 'the newest success; a later failure does not count');
  const patched = await call('PATCH', `/${id}`, { description: 'after' });
  assert.is(patched.body.data.lastDeliveryAt, '2026-01-01T10:00:20.500Z');
});

test('status: paused and active only; failed is refused', async () => {
  const w = await create({ chatbotId, url: `${ALLOWED}/status`, events: ['response.created'] });
  assert.is((await call('PATCH', `/${w.id}`, { status: 'paused' })).body.data.status, 'paused');
  assert.is((await call('PATCH', `/${w.id}`, { status: 'active' })).body.data.status, 'active');
  assertBad(await call('PATCH', `/${w.id}`, { status: 'failed' }), 'status');
  assertBad(await call('PATCH', `/${w.id}`, { status: 'deleted' }), 'status');
});

test('unknown event → 400 listing the unknown and the valid events', async () => {
  const r = await call('POST', '', {
    chatbotId,
    url: `${ALLOWED}/ev`,
    events: ['response.created', 'order.paid', 'foo'],
  });
  assertBad(r, 'events');
  assert.match(r.body.error, /"order\.paid"/);
  assert.match(r.body.error, /"foo"/);
  for (const name of WEBHOOK_EVENT_NAMES) assert.ok(r.body.error.includes(name), name);
  const w = await create({ chatbotId, url: `${ALLOWED}/ev2`, events: ['response.created'] });
  const p = await call('PATCH', `/${w.id}`, { events: ['nope'] });
  assertBad(p, 'events', /"nope"/);
});

test('bad bodies are 400s naming the field', async () => {
  assertBad(await call('POST', '', { url: `${ALLOWED}/x`, events: ['response.created'] }), 'chatbotId');
  assertBad(await call('POST', '', { chatbotId, events: ['response.created'] }), 'url');
  assertBad(await call('POST', '', { chatbotId, url: `${ALLOWED}/x` }), 'events');
  assertBad(await call('POST', '', { chatbotId, url: `${ALLOWED}/x`, events: [] }), 'events');
  assertBad(await call('POST', '', { chatbotId, url: `${ALLOWED}/x`, events: 'response.created' }), 'events');
  assertBad(await call('POST', '', { chatbotId, url: `${ALLOWED}/x`, events: [1] }), 'events');
  assertBad(await call('POST', '', { chatbotId, url: 42, events: ['response.created'] }), 'url');
  assertBad(
    await call('POST', '', { chatbotId, url: `${ALLOWED}/x`, events: ['response.created'], description: 7 }),
    'description',
  );
  assertBad(
    await call('POST', '', {
      chatbotId,
      url: `${ALLOWED}/x`,
      events: ['response.created'],
      description: 'x'.repeat(501),
    }),
    'description',
  );
  assertBad(
    await call('POST', '', { chatbotId, url: `${ALLOWED}/x`, events: ['response.created'], secret: 'a'.repeat(64) }),
    'secret',
  );
  assertBad(
    await call('POST', '', { chatbotId, url: `https://127.0.0.1/${'x'.repeat(2100)}`, events: ['response.created'] }),
    'url',
  );
  assertBad(await call('POST', '', ['not', 'an', 'object']), 'request body');
  const w = await create({ chatbotId, url: `${ALLOWED}/bad`, events: ['response.created'] });
  assertBad(await call('PATCH', `/${w.id}`, { events: [] }), 'events');
  assertBad(await call('PATCH', `/${w.id}`, { url: 'http://example.com/' }), 'url', /https/);
  assertBad(await call('PATCH', `/${w.id}`, { chatbotId }), 'chatbotId');
  const invalidJson = await app.api('POST', HOOKS, {
    apiKey,
    body: '{"chatbotId":',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(invalidJson.status, 400);
});

test('every rejected URL form: 400 on url, on create and on update', async () => {
  const w = await create({ chatbotId, url: `${ALLOWED}/forms`, events: ['response.created'] });
  const rejected = [
    'http://example.com/hook',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'ftp://example.com/',
    'data:text/plain,x',
    'https://localhost/hook',
    'https://LOCALHOST./hook',
    'https://sub.localhost/hook',
    'https://printer.local/',
    'https://10.0.0.1/',
    'https://172.16.5.4/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://127.0.0.2/',
    'https://0.0.0.0/',
    'https://100.64.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://[::1]/',
    'https://[::]/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[::ffff:127.0.0.2]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://2130706434/',
    'https://0x7f000002/',
    'https://0177.0.0.2/',
    'https://0x7f.2/',
    'https://10.1/',
    'https://192.168.1.1./',
    'https://user:pass@example.com/',
    'https:///nohost',
    'not a url',
    '',
  ];
  for (const url of rejected) {
    assertBad(await call('POST', '', { chatbotId, url, events: ['response.created'] }), 'url');
    assertBad(await call('PATCH', `/${w.id}`, { url }), 'url');
  }
});

test('a public https host that does not resolve from here is accepted (only private targets are refused)', async () => {
  // No DNS answer is not a private address: the spec refuses only private targets (docs/events.md), and the
  // delivery's guarded lookup refuses a private answer at connect time.
  const w = await create({
    chatbotId,
    url: 'https://receiver.nonexistent-confab-host.example.com/hook',
    events: ['response.created'],
  });
  assert.is(w.status, 'active');
});

test('same chatbot + URL → 409, also when created in parallel; another chatbot may use it', async () => {
  const url = `${ALLOWED}/dup`;
  const results = await Promise.all(
    [1, 2, 3].map(() => call('POST', '', { chatbotId, url, events: ['response.created'] })),
  );
  assert.equal(results.map((r) => r.status).sort(), [201, 409, 409]);
  assert.is(results.find((r) => r.status === 409)!.body.code, 'CONFLICT');
  const otherBot = await newChatbot(apiKey, 'Second bot');
  await create({ chatbotId: otherBot, url, events: ['response.created'] });
});

test('the same endpoint spelled differently is the same subscription → 409', async () => {
  const bot = await newChatbot(apiKey, 'Spelling bot');
  const first = await create({ chatbotId: bot, url: `${ALLOWED}/spelled`, events: ['response.created'] });
  for (const spelling of [`${ALLOWED}/spelled?`, `${ALLOWED}/spelled#frag`, 'HTTPS://127.0.0.1:9/hooks/spelled']) {
    const r = await call('POST', '', { chatbotId: bot, url: spelling, events: ['response.created'] });
    assert.is(r.status, 409, `${spelling}: ${JSON.stringify(r.body)}`);
  }
  // Moving the URL to another spelling of itself keeps its reservation: a duplicate is still refused.
  assert.is((await call('PATCH', `/${first.id}`, { url: `${ALLOWED}/spelled#x` })).status, 200);
  assert.is(
    (await call('POST', '', { chatbotId: bot, url: `${ALLOWED}/spelled`, events: ['response.created'] })).status,
    409,
  );
  // Deleting it frees every spelling.
  assert.is((await call('DELETE', `/${first.id}`)).status, 200);
  await create({ chatbotId: bot, url: `${ALLOWED}/spelled?`, events: ['response.created'] });
});

test('unknown, foreign or deleted chatbot → 404; foreign or unknown webhook → 404', async () => {
  const other = await app.createWorkspace('pro');
  const otherBot = await newChatbot(other.apiKey);
  assert.is(
    (await call('POST', '', { chatbotId: otherBot, url: `${ALLOWED}/f`, events: ['response.created'] })).status,
    404,
  );
  assert.is(
    (await call('POST', '', { chatbotId: 'a'.repeat(24), url: `${ALLOWED}/f`, events: ['response.created'] })).status,
    404,
  );
  const foreign = await create(
    { chatbotId: otherBot, url: `${ALLOWED}/f`, events: ['response.created'] },
    other.apiKey,
  );
  assert.is((await call('PATCH', `/${foreign.id}`, { description: 'mine now' })).status, 404);
  assert.is((await call('DELETE', `/${foreign.id}`)).status, 404);
  assert.is((await call('PATCH', '/ffffffffffffffffffffffff', { description: 'x' })).status, 404);
  assert.is((await call('DELETE', '/ffffffffffffffffffffffff')).status, 404);
});

test('DELETE answers {message}, frees the URL and the plan slot', async () => {
  const w = await create({ chatbotId, url: `${ALLOWED}/del`, events: ['response.created'] });
  const r = await call('DELETE', `/${w.id}`);
  assert.is(r.status, 200);
  assert.equal(keysOf(r.body), ['message']);
  assert.is((await call('DELETE', `/${w.id}`)).status, 404);
  assert.is((await call('PATCH', `/${w.id}`, { description: 'x' })).status, 404);
  assert.not.ok((await call('GET', '')).body.data.some((x: { id: string }) => x.id === w.id));
  await create({ chatbotId, url: `${ALLOWED}/del`, events: ['response.created'] });
});

test('plan caps: Starter 5 (race-safe), delete frees a slot; Free has no access', async () => {
  const starter = await app.createWorkspace('starter');
  const bot = await newChatbot(starter.apiKey);
  const results = await Promise.all(
    [0, 1, 2, 3, 4, 5, 6].map((i) =>
      call('POST', '', { chatbotId: bot, url: `${ALLOWED}/cap${i}`, events: ['response.created'] }, starter.apiKey),
    ),
  );
  assert.equal(results.map((r) => r.status).sort(), [201, 201, 201, 201, 201, 403, 403]);
  const refused = results.find((r) => r.status === 403)!;
  assert.is(refused.body.code, 'PLAN_LIMIT');
  const first = results.find((r) => r.status === 201)!.body.data;
  assert.is((await call('DELETE', `/${first.id}`, undefined, starter.apiKey)).status, 200);
  await create({ chatbotId: bot, url: `${ALLOWED}/cap-again`, events: ['response.created'] }, starter.apiKey);
  assert.is(
    (
      await call(
        'POST',
        '',
        { chatbotId: bot, url: `${ALLOWED}/cap-over`, events: ['response.created'] },
        starter.apiKey,
      )
    ).status,
    403,
  );
  const free = await app.createWorkspace('free');
  assert.is(
    (await call('POST', '', { chatbotId: bot, url: `${ALLOWED}/free`, events: ['response.created'] }, free.apiKey))
      .status,
    403,
  );
});

test('deleting a chatbot deletes its webhooks and releases their slots', async () => {
  const starter = await app.createWorkspace('starter');
  const bot = await newChatbot(starter.apiKey);
  const keep = await newChatbot(starter.apiKey, 'Keep');
  for (let i = 0; i < 4; i++)
    await create({ chatbotId: bot, url: `${ALLOWED}/cb${i}`, events: ['response.created'] }, starter.apiKey);
  const kept = await create({ chatbotId: keep, url: `${ALLOWED}/kept`, events: ['response.created'] }, starter.apiKey);
  assert.is((await app.api('DELETE', `${CHATBOTS}/${bot}`, { apiKey: starter.apiKey })).status, 200);
  // Gone by the time the delete answers, not eventually.
  const remaining: Array<{ id: string }> = (await call('GET', '', undefined, starter.apiKey)).body.data;
  assert.equal(
    remaining.map((w) => w.id),
    [kept.id],
  );
  const deleted = (await app.services.events.readAll({ limit: 100000 })).filter(
    (e) => e.type === 'WebhookDeleted' && (e.data as { chatbotId: string }).chatbotId === bot,
  );
  assert.is(deleted.length, 4);
  assert.ok(deleted.every((e) => (e.data as { reason: string }).reason === 'chatbot_deleted'));
  // All 4 slots are free again: 4 more fit under the Starter cap of 5.
  for (let i = 0; i < 4; i++)
    await create({ chatbotId: keep, url: `${ALLOWED}/again${i}`, events: ['response.created'] }, starter.apiKey);
});

test('a webhook created while its chatbot is being deleted never outlives it', async () => {
  const ws = await app.createWorkspace('enterprise');
  for (let round = 0; round < 5; round++) {
    const bot = await newChatbot(ws.apiKey, `Racing ${round}`);
    const creates = Array.from({ length: 4 }, (_, i) =>
      call(
        'POST',
        '',
        { chatbotId: bot, url: `${ALLOWED}/race${round}-${i}`, events: ['response.created'] },
        ws.apiKey,
      ),
    );
    const deletion = app.api('DELETE', `${CHATBOTS}/${bot}`, { apiKey: ws.apiKey });
    const answers = await Promise.all([...creates, deletion]);
    assert.is(answers[4].status, 200);
    for (const r of answers.slice(0, 4)) assert.ok(r.status === 201 || r.status === 404, JSON.stringify(r.body));
    const left = (await call('GET', '', undefined, ws.apiKey)).body.data as Array<{ chatbot: { id: string } }>;
    assert.equal(
      left.filter((w) => w.chatbot.id === bot),
      [],
      `round ${round}: no webhook of the deleted chatbot is left`,
    );
  }
  // Every slot came back: the workspace holds no webhook at all.
  assert.equal(
    (await app.services.aggregates.load(`workspace-${ws.workspaceId}`, workspaceDecider)).state.webhooks,
    [],
  );
});

test('the OpenAPI document describes the webhook endpoints', async () => {
  const doc = await app.api('GET', '/api/v1/openapi.json');
  assert.ok(doc.body.paths['/api/v1/external/v1/webhooks'].post);
  assert.ok(doc.body.paths['/api/v1/external/v1/webhooks/{id}'].patch);
});

test.after(async () => {
  await app.close();
});

test.run();

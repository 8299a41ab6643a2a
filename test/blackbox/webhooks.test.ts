/**
 * Black box, webhook subscriptions (docs/external-api.md and docs/events.md:
 * Webhooks, Webhook status, Plans): CRUD, the secret shown once, 409 duplicates, 400 for unknown
 * events listing the valid ones, https-only public targets and the plan caps.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ISO_UTC, sortedKeys, startBlackbox, type Blackbox, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const EVENTS = ['response.created', 'response.updated', 'conversation.started', 'conversation.completed'];
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
const REQUIRED = FIELDS.filter((f) => f !== 'description');

let bb: Blackbox;
let ws: Workspace;
let botId = '';

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    ws = await bb.workspace('pro');
    botId = await createBot(ws.apiKey, 'Hooked bot');
  }),
);
test.after(async () => {
  await bb?.close();
});

async function createBot(key: string, name: string): Promise<string> {
  const r = await bb.api('POST', '/chatbots', { key, body: { name } });
  assert.ok([200, 201].includes(r.status), JSON.stringify(r.body));
  return r.body.data.id;
}

function assertShape(hook: Record<string, unknown>, withSecret: boolean) {
  const keys = sortedKeys(hook);
  for (const f of REQUIRED) assert.ok(keys.includes(f), `webhook has ${f}`);
  const allowed = withSecret ? [...FIELDS, 'secret'] : FIELDS;
  for (const k of keys) assert.ok(allowed.includes(k), `unexpected field ${k}`);
  if (withSecret) assert.match(hook.secret as string, /^[0-9a-f]{64}$/);
  else assert.not.ok('secret' in hook, 'the secret is returned only by create');
  assert.match(hook.createdAt as string, ISO_UTC);
  assert.match(hook.updatedAt as string, ISO_UTC);
  assert.ok(Number.isInteger(hook.failureCount));
}

function assertError(r: { status: number; body: any }, status: number) {
  assert.is(r.status, status, JSON.stringify(r.body));
  assert.type(r.body?.error, 'string');
}

let hookId = '';

test('create answers the webhook with its secret once, and a message to save it', async () => {
  const r = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: {
      chatbotId: botId,
      url: 'https://hooks.example.com/confab',
      events: ['response.created', 'conversation.completed'],
      description: 'CRM sync',
    },
  });
  assert.ok([200, 201].includes(r.status), JSON.stringify(r.body));
  assert.equal(sortedKeys(r.body), ['data', 'message']);
  assert.type(r.body.message, 'string');
  const hook = r.body.data;
  assertShape(hook, true);
  assert.equal(hook.chatbot, { id: botId, name: null });
  assert.is(hook.url, 'https://hooks.example.com/confab');
  assert.equal(hook.events, ['response.created', 'conversation.completed']);
  assert.is(hook.description, 'CRM sync');
  assert.is(hook.status, 'active');
  assert.is(hook.failureCount, 0);
  assert.is(hook.lastDeliveryAt, null);
  assert.is(hook.lastFailureAt, null);
  hookId = hook.id;

  const list = await bb.api('GET', '/webhooks', { key: ws.apiKey });
  assert.is(list.status, 200);
  assert.equal(sortedKeys(list.body), ['data']);
  const listed = list.body.data.find((h: { id: string }) => h.id === hookId);
  assertShape(listed, false);
  assert.equal(listed.chatbot, { id: botId, name: 'Hooked bot' });
  assert.is(listed.status, 'active');
  assert.equal(listed.events, ['response.created', 'conversation.completed']);
});

test('the same chatbot and URL again is 409; another URL or chatbot is fine', async () => {
  assertError(
    await bb.api('POST', '/webhooks', {
      key: ws.apiKey,
      body: { chatbotId: botId, url: 'https://hooks.example.com/confab', events: ['response.updated'] },
    }),
    409,
  );
  const other = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: { chatbotId: botId, url: 'https://hooks.example.com/other', events: ['response.updated'] },
  });
  assert.ok([200, 201].includes(other.status));
  const bot2 = await createBot(ws.apiKey, 'Second');
  const again = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: { chatbotId: bot2, url: 'https://hooks.example.com/confab', events: EVENTS },
  });
  assert.ok([200, 201].includes(again.status));
  assert.equal(again.body.data.events, EVENTS);
});

test('an unknown event name is 400 naming it and listing the valid events', async () => {
  const r = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: { chatbotId: botId, url: 'https://hooks.example.com/typo', events: ['response.created', 'respons.deleted'] },
  });
  assertError(r, 400);
  assert.ok(r.body.error.includes('respons.deleted'), r.body.error);
  for (const e of EVENTS) assert.ok(r.body.error.includes(e), `lists ${e}: ${r.body.error}`);
  const p = await bb.api('PATCH', `/webhooks/${hookId}`, { key: ws.apiKey, body: { events: ['chatbot.deleted'] } });
  assertError(p, 400);
  assert.ok(p.body.error.includes('chatbot.deleted'));
});

test('bad bodies are 400: missing fields, empty events', async () => {
  const key = ws.apiKey;
  assertError(
    await bb.api('POST', '/webhooks', { key, body: { url: 'https://hooks.example.com/x', events: EVENTS } }),
    400,
  );
  assertError(await bb.api('POST', '/webhooks', { key, body: { chatbotId: botId, events: EVENTS } }), 400);
  assertError(
    await bb.api('POST', '/webhooks', { key, body: { chatbotId: botId, url: 'https://hooks.example.com/x' } }),
    400,
  );
  assertError(
    await bb.api('POST', '/webhooks', {
      key,
      body: { chatbotId: botId, url: 'https://hooks.example.com/x', events: [] },
    }),
    400,
  );
  const unknownBot = await bb.api('POST', '/webhooks', {
    key,
    body: { chatbotId: 'no-such-bot', url: 'https://hooks.example.com/x', events: EVENTS },
  });
  assert.ok([400, 404].includes(unknownBot.status), `unknown chatbot: ${unknownBot.status}`);
});

test('targets must be https and public: http, javascript:, file:, localhost, private IPs are 400', async () => {
  const key = await bb.apiKey(ws.workspaceId);
  for (const url of [
    'http://hooks.example.com/x',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://localhost/x',
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://192.168.0.10/x',
    'https://172.16.5.4/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'not a url',
  ]) {
    assertError(await bb.api('POST', '/webhooks', { key, body: { chatbotId: botId, url, events: EVENTS } }), 400);
  }
  for (const url of ['http://hooks.example.com/x', 'https://127.0.0.1/x']) {
    assertError(await bb.api('PATCH', `/webhooks/${hookId}`, { key, body: { url } }), 400);
  }
  const ok = await bb.api('POST', '/webhooks', {
    key,
    body: { chatbotId: botId, url: 'https://93.184.215.14/hook', events: EVENTS },
  });
  assert.ok([200, 201].includes(ok.status), 'a public IP is fine');
});

test('update: only given fields change, no secret, status active or paused only', async () => {
  const created = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: {
      chatbotId: botId,
      url: 'https://hooks.example.com/patch',
      events: ['response.created'],
      description: 'one',
    },
  });
  const id = created.body.data.id;
  const paused = await bb.api('PATCH', `/webhooks/${id}`, { key: ws.apiKey, body: { status: 'paused' } });
  assert.is(paused.status, 200);
  assert.equal(sortedKeys(paused.body), ['data']);
  assertShape(paused.body.data, false);
  assert.is(paused.body.data.status, 'paused');
  assert.is(paused.body.data.description, 'one');
  assert.equal(paused.body.data.events, ['response.created']);
  assert.equal(paused.body.data.chatbot, { id: botId, name: 'Hooked bot' });

  const changed = await bb.api('PATCH', `/webhooks/${id}`, {
    key: ws.apiKey,
    body: {
      events: ['conversation.started', 'response.updated'],
      url: 'https://hooks.example.com/patched',
      description: 'two',
    },
  });
  assert.is(changed.status, 200);
  assert.equal(changed.body.data.events, ['conversation.started', 'response.updated'], 'events are a replacement list');
  assert.is(changed.body.data.url, 'https://hooks.example.com/patched');
  assert.is(changed.body.data.description, 'two');
  assert.is(changed.body.data.status, 'paused');

  const active = await bb.api('PATCH', `/webhooks/${id}`, { key: ws.apiKey, body: { status: 'active' } });
  assert.is(active.body.data.status, 'active');
  assertError(await bb.api('PATCH', `/webhooks/${id}`, { key: ws.apiKey, body: { status: 'failed' } }), 400);
  assertError(await bb.api('PATCH', `/webhooks/${id}`, { key: ws.apiKey, body: { events: [] } }), 400);
  assertError(await bb.api('PATCH', '/webhooks/no-such-hook', { key: ws.apiKey, body: { status: 'paused' } }), 404);

  const listed = (await bb.api('GET', '/webhooks', { key: ws.apiKey })).body.data.find(
    (h: { id: string }) => h.id === id,
  );
  assert.equal([listed.status, listed.url, listed.description], ['active', 'https://hooks.example.com/patched', 'two']);
  assert.not.ok('secret' in listed);
});

test('delete answers {message}; a deleted webhook is gone (404)', async () => {
  const r = await bb.api('DELETE', `/webhooks/${hookId}`, { key: ws.apiKey });
  assert.is(r.status, 200);
  assert.equal(sortedKeys(r.body), ['message']);
  assert.type(r.body.message, 'string');
  assertError(await bb.api('DELETE', `/webhooks/${hookId}`, { key: ws.apiKey }), 404);
  assertError(await bb.api('PATCH', `/webhooks/${hookId}`, { key: ws.apiKey, body: { status: 'paused' } }), 404);
  const list = await bb.api('GET', '/webhooks', { key: ws.apiKey });
  assert.not.ok(list.body.data.some((h: { id: string }) => h.id === hookId));
});

test('deleting the parent chatbot deletes its webhooks', async () => {
  const key = await bb.apiKey(ws.workspaceId);
  const bot = await createBot(key, 'Short-lived');
  const h = await bb.api('POST', '/webhooks', {
    key,
    body: { chatbotId: bot, url: 'https://hooks.example.com/gone', events: EVENTS },
  });
  assert.ok([200, 201].includes(h.status));
  assert.is((await bb.api('DELETE', `/chatbots/${bot}`, { key })).status, 200);
  const list = await bb.api('GET', '/webhooks', { key });
  assert.not.ok(list.body.data.some((x: { id: string }) => x.id === h.body.data.id));
  assertError(await bb.api('PATCH', `/webhooks/${h.body.data.id}`, { key, body: { status: 'paused' } }), 404);
});

test('deleting the parent chatbot gives its webhook slots back at once', async () => {
  const w = await bb.workspace('enterprise', ['--webhooks', '1']);
  const first = await createBot(w.apiKey, 'First');
  const h = await bb.api('POST', '/webhooks', {
    key: w.apiKey,
    body: { chatbotId: first, url: 'https://hooks.example.com/slot', events: EVENTS },
  });
  assert.ok([200, 201].includes(h.status));
  assert.is((await bb.api('DELETE', `/chatbots/${first}`, { key: w.apiKey })).status, 200);
  const second = await createBot(w.apiKey, 'Second');
  const again = await bb.api('POST', '/webhooks', {
    key: w.apiKey,
    body: { chatbotId: second, url: 'https://hooks.example.com/slot', events: EVENTS },
  });
  assert.ok([200, 201].includes(again.status), `the slot is free: ${again.status} ${again.text}`);
});

test('webhooks of another workspace are invisible (404)', async () => {
  const stranger = await bb.workspace('pro');
  const theirs = await bb.api('GET', '/webhooks', { key: stranger.apiKey });
  assert.equal(theirs.body.data, []);
  const mine = (await bb.api('GET', '/webhooks', { key: ws.apiKey })).body.data[0];
  assertError(await bb.api('PATCH', `/webhooks/${mine.id}`, { key: stranger.apiKey, body: { status: 'paused' } }), 404);
  assertError(await bb.api('DELETE', `/webhooks/${mine.id}`, { key: stranger.apiKey }), 404);
  const onTheirBot = await bb.api('POST', '/webhooks', {
    key: stranger.apiKey,
    body: { chatbotId: botId, url: 'https://hooks.example.com/steal', events: EVENTS },
  });
  assert.ok([400, 404].includes(onTheirBot.status), "no webhook on another workspace's chatbot");
});

async function assertWebhookCap(
  plan: 'starter' | 'pro' | 'business' | 'enterprise',
  cap: number,
  extra: string[] = [],
) {
  const w = await bb.workspace(plan, extra);
  const bot = await createBot(w.apiKey, 'Capped');
  for (let i = 0; i < cap; i++) {
    const r = await bb.api('POST', '/webhooks', {
      key: w.apiKey,
      body: { chatbotId: bot, url: `https://hooks.example.com/${i}`, events: EVENTS },
    });
    assert.ok([200, 201].includes(r.status), `webhook ${i + 1} of ${cap}: ${r.status}`);
  }
  assertError(
    await bb.api('POST', '/webhooks', {
      key: w.apiKey,
      body: { chatbotId: bot, url: 'https://hooks.example.com/over', events: EVENTS },
    }),
    403,
  );
}

test('plan webhook caps: starter 5', () => assertWebhookCap('starter', 5));
test('plan webhook caps: pro 15', () => assertWebhookCap('pro', 15));
test('plan webhook caps: business 50', () => assertWebhookCap('business', 50));
test('plan webhook caps: enterprise custom cap from the CLI', () =>
  assertWebhookCap('enterprise', 2, ['--webhooks', '2']));

test('free plan: no webhook access (403)', async () => {
  const w = await bb.workspace('free');
  assertError(await bb.api('GET', '/webhooks', { key: w.apiKey }), 403);
  assertError(
    await bb.api('POST', '/webhooks', {
      key: w.apiKey,
      body: { chatbotId: botId, url: 'https://hooks.example.com/free', events: EVENTS },
    }),
    403,
  );
});

test.run();

// The public visitor chat API end to end (docs/chat-api.md): flows, completion rules, the events
// the webhook dispatcher maps, and every kind of bad input.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { CHAT, EXT, newChatbot, say } from '../../support/visitorChat.js';

let app: TestApp;
let apiKey: string;

/** A session start answered as the API answers it, for the tests of the start itself. */
const start = (botId: string, body: unknown = {}, headers?: Record<string, string>) =>
  app.api('POST', `${CHAT}/${botId}/sessions`, { body, headers });
const events = async (sessionId: string) => app.services.events.readStream(`conversation-${sessionId}`);

function expect400(r: { status: number; body: any }, field: string) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.type(r.body.error, 'string');
  assert.ok(r.body.error.includes(field), `error names ${field}: ${r.body.error}`);
}

test('setup', async () => {
  app = await startTestApp();
  ({ apiKey } = await app.createWorkspace('pro'));
});

test('a visitor runs the default flow: greeting, questions with interpolation, resolved', async () => {
  const botId = await newChatbot(app, apiKey, 'Shop bot');
  const s = await start(botId, {
    visitorId: 'visitor-1',
    channel: 'web',
    customData: { platform: 'test', storeHash: 'abc123' },
    user: { email: 'ann@example.com' },
  });
  assert.is(s.status, 201);
  assert.is(s.headers.get('access-control-allow-origin'), '*');
  assert.equal(s.body.messages, [
    { type: 'bot', message: 'Hi! Thanks for stopping by.' },
    { type: 'bot', message: 'What is your name?' },
  ]);
  assert.is(s.body.visitorId, 'visitor-1');
  assert.is(s.body.done, false);
  assert.match(s.body.sessionId, /^[0-9a-f]{24}$/);

  const first = await say(app, botId, s.body.sessionId, '  Ann  ');
  assert.is(first.status, 200);
  assert.equal(first.body, {
    messages: [{ type: 'bot', message: 'Nice to meet you, Ann. What is your email address?' }],
    done: false,
  });
  const second = await say(app, botId, s.body.sessionId, 'ann@example.com');
  assert.equal(second.body, {
    messages: [{ type: 'bot', message: 'Thank you, Ann! We will be in touch soon.' }],
    done: true,
  });

  const log = await events(s.body.sessionId);
  assert.equal(
    log.map((e) => e.type),
    [
      'ConversationStarted',
      'ResponseCreated',
      'MessagesRecorded',
      'MessagesRecorded',
      'ResponseUpdated',
      'ConversationCompleted',
    ],
  );
  const started = log[0].data as any;
  assert.equal(
    {
      botId: started.chatbotId,
      chatbotName: started.chatbotName,
      visitorId: started.visitorId,
      channel: started.channel,
      customData: started.customData,
      user: started.user,
    },
    {
      botId,
      chatbotName: 'Shop bot',
      visitorId: 'visitor-1',
      channel: 'web',
      customData: { platform: 'test', storeHash: 'abc123' },
      user: { email: 'ann@example.com' },
    },
  );
  const created = log[1].data as any;
  assert.is(created.visitorId, 'visitor-1');
  assert.match(created.chatDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.ok(Date.parse(created.chatDate) >= Date.parse(started.startedAt));
  const done = log[5].data as any;
  assert.equal(
    [done.resolution, done.escalationReason, done.turnCount, done.responseId],
    ['resolved', null, 2, created.responseId],
  );
  assert.ok(Number.isInteger(done.duration) && done.duration >= 0);
  for (const e of log) {
    assert.equal(e.metadata.actor, { type: 'visitor', id: 'visitor-1' });
    assert.is(e.metadata.workspaceId, started.workspaceId);
  }
});

test('a completed session answers 409 to messages, escalate and end', async () => {
  const botId = await newChatbot(app, apiKey, {
    flow: { steps: [{ type: 'question', text: 'Yes?', variable: 'a' }] },
  });
  const s = await start(botId);
  assert.equal((await say(app, botId, s.body.sessionId, 'yes')).body, { messages: [], done: true });
  for (const r of [
    await say(app, botId, s.body.sessionId, 'more'),
    await app.api('POST', `${CHAT}/${botId}/sessions/${s.body.sessionId}/escalate`, { body: { reason: 'x' } }),
    await app.api('POST', `${CHAT}/${botId}/sessions/${s.body.sessionId}/end`),
  ]) {
    assert.is(r.status, 409);
    assert.is(r.body.code, 'CONVERSATION_COMPLETED');
  }
});

test('no visitorId: one is made; channel is kept', async () => {
  const botId = await newChatbot(app, apiKey);
  const s = await start(botId, { channel: 'whatsapp' });
  assert.match(s.body.visitorId, /^[0-9a-f]{24}$/);
  assert.is(((await events(s.body.sessionId))[0].data as any).channel, 'whatsapp');
  const bare = await app.api('POST', `${CHAT}/${botId}/sessions`);
  assert.is(bare.status, 201, 'a start without any body is fine');
});

test('escalate completes with the reason; end completes as ended', async () => {
  const botId = await newChatbot(app, apiKey);
  const a = await start(botId);
  await say(app, botId, a.body.sessionId, 'Bob');
  const esc = await app.api('POST', `${CHAT}/${botId}/sessions/${a.body.sessionId}/escalate`, {
    body: { reason: 'wants a human' },
  });
  assert.equal([esc.status, esc.body], [200, { done: true }]);
  const aDone = (await events(a.body.sessionId)).at(-1)!;
  assert.is(aDone.type, 'ConversationCompleted');
  assert.equal(
    [(aDone.data as any).resolution, (aDone.data as any).escalationReason, (aDone.data as any).turnCount],
    ['escalated', 'wants a human', 1],
  );

  const b = await start(botId);
  const end = await app.api('POST', `${CHAT}/${botId}/sessions/${b.body.sessionId}/end`);
  assert.equal([end.status, end.body], [200, { done: true }]);
  const bDone = (await events(b.body.sessionId)).at(-1)!.data as any;
  assert.equal([bDone.resolution, bDone.escalationReason, bDone.turnCount, bDone.responseId], ['ended', null, 0, null]);
});

test('a handoff step completes as escalated with reason handoff', async () => {
  const botId = await newChatbot(app, apiKey, {
    flow: {
      steps: [
        { type: 'question', text: 'Your order?', variable: 'order' },
        { type: 'handoff', text: 'A person will look at order {{order}}.' },
      ],
    },
  });
  const s = await start(botId);
  assert.equal(s.body.messages, [{ type: 'bot', message: 'Your order?' }]);
  const r = await say(app, botId, s.body.sessionId, 'A-17');
  assert.equal(r.body, { messages: [{ type: 'bot', message: 'A person will look at order A-17.' }], done: true });
  const done = (await events(s.body.sessionId)).at(-1)!.data as any;
  assert.equal([done.resolution, done.escalationReason], ['escalated', 'handoff']);
});

test('a flow without questions is done at start', async () => {
  const botId = await newChatbot(app, apiKey, {
    flow: { steps: [{ type: 'message', text: 'We are closed today.' }] },
  });
  const s = await start(botId);
  assert.equal(
    [s.status, s.body.done, s.body.messages],
    [201, true, [{ type: 'bot', message: 'We are closed today.' }]],
  );
  assert.is((await say(app, botId, s.body.sessionId, 'hello?')).status, 409);
});

test('a session keeps the flow it started with when the chatbot is edited', async () => {
  const botId = await newChatbot(app, apiKey);
  const s = await start(botId);
  const put = await app.api('PUT', `${EXT}/chatbots/${botId}`, {
    apiKey,
    body: { flow: { steps: [{ type: 'message', text: 'New flow' }] } },
  });
  assert.is(put.status, 200);
  const r = await say(app, botId, s.body.sessionId, 'Cy');
  assert.equal(r.body.messages, [{ type: 'bot', message: 'Nice to meet you, Cy. What is your email address?' }]);
});

test('unknown bot or session: 404', async () => {
  const botId = await newChatbot(app, apiKey);
  const other = await newChatbot(app, apiKey);
  const s = await start(botId);
  for (const r of [
    await start('0123456789abcdef01234567'),
    await start('not a bot id!'),
    await say(app, '0123456789abcdef01234567', s.body.sessionId, 'hi'),
    await say(app, botId, '0123456789abcdef01234567', 'hi'),
    await say(app, botId, 'weird%20id', 'hi'),
    await say(app, other, s.body.sessionId, 'hi'),
    await app.api('POST', `${CHAT}/${other}/sessions/${s.body.sessionId}/end`),
    await app.api('POST', `${CHAT}/${botId}/sessions/0123456789abcdef01234567/escalate`, { body: { reason: 'x' } }),
  ]) {
    assert.is(r.status, 404, JSON.stringify(r.body));
    assert.type(r.body.error, 'string');
  }
  assert.is((await say(app, botId, s.body.sessionId, 'still fine')).status, 200, 'the session itself is untouched');
});

test('disabled chatbot: 403 on start and on messages of a running session; deleted: 404', async () => {
  const botId = await newChatbot(app, apiKey);
  const s = await start(botId);
  await app.api('PUT', `${EXT}/chatbots/${botId}`, { apiKey, body: { disabled: true } });
  const blocked = await start(botId);
  assert.equal([blocked.status, blocked.body.code], [403, 'CHATBOT_DISABLED']);
  assert.is((await say(app, botId, s.body.sessionId, 'hi')).status, 403);
  await app.api('PUT', `${EXT}/chatbots/${botId}`, { apiKey, body: { disabled: false } });
  assert.is((await say(app, botId, s.body.sessionId, 'hi')).status, 200);
  assert.is((await app.api('DELETE', `${EXT}/chatbots/${botId}`, { apiKey })).status, 200);
  assert.is((await start(botId)).status, 404);
  assert.is((await say(app, botId, s.body.sessionId, 'x@y.z')).status, 404);
});

test('bad bodies: 400 naming the field', async () => {
  const botId = await newChatbot(app, apiKey);
  const s = await start(botId);
  const sid = s.body.sessionId;
  expect400(await say(app, botId, sid, ''), 'message');
  expect400(await say(app, botId, sid, '   '), 'message');
  expect400(await say(app, botId, sid, 42), 'message');
  expect400(await say(app, botId, sid, 'x'.repeat(2001)), 'message');
  expect400(await app.api('POST', `${CHAT}/${botId}/sessions/${sid}/messages`, { body: {} }), 'message');
  expect400(
    await app.api('POST', `${CHAT}/${botId}/sessions/${sid}/messages`, { body: { message: 'hi', extra: 1 } }),
    'extra',
  );
  expect400(await app.api('POST', `${CHAT}/${botId}/sessions/${sid}/messages`, { body: ['hi'] }), 'body');
  const badJson = await app.api('POST', `${CHAT}/${botId}/sessions/${sid}/messages`, { body: '{"message": ' });
  assert.equal([badJson.status, badJson.body.code], [400, 'INVALID_JSON']);
  expect400(await app.api('POST', `${CHAT}/${botId}/sessions/${sid}/escalate`, { body: { reason: ' ' } }), 'reason');
  expect400(
    await app.api('POST', `${CHAT}/${botId}/sessions/${sid}/escalate`, { body: { reason: 'r'.repeat(501) } }),
    'reason',
  );
  const other = (await start(botId)).body.sessionId;
  const bare = await app.api('POST', `${CHAT}/${botId}/sessions/${other}/escalate`, { body: {} });
  assert.is(bare.status, 200, 'a bare escalate records the generic reason');

  expect400(await start(botId, { visitorId: 'has spaces' }), 'visitorId');
  expect400(await start(botId, { visitorId: 12 }), 'visitorId');
  expect400(await start(botId, { channel: 'Web!' }), 'channel');
  expect400(await start(botId, { customData: 'x' }), 'customData');
  expect400(await start(botId, { customData: { n: 1 } }), 'customData');
  expect400(await start(botId, { customData: { long: 'v'.repeat(501) } }), 'customData');
  expect400(
    await start(botId, { customData: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }),
    'customData',
  );
  expect400(await start(botId, { customData: { ['k'.repeat(65)]: 'v' } }), 'customData');
  expect400(await start(botId, { user: { role: 'admin' } }), 'user');
  expect400(await start(botId, { user: { email: 5 } }), 'user.email');
  expect400(await start(botId, { user: 'ann' }), 'user');
  expect400(await start(botId, { sessionId: 'mine' }), 'sessionId');

  const huge = await app.api('POST', `${CHAT}/${botId}/sessions`, { body: { customData: { a: 'x'.repeat(20_000) } } });
  assert.equal([huge.status, huge.body.code], [413, 'PAYLOAD_TOO_LARGE']);
  assert.ok(huge.body.error.includes('16 KB'), huge.body.error);

  const log = await events(sid);
  assert.equal(
    log.map((e) => e.type),
    ['ConversationStarted'],
    'bad input wrote nothing',
  );
});

test('a body is read as JSON only when sent as application/json: text/plain (fetch without headers) and forms are 415', async () => {
  const botId = await newChatbot(app, apiKey);
  const plain = await start(botId, JSON.stringify({ visitorId: 'plain-1' }), {
    'content-type': 'text/plain;charset=UTF-8',
  });
  assert.equal([plain.status, plain.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  const s = await start(botId, { visitorId: 'json-1' });
  assert.equal([s.status, s.body.visitorId], [201, 'json-1']);
  const res = await fetch(`${app.baseUrl}${CHAT}/${botId}/sessions/${s.body.sessionId}/messages`, {
    method: 'POST',
    body: JSON.stringify({ message: 'Dee' }),
  });
  assert.is(res.status, 415);
  const form = await app.api('POST', `${CHAT}/${botId}/sessions/${s.body.sessionId}/messages`, {
    body: 'message=hi',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal([form.status, form.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  assert.equal((await say(app, botId, s.body.sessionId, 'Dee')).body.messages, [
    { type: 'bot', message: 'Nice to meet you, Dee. What is your email address?' },
  ]);
});

test('one address may start well over a hundred sessions with the default limits', async () => {
  const botId = await newChatbot(app, apiKey, {
    flow: { steps: [{ type: 'question', text: 'Q?', variable: 'q' }] },
  });
  const statuses: number[] = [];
  for (let batch = 0; batch < 11; batch++) {
    const started = await Promise.all(Array.from({ length: 10 }, () => start(botId)));
    const replies = await Promise.all(started.map((s) => say(app, botId, s.body.sessionId, 'a')));
    statuses.push(...started.map((r) => r.status), ...replies.map((r) => r.status));
  }
  assert.equal([...new Set(statuses)], [201, 200]);
  const list = await app.api('GET', `${EXT}/chatbots/${botId}/responses?limit=100`, { apiKey });
  assert.equal([list.body.data.length, list.body.total, list.body.totalPages], [100, 110, 2]);
});

test('CORS preflight from any site', async () => {
  const botId = await newChatbot(app, apiKey);
  const res = await fetch(`${app.baseUrl}${CHAT}/${botId}/sessions`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://shop.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  assert.is(res.status, 204);
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  assert.ok(res.headers.get('access-control-allow-methods')?.includes('POST'));
  assert.ok(res.headers.get('access-control-allow-headers')?.toLowerCase().includes('content-type'));
});

test('concurrent messages to one session are applied one after another', async () => {
  const botId = await newChatbot(app, apiKey, {
    flow: {
      steps: [
        { type: 'question', text: 'A?', variable: 'a' },
        { type: 'question', text: 'B?', variable: 'b' },
        { type: 'question', text: 'C?', variable: 'c' },
      ],
    },
  });
  const s = await start(botId);
  const replies = await Promise.all(['1', '2'].map((m) => say(app, botId, s.body.sessionId, m)));
  assert.equal(
    replies.map((r) => r.status),
    [200, 200],
  );
  const log = await events(s.body.sessionId);
  assert.equal(log.filter((e) => e.type === 'ResponseCreated').length, 1, 'one response record');
  const last = log.filter((e) => e.type === 'MessagesRecorded').at(-1)!.data as any;
  assert.is(last.turnCount, 2);
  assert.equal(Object.keys(last.answerVariables).sort(), ['a', 'b']);
});

/** Records a branding change as an event (the API would refuse some of these), and waits for the views. */
async function brand(workspaceId: string, changes: Record<string, unknown>) {
  const metadata = {
    workspaceId,
    actor: { type: 'operator' as const, id: 'test' },
    correlationId: 'test',
    causationId: null,
    requestId: null,
    occurredAt: new Date().toISOString(),
  };
  const { position } = await app.services.events.append(`workspace-${workspaceId}`, [
    { type: 'WorkspaceBrandingUpdated', data: { workspaceId, changes }, metadata },
  ]);
  await app.services.projections.waitFor(position);
}

test('a session start names the chatbot and carries its workspace colors, defaults until set', async () => {
  const ws = await app.createWorkspace('pro');
  const r = await app.api('POST', `${EXT}/chatbots`, { apiKey: ws.apiKey, body: { name: 'Acme helper' } });
  const botId = r.body.data.id;
  const first = await start(botId);
  assert.is(first.status, 201);
  assert.equal(first.body.chatbot, { name: 'Acme helper' });
  assert.equal(first.body.branding, { primaryColor: '#4F46E5', secondaryColor: '#64748B' });

  const patched = await app.api('PATCH', '/api/v1/workspace/branding', {
    apiKey: ws.apiKey,
    body: { primaryColor: '#0F766E' },
  });
  assert.is(patched.status, 200, JSON.stringify(patched.body));
  const second = await start(botId);
  assert.equal(second.body.branding, { primaryColor: '#0F766E', secondaryColor: '#64748B' });
  await brand(ws.workspaceId, { secondaryColor: '#F59E0B' });
  assert.equal((await start(botId)).body.branding, { primaryColor: '#0F766E', secondaryColor: '#F59E0B' });

  // Another workspace's bot keeps its own (default) colors.
  const other = await newChatbot(app, apiKey, 'Other bot');
  const o = await start(other);
  assert.equal([o.body.chatbot.name, o.body.branding.primaryColor], ['Other bot', '#4F46E5']);

  // Anything in the view that is not #RRGGBB never reaches a visitor's page.
  await brand(ws.workspaceId, { primaryColor: 'red;background:url(//x)', secondaryColor: null });
  assert.equal((await start(botId)).body.branding, { primaryColor: '#4F46E5', secondaryColor: '#64748B' });
});

test('the OpenAPI document describes the chat endpoints without security', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  const start = doc.paths['/api/v1/chat/{botId}/sessions'].post;
  assert.equal(start.security, []);
  assert.ok(start.responses['201']);
  assert.equal(start.responses['201'].content['application/json'].schema, {
    $ref: '#/components/schemas/ChatSessionStarted',
  });
  const started = doc.components.schemas.ChatSessionStarted;
  assert.ok(started.required.includes('chatbot') && started.required.includes('branding'));
  assert.equal(started.properties.chatbot.required, ['name']);
  assert.is(started.properties.branding.properties.primaryColor.pattern, '^#[0-9A-Fa-f]{6}$');
  assert.match(started.properties.branding.properties.secondaryColor.description, '#64748B');
  for (const p of ['messages', 'escalate', 'end'])
    assert.ok(doc.paths[`/api/v1/chat/{botId}/sessions/{sessionId}/${p}`].post, p);
});

test('close', async () => {
  await app.close();
});

test.run();

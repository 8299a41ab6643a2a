/**
 * Black box, conversations: the visitor chat API (docs/chat-api.md) through to the External API's
 * responses (list shape, paging defaults, date filters, one record) and analytics.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DAY, ISO_UTC, sortedKeys, startBlackbox, utcDay, type Blackbox, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const CHAT = '/api/v1/chat';
let bb: Blackbox;
let ws: Workspace;
let readKey: string;

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    ws = await bb.workspace('pro');
    readKey = await bb.apiKey(ws.workspaceId);
  }),
);
test.after(async () => {
  await bb?.close();
});

async function createBot(body: Record<string, unknown>): Promise<string> {
  const r = await bb.api('POST', '/chatbots', { key: ws.apiKey, body });
  assert.ok([200, 201].includes(r.status), JSON.stringify(r.body));
  return r.body.data.id;
}
const start = (botId: string, body: unknown = {}) => bb.http('POST', `${CHAT}/${botId}/sessions`, { body });
const say = (botId: string, sessionId: string, message: string) =>
  bb.http('POST', `${CHAT}/${botId}/sessions/${sessionId}/messages`, { body: { message } });
const escalate = (botId: string, sessionId: string, reason: string) =>
  bb.http('POST', `${CHAT}/${botId}/sessions/${sessionId}/escalate`, { body: { reason } });
const end = (botId: string, sessionId: string) => bb.http('POST', `${CHAT}/${botId}/sessions/${sessionId}/end`);

const FLOW = {
  steps: [
    { type: 'message', text: 'Welcome to the shop.' },
    { type: 'question', text: 'Your name?', variable: 'name' },
    { type: 'question', text: 'Your city, {{name}}?', variable: 'city' },
    { type: 'message', text: 'Thanks {{name}} from {{city}}!' },
  ],
};

let flowBot = '';
let flowSession = '';

test('a visitor runs a custom flow: bot messages, {{variable}} answers, done at the end', async () => {
  flowBot = await createBot({ name: 'Flow bot', flow: FLOW });
  const s = await start(flowBot, { visitorId: 'visitor-42' });
  assert.is(s.status, 201);
  // The documented fields, plus what the widget shows (the bot's name and the brand colors).
  assert.equal(sortedKeys(s.body), ['branding', 'chatbot', 'done', 'messages', 'sessionId', 'visitorId']);
  assert.is(s.body.chatbot.name, 'Flow bot');
  assert.match(s.body.branding.primaryColor, /^#[0-9A-F]{6}$/i);
  assert.type(s.body.sessionId, 'string');
  assert.is(s.body.visitorId, 'visitor-42');
  assert.is(s.body.done, false);
  assert.equal(s.body.messages, [
    { type: 'bot', message: 'Welcome to the shop.' },
    { type: 'bot', message: 'Your name?' },
  ]);
  flowSession = s.body.sessionId;

  const a = await say(flowBot, flowSession, 'Ada');
  assert.is(a.status, 200);
  assert.equal(a.body, { messages: [{ type: 'bot', message: 'Your city, Ada?' }], done: false });
  const b = await say(flowBot, flowSession, 'London');
  assert.equal(b.body, { messages: [{ type: 'bot', message: 'Thanks Ada from London!' }], done: true });

  const after = await say(flowBot, flowSession, 'anyone there?');
  assert.is(after.status, 409, 'a completed session takes no more messages');
  assert.type(after.body.error, 'string');
});

test('the chat API is open to any site (CORS)', async () => {
  const r = await fetch(`${bb.url}${CHAT}/${flowBot}/sessions`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://shop.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  assert.ok(r.status >= 200 && r.status < 300);
  assert.is(r.headers.get('access-control-allow-origin'), '*');
  const s = await fetch(`${bb.url}${CHAT}/${flowBot}/sessions`, {
    method: 'POST',
    headers: { origin: 'https://shop.example', 'content-type': 'application/json' },
    body: '{}',
  });
  assert.is(s.status, 201);
  assert.is(s.headers.get('access-control-allow-origin'), '*');
});

test('the default flow: greeting, name and email questions, thank-you', async () => {
  const botId = await createBot({ name: 'Default flow' });
  const s = await start(botId);
  assert.is(s.status, 201);
  assert.type(s.body.visitorId, 'string', 'a visitor id is made when none is given');
  assert.ok(s.body.visitorId.length > 0);
  assert.is(s.body.messages.length, 2, 'greeting and the first question');
  for (const m of s.body.messages) assert.equal(sortedKeys(m), ['message', 'type']);
  const a = await say(botId, s.body.sessionId, 'Grace');
  assert.is(a.body.done, false);
  assert.is(a.body.messages.length, 1, 'the email question');
  const b = await say(botId, s.body.sessionId, 'grace@example.com');
  assert.is(b.body.done, true);
  assert.ok(b.body.messages.length >= 1, 'the thank-you');

  const page = await bb.api('GET', `/chatbots/${botId}/responses`, { key: readKey });
  assert.equal(page.body.data[0].answerVariables, { name: 'Grace', email: 'grace@example.com' });
});

test('escalate and end complete a session with {done:true}; later messages are 409', async () => {
  const botId = await createBot({ name: 'Escalations', flow: FLOW });
  const s1 = await start(botId);
  await say(botId, s1.body.sessionId, 'Bob');
  const e = await escalate(botId, s1.body.sessionId, 'wants a human');
  assert.is(e.status, 200);
  assert.equal(e.body, { done: true });
  assert.is((await say(botId, s1.body.sessionId, 'hello?')).status, 409);

  const s2 = await start(botId);
  const x = await end(botId, s2.body.sessionId);
  assert.is(x.status, 200);
  assert.equal(x.body, { done: true });
  assert.is((await say(botId, s2.body.sessionId, 'hello?')).status, 409);
});

test('a handoff step completes the session', async () => {
  const botId = await createBot({
    name: 'Handoff',
    flow: {
      steps: [
        { type: 'question', text: 'Topic?', variable: 'topic' },
        { type: 'handoff', text: 'Passing you to a person.' },
      ],
    },
  });
  const s = await start(botId);
  const r = await say(botId, s.body.sessionId, 'refund');
  assert.is(r.status, 200);
  assert.is(r.body.done, true);
  assert.ok(r.body.messages.some((m: { message: string }) => m.message === 'Passing you to a person.'));
});

test('unknown bot or session: 404; disabled chatbot: 403', async () => {
  assert.is((await start('no-such-bot')).status, 404);
  assert.is((await say(flowBot, 'no-such-session', 'hi')).status, 404);
  assert.is((await end(flowBot, 'no-such-session')).status, 404);
  const botId = await createBot({ name: 'Soon disabled', flow: FLOW });
  assert.is((await bb.api('PUT', `/chatbots/${botId}`, { key: ws.apiKey, body: { disabled: true } })).status, 200);
  const r = await start(botId);
  assert.is(r.status, 403);
  assert.type(r.body.error, 'string');
});

test('responses: {data, total, page, totalPages} with the record of the conversation', async () => {
  const page = await bb.api('GET', `/chatbots/${flowBot}/responses`, { key: readKey });
  assert.is(page.status, 200);
  assert.equal(sortedKeys(page.body), ['data', 'page', 'total', 'totalPages']);
  // The CORS check above started a session without a message: that is no response.
  assert.is(page.body.total, 1);
  assert.is(page.body.page, 1);
  assert.is(page.body.totalPages, 1);
  const item = page.body.data[0];
  for (const f of ['_id', 'chatSessionId', 'visitorId', 'chatDate', 'record', 'answerVariables'])
    assert.ok(f in item, `list item has ${f}`);
  assert.type(item._id, 'string');
  assert.is(item.chatSessionId, flowSession);
  assert.is(item.visitorId, 'visitor-42');
  assert.match(item.chatDate, ISO_UTC);
  assert.equal(item.answerVariables, { name: 'Ada', city: 'London' });
  assert.equal(
    item.record.map((e: { type: string; message: string }) => [e.type, e.message]),
    [
      ['bot', 'Welcome to the shop.'],
      ['bot', 'Your name?'],
      ['user', 'Ada'],
      ['bot', 'Your city, Ada?'],
      ['user', 'London'],
      ['bot', 'Thanks Ada from London!'],
    ],
  );

  const one = await bb.api('GET', `/chatbots/${flowBot}/responses/${item._id}`, { key: readKey });
  assert.is(one.status, 200);
  assert.equal(sortedKeys(one.body), ['data']);
  assert.is(one.body.data._id, item._id);
  assert.is(one.body.data.chatSessionId, flowSession);
  assert.equal(one.body.data.record, item.record);
  assert.equal(one.body.data.answerVariables, item.answerVariables);

  const bot = await bb.api('GET', `/chatbots/${flowBot}`, { key: readKey });
  assert.is(bot.body.data.responseCount, 1);
});

test('responses: unknown response, or a response under another chatbot, is 404', async () => {
  const item = (await bb.api('GET', `/chatbots/${flowBot}/responses`, { key: readKey })).body.data[0];
  const otherBot = await createBot({ name: 'Other' });
  assert.is((await bb.api('GET', `/chatbots/${flowBot}/responses/no-such-response`, { key: readKey })).status, 404);
  assert.is((await bb.api('GET', `/chatbots/${otherBot}/responses/${item._id}`, { key: readKey })).status, 404);
  const stranger = await bb.workspace('pro');
  assert.is((await bb.api('GET', `/chatbots/${flowBot}/responses`, { key: stranger.apiKey })).status, 404);
  assert.is((await bb.api('GET', `/chatbots/${flowBot}/responses/${item._id}`, { key: stranger.apiKey })).status, 404);
});

let pagedBot = '';
const RESPONSES = 23;

test('responses paging: default page 1 and limit 20; page and limit parameters', async () => {
  pagedBot = await createBot({
    name: 'Busy',
    flow: { steps: [{ type: 'question', text: 'Order number?', variable: 'order' }] },
  });
  for (let i = 0; i < RESPONSES; i++) {
    const s = await start(pagedBot, { visitorId: `v${i}` });
    assert.is((await say(pagedBot, s.body.sessionId, `order-${i}`)).status, 200);
  }
  const first = await bb.api('GET', `/chatbots/${pagedBot}/responses`, { key: readKey });
  assert.equal(
    [first.body.data.length, first.body.total, first.body.page, first.body.totalPages],
    [20, RESPONSES, 1, 2],
  );
  const second = await bb.api('GET', `/chatbots/${pagedBot}/responses?page=2`, { key: readKey });
  assert.equal(
    [second.body.data.length, second.body.total, second.body.page, second.body.totalPages],
    [RESPONSES - 20, RESPONSES, 2, 2],
  );
  const ids = new Set([...first.body.data, ...second.body.data].map((r: { _id: string }) => r._id));
  assert.is(ids.size, RESPONSES, 'the pages together hold every response once');

  const small = await bb.api('GET', `/chatbots/${pagedBot}/responses?limit=5&page=3`, { key: readKey });
  assert.equal(
    [small.body.data.length, small.body.total, small.body.page, small.body.totalPages],
    [5, RESPONSES, 3, 5],
  );
  const max = await bb.api('GET', `/chatbots/${pagedBot}/responses?limit=100`, { key: readKey });
  assert.equal([max.body.data.length, max.body.totalPages], [RESPONSES, 1]);
  for (const r of max.body.data) assert.match(r.chatDate, ISO_UTC);
  assert.is((await bb.api('GET', `/chatbots/${pagedBot}`, { key: readKey })).body.data.responseCount, RESPONSES);
});

test('responses date filters: startDate and endDate (YYYY-MM-DD)', async () => {
  const q = (query: string) => bb.api('GET', `/chatbots/${pagedBot}/responses?${query}`, { key: readKey });
  const all = await q(`startDate=${utcDay(-1)}&endDate=${utcDay(1)}`);
  assert.is(all.status, 200);
  assert.is(all.body.total, RESPONSES);
  assert.is((await q(`startDate=${utcDay(-3)}`)).body.total, RESPONSES);
  const future = await q(`startDate=${utcDay(2)}`);
  assert.is(future.status, 200);
  assert.equal([future.body.data, future.body.total], [[], 0]);
  const past = await q(`endDate=${utcDay(-2)}`);
  assert.equal([past.body.data, past.body.total], [[], 0]);
});

test('analytics: totals, period "<days>d", dailyCounts of days entries (default 30)', async () => {
  const r = await bb.api('GET', `/chatbots/${pagedBot}/analytics`, { key: readKey });
  assert.is(r.status, 200);
  assert.equal(sortedKeys(r.body), ['data']);
  const a = r.body.data;
  assert.equal(sortedKeys(a), ['dailyCounts', 'period', 'recentResponses', 'totalResponses']);
  assert.is(a.totalResponses, RESPONSES);
  assert.is(a.recentResponses, RESPONSES);
  assert.is(a.period, '30d');
  assert.is(a.dailyCounts.length, 30);
  for (const d of a.dailyCounts) {
    assert.equal(sortedKeys(d), ['count', 'date']);
    assert.match(d.date, DAY);
    assert.ok(Number.isInteger(d.count));
  }
  assert.is(new Set(a.dailyCounts.map((d: { date: string }) => d.date)).size, 30, 'one entry per day');
  assert.is(
    a.dailyCounts.reduce((n: number, d: { count: number }) => n + d.count, 0),
    RESPONSES,
  );
  assert.is(a.dailyCounts.find((d: { date: string }) => d.date === utcDay())?.count, RESPONSES);

  for (const days of [1, 7, 90]) {
    const x = (await bb.api('GET', `/chatbots/${pagedBot}/analytics?days=${days}`, { key: readKey })).body.data;
    assert.is(x.period, `${days}d`);
    assert.is(x.dailyCounts.length, days);
    assert.is(x.recentResponses, RESPONSES);
  }

  const empty = (await bb.api('GET', `/chatbots/${await createBot({ name: 'Quiet' })}/analytics`, { key: readKey }))
    .body.data;
  assert.equal(
    [empty.totalResponses, empty.recentResponses, empty.period, empty.dailyCounts.length],
    [0, 0, '30d', 30],
  );
});

test.run();

// GET /chatbots/{id}/responses and /responses/{responseId}: paging, date filters, isolation
// between workspaces, and every bad query value.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { seedResponses } from '../../../support/conversationSeed.js';

let app: TestApp;
let ws: { workspaceId: string; apiKey: string };
let other: { workspaceId: string; apiKey: string };
const EXT = '/api/v1/external/v1';

async function createBot(apiKey = ws.apiKey): Promise<string> {
  const r = await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Bot' } });
  assert.is(r.status, 201);
  return r.body.data.id;
}

async function seed(chatbotId: string, chatDates: string[], workspaceId = ws.workspaceId) {
  const out = await seedResponses(app.services.events, { chatbotId, workspaceId, chatDates });
  if (out.position) await app.services.projections.waitFor(out.position);
  return out.seeded;
}

const list = (botId: string, query = '', apiKey = ws.apiKey) =>
  app.api('GET', `${EXT}/chatbots/${botId}/responses${query}`, { apiKey });

function expect400(r: { status: number; body: any }, field: string) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.ok(r.body.error.includes(field), `error names ${field}: ${r.body.error}`);
}

test('setup', async () => {
  // More reads than a minute's burst limit allows one key; the limit is tested on its own.
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
  ws = await app.createWorkspace('pro');
  other = await app.createWorkspace('pro');
});

test('a chatbot without responses: empty page', async () => {
  const botId = await createBot();
  const r = await list(botId);
  assert.is(r.status, 200);
  assert.equal(r.body, { data: [], total: 0, page: 1, totalPages: 0 });
});

test('a conversation through the chat API becomes a response record with its customData', async () => {
  const botId = await createBot();
  const s = await app.api('POST', `/api/v1/chat/${botId}/sessions`, {
    body: {
      visitorId: 'visitor-9',
      customData: { platform: 'test', storeHash: 'abc123' },
      user: { id: 'c-1', name: 'Dee' },
    },
  });
  await app.api('POST', `/api/v1/chat/${botId}/sessions/${s.body.sessionId}/messages`, { body: { message: 'Dee' } });
  const midway = await list(botId);
  assert.is(midway.body.data[0].status, 'active');
  assert.equal(midway.body.data[0].answerVariables, { name: 'Dee' });
  await app.api('POST', `/api/v1/chat/${botId}/sessions/${s.body.sessionId}/messages`, {
    body: { message: 'dee@example.com' },
  });

  const r = await list(botId);
  assert.is(r.status, 200);
  assert.equal([r.body.total, r.body.page, r.body.totalPages, r.body.data.length], [1, 1, 1, 1]);
  const item = r.body.data[0];
  assert.match(item._id, /^[0-9a-f]{24}$/);
  assert.is(item.chatSessionId, s.body.sessionId);
  assert.is(item.visitorId, 'visitor-9');
  assert.match(item.chatDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.equal(item.answerVariables, { name: 'Dee', email: 'dee@example.com' });
  assert.equal(item.customData, { platform: 'test', storeHash: 'abc123' });
  assert.equal(item.user, { id: 'c-1', name: 'Dee' });
  assert.equal([item.status, item.resolution, item.turnCount, item.channel], ['completed', 'resolved', 2, 'web']);
  assert.equal(
    item.record.map((e: any) => [e.type, e.message]),
    [
      ['bot', 'Hi! Thanks for stopping by.'],
      ['bot', 'What is your name?'],
      ['user', 'Dee'],
      ['bot', 'Nice to meet you, Dee. What is your email address?'],
      ['user', 'dee@example.com'],
      ['bot', 'Thank you, Dee! We will be in touch soon.'],
    ],
  );
  assert.is(item.chatDate, item.record[2].timestamp, 'chatDate is the first visitor message');

  const one = await app.api('GET', `${EXT}/chatbots/${botId}/responses/${item._id}`, { apiKey: ws.apiKey });
  assert.is(one.status, 200);
  assert.equal(one.body.data, item);
  const bot = await app.api('GET', `${EXT}/chatbots/${botId}`, { apiKey: ws.apiKey });
  assert.is(bot.body.data.responseCount, 1);
});

test('a session without a visitor message is no response', async () => {
  const botId = await createBot();
  const s = await app.api('POST', `/api/v1/chat/${botId}/sessions`, { body: {} });
  await app.api('POST', `/api/v1/chat/${botId}/sessions/${s.body.sessionId}/end`);
  assert.is((await list(botId)).body.total, 0);
});

test('paging: newest first, default 20, totals', async () => {
  const botId = await createBot();
  const dates = Array.from({ length: 25 }, (_, i) => new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString());
  await seed(botId, dates);
  const p1 = await list(botId);
  assert.equal([p1.body.total, p1.body.page, p1.body.totalPages, p1.body.data.length], [25, 1, 2, 20]);
  assert.equal(
    p1.body.data.map((d: any) => d.chatDate),
    [...dates].reverse().slice(0, 20),
  );
  const p2 = await list(botId, '?page=2');
  assert.equal(
    p2.body.data.map((d: any) => d.chatDate),
    [...dates].reverse().slice(20),
  );
  assert.equal([p2.body.page, p2.body.totalPages], [2, 2]);
  const past = await list(botId, '?page=3');
  assert.equal([past.status, past.body.data, past.body.total, past.body.page], [200, [], 25, 3]);
  const small = await list(botId, '?limit=10&page=3');
  assert.equal([small.body.data.length, small.body.totalPages], [5, 3]);
  assert.is((await list(botId, '?limit=100')).body.data.length, 25);
  assert.is((await list(botId, '?limit=1')).body.totalPages, 25);
});

test('date filters: inclusive UTC days on chatDate', async () => {
  const botId = await createBot();
  await seed(botId, [
    '2025-02-27T23:59:59.999Z',
    '2025-02-28T00:00:00.000Z',
    '2025-02-28T23:59:59.999Z',
    '2025-03-01T00:00:00.000Z',
    '2025-03-02T10:00:00.000Z',
  ]);
  const dates = async (q: string) => {
    const r = await list(botId, q);
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.is(r.body.total, r.body.data.length, 'total follows the filter');
    return r.body.data.map((d: any) => d.chatDate);
  };
  assert.equal(await dates('?startDate=2025-02-28&endDate=2025-02-28'), [
    '2025-02-28T23:59:59.999Z',
    '2025-02-28T00:00:00.000Z',
  ]);
  assert.equal(await dates('?startDate=2025-03-01'), ['2025-03-02T10:00:00.000Z', '2025-03-01T00:00:00.000Z']);
  assert.equal(await dates('?endDate=2025-02-27'), ['2025-02-27T23:59:59.999Z']);
  assert.equal(await dates('?startDate=2025-02-28&endDate=2025-03-01'), [
    '2025-03-01T00:00:00.000Z',
    '2025-02-28T23:59:59.999Z',
    '2025-02-28T00:00:00.000Z',
  ]);
  assert.equal(await dates('?startDate=2026-01-01'), []);
  const paged = await list(botId, '?startDate=2025-02-28&limit=2&page=2');
  assert.equal([paged.body.total, paged.body.totalPages, paged.body.data.length], [4, 2, 2]);
});

test('endDate=9999-12-31, the last day there is, filters nothing out', async () => {
  const botId = await createBot();
  await seed(botId, ['2025-01-05T10:00:00.000Z', '2025-06-30T23:59:59.999Z', '9999-12-31T23:59:59.999Z']);
  const all = await list(botId);
  assert.is(all.body.total, 3);
  for (const q of ['?endDate=9999-12-31', '?startDate=2025-01-01&endDate=9999-12-31']) {
    const r = await list(botId, q);
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.equal(
      [r.body.total, r.body.totalPages, r.body.data],
      [all.body.total, all.body.totalPages, all.body.data],
      q,
    );
  }
  const last = await list(botId, '?startDate=9999-12-31&endDate=9999-12-31');
  assert.equal([last.body.total, last.body.data.map((d: any) => d.chatDate)], [1, ['9999-12-31T23:59:59.999Z']]);
});

test('bad query values: 400 naming the parameter', async () => {
  const botId = await createBot();
  expect400(await list(botId, '?limit=101'), 'limit');
  expect400(await list(botId, '?limit=0'), 'limit');
  expect400(await list(botId, '?limit=-5'), 'limit');
  expect400(await list(botId, '?limit=ten'), 'limit');
  expect400(await list(botId, '?limit=1.5'), 'limit');
  expect400(await list(botId, '?page=0'), 'page');
  expect400(await list(botId, '?page=abc'), 'page');
  expect400(await list(botId, '?page=1&page=2'), 'page');
  expect400(await list(botId, '?page=99999999'), 'page');
  for (const q of ['?page=0x10', '?page=1e3', '?limit=+5', '?page=%20', '?limit=5%20'])
    expect400(await list(botId, q), q.slice(1, q.indexOf('=')));
  expect400(await list(botId, '?startDate=2025-02-30'), 'startDate');
  expect400(await list(botId, '?startDate=yesterday'), 'startDate');
  expect400(await list(botId, '?endDate=2025-1-1'), 'endDate');
  expect400(await list(botId, '?endDate=2025-01-01T00:00:00Z'), 'endDate');
  expect400(await list(botId, '?startDate=2025-03-02&endDate=2025-03-01'), 'startDate');
});

test("another workspace's chatbot or response, a deleted chatbot, a wrong pairing: 404", async () => {
  const mine = await createBot();
  const sibling = await createBot();
  const [seeded] = await seed(mine, ['2025-01-05T10:00:00.000Z']);
  const theirs = await createBot(other.apiKey);
  assert.is((await list(mine, '', other.apiKey)).status, 404);
  assert.is((await list('0123456789abcdef01234567')).status, 404);
  // The record and its provenance answer alike: only through its own chatbot, by its own workspace.
  for (const tail of ['', '/provenance']) {
    for (const [chatbotId, responseId, apiKey] of [
      [mine, seeded.responseId, other.apiKey],
      [theirs, seeded.responseId, other.apiKey],
      [sibling, seeded.responseId, ws.apiKey],
      [mine, '0123456789abcdef01234567', ws.apiKey],
    ]) {
      const r = await app.api('GET', `${EXT}/chatbots/${chatbotId}/responses/${responseId}${tail}`, { apiKey });
      assert.is(r.status, 404, `${tail} ${JSON.stringify(r.body)}`);
    }
    const own = await app.api('GET', `${EXT}/chatbots/${mine}/responses/${seeded.responseId}${tail}`, {
      apiKey: ws.apiKey,
    });
    assert.is(own.status, 200, tail);
  }
  await app.api('DELETE', `${EXT}/chatbots/${mine}`, { apiKey: ws.apiKey });
  assert.is((await list(mine)).status, 404);
  assert.is(
    (await app.api('GET', `${EXT}/chatbots/${mine}/responses/${seeded.responseId}`, { apiKey: ws.apiKey })).status,
    404,
  );
});

test('no API key: 401', async () => {
  const botId = await createBot();
  assert.is((await app.api('GET', `${EXT}/chatbots/${botId}/responses`)).status, 401);
});

test('the OpenAPI document states what a limit above 100 does', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  const op = doc.paths['/api/v1/external/v1/chatbots/{id}/responses'].get;
  const limit = op.parameters.find((p: any) => p.name === 'limit');
  assert.equal([limit.schema.maximum, limit.schema.default], [100, 20]);
  assert.match(limit.description, /above 100 are rejected with 400/);
  assert.ok(doc.paths['/api/v1/external/v1/chatbots/{id}/responses/{responseId}'].get);
});

test('close', async () => {
  await app.close();
});

test.run();

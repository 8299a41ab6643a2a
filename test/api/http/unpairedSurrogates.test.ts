/**
 * Unpaired UTF-16 surrogates ("\ud800") in any text field are refused at the edge with a 400
 * naming the field: no 500, no quota spent, nothing reserved or half-written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';

const EXT = '/api/v1/external/v1';
const CHAT = '/api/v1/chat';
// JSON text with the escape itself: JSON.stringify would keep it, but spell it out to be sure.
const LONE = '\\ud800';
const raw = (json: string) => json.replace(/LONE/g, LONE);

let app: TestApp;
let apiKey: string;
let workspaceId: string;
let botId: string;

function expectNamed(r: { status: number; body: any }, field: string) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.equal(Object.keys(r.body).sort(), ['code', 'error']);
  assert.ok(r.body.error.startsWith(field), `"${r.body.error}" names ${field}`);
  assert.match(r.body.error, /Unicode/);
}

test.before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey, workspaceId } = await app.createWorkspace('pro'));
  botId = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Bot' } })).body.data.id;
});
test.after(async () => {
  await app.close();
});

test('External API text fields: 400 naming the field, and the call is not billed', async () => {
  const used = () => app.services.usage.get(workspaceId, monthOf(new Date()));
  const before = await used();
  const cases: Array<[string, string, string, string]> = [
    ['POST', '/chatbots', '{"name":"aLONEb"}', 'name'],
    ['POST', '/chatbots', '{"name":"ok","description":"LONE"}', 'description'],
    ['PUT', `/chatbots/${botId}`, '{"name":"LONE"}', 'name'],
    [
      'POST',
      '/webhooks',
      `{"chatbotId":"${botId}","url":"https://127.0.0.1:9/h","events":["response.created"],"description":"LONE"}`,
      'description',
    ],
    ['PATCH', '/account', '{"name":"LONE"}', 'name'],
  ];
  for (const [method, path, body, field] of cases)
    expectNamed(await app.api(method, EXT + path, { apiKey, body: raw(body) }), field);
  // A 4xx gives its reserved call back just after the answer is sent: wait for the last one.
  const deadline = Date.now() + 3000;
  while ((await used()) !== before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  assert.is(await used(), before, '4xx answers are not billed');
});

test('a refused webhook leaves nothing reserved: the same subscription is then created', async () => {
  const body = { chatbotId: botId, url: 'https://127.0.0.1:9/same', events: ['response.created'] };
  const bad = await app.api('POST', `${EXT}/webhooks`, {
    apiKey,
    body: raw(JSON.stringify({ ...body, description: 'LONE' })),
  });
  assert.is(bad.status, 400);
  const good = await app.api('POST', `${EXT}/webhooks`, { apiKey, body });
  assert.is(good.status, 201, JSON.stringify(good.body));
});

test('visitor chat: message, customData keys and values, escalate reason', async () => {
  expectNamed(
    await app.api('POST', `${CHAT}/${botId}/sessions`, { body: raw('{"customData":{"k":"LONE"}}') }),
    'customData.k',
  );
  expectNamed(
    await app.api('POST', `${CHAT}/${botId}/sessions`, { body: raw('{"customData":{"LONE":"v"}}') }),
    'customData.',
  );
  const s = await app.api('POST', `${CHAT}/${botId}/sessions`, { body: {} });
  assert.is(s.status, 201);
  expectNamed(
    await app.api('POST', `${CHAT}/${botId}/sessions/${s.body.sessionId}/messages`, {
      body: raw('{"message":"hiLONE"}'),
    }),
    'message',
  );
  expectNamed(
    await app.api('POST', `${CHAT}/${botId}/sessions/${s.body.sessionId}/escalate`, { body: raw('{"reason":"LONE"}') }),
    'reason',
  );
  // A well-formed pair (an emoji) is fine.
  const ok = await app.api('POST', `${CHAT}/${botId}/sessions/${s.body.sessionId}/messages`, {
    body: { message: 'hi \ud83d\ude00' },
  });
  assert.is(ok.status, 200, JSON.stringify(ok.body));
});

test('a lone surrogate in a path id is simply not found', async () => {
  const r = await app.api('GET', `${EXT}/chatbots/%ED%A0%80`, { apiKey });
  assert.ok(r.status === 404 || r.status === 400, String(r.status));
});

test.run();

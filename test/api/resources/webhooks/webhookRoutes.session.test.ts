/**
 * The dashboard's webhook endpoints over real HTTP with real sessions: list/create/update/
 * delete with the External API's rules, the delivery log of real deliveries to a local HTTPS
 * receiver, resend, reactivation, and the 401/403/404/400/409 answers and the Free plan gate.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpsReceiver, verifySeedSignature, type HttpsReceiver } from '../../../support/httpsReceiver.js';
import { systemContext } from '../../../../commands/commandContext.js';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';
import { memberOf, trustCertificate, WEBHOOK_ENV, type Session } from '../../dashboard/dashboardFixtures.js';
import { newChatbot, startConversation } from '../../../support/visitorChat.js';
import { eventually } from '../../../support/waiting.js';
import { hostRequest } from '../../../support/signIn.js';

let app: TestApp;
let receiver: HttpsReceiver;
let owner: SignedInWorkspace;
let other: SignedInWorkspace;
let member: Session;
let chatbotId: string;
let call: ReturnType<typeof as>;

const HOOKS = `${DASH}/webhooks`;
const keysOf = (o: object) => Object.keys(o).sort();
const asSession = (who: Session) => (method: string, path: string, body?: unknown) =>
  hostRequest(app, method, path, { origin: who.origin, cookie: who.cookie, csrfToken: who.csrfToken, body });

test.before(async () => {
  receiver = await startHttpsReceiver();
  trustCertificate(receiver.caPem);
  app = await startSignInApp(WEBHOOK_ENV);
  owner = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  member = await memberOf(app, owner);
  chatbotId = await newChatbot(app, owner.apiKey);
  call = as(app, owner);
});
test.after(async () => {
  await app.close();
  await receiver.close();
});

async function create(body: Record<string, unknown> = {}) {
  const r = await call('POST', HOOKS, {
    chatbotId,
    url: `${receiver.url}/hook-${Math.random().toString(36).slice(2)}`,
    events: ['conversation.started'],
    ...body,
  });
  assert.is(r.status, 201, r.text);
  return r.body.data;
}

test('create answers the secret once with the External API fields and the chatbot name; the list never shows it', async () => {
  const r = await call('POST', HOOKS, {
    chatbotId,
    url: `${receiver.url}/a`,
    events: ['conversation.started', 'response.created'],
    description: 'CRM',
  });
  assert.is(r.status, 201, r.text);
  assert.match(r.body.message, /secret/i);
  const d = r.body.data;
  assert.match(d.secret, /^[0-9a-f]{64}$/);
  assert.equal(d.chatbot, { id: chatbotId, name: 'Support bot' });
  assert.equal(keysOf(d), [
    'chatbot',
    'createdAt',
    'description',
    'disabledReason',
    'events',
    'failureCount',
    'id',
    'lastDeliveryAt',
    'lastFailureAt',
    'secret',
    'status',
    'updatedAt',
    'url',
  ]);
  assert.is(d.status, 'active');
  const list = await call('GET', HOOKS);
  assert.is(list.status, 200, list.text);
  const listed = list.body.data.find((w: any) => w.id === d.id);
  assert.ok(listed);
  assert.is(listed.secret, undefined);
  assert.ok(!list.text.includes(d.secret), 'the secret appears nowhere in the list');
  assert.equal(list.body.chatbots, [{ id: chatbotId, name: 'Support bot' }]);
  assert.equal(list.body.events, [
    'response.created',
    'response.updated',
    'conversation.started',
    'conversation.completed',
  ]);
  assert.is(list.body.limit, 15);
});

test('bad inputs are 400 {error, code} naming the field; a duplicate is 409', async () => {
  for (const [body, field] of [
    [{ chatbotId, url: 'http://127.0.0.1/x', events: ['conversation.started'] }, 'url'],
    [{ chatbotId, url: `${receiver.url}/b`, events: ['nope'] }, 'events'],
    [{ chatbotId, url: `${receiver.url}/b`, events: [] }, 'events'],
    [{ url: `${receiver.url}/b`, events: ['conversation.started'] }, 'chatbotId'],
  ] as const) {
    const r = await call('POST', HOOKS, body);
    assert.is(r.status, 400, `${field}: ${r.text}`);
    assert.equal(keysOf(r.body), ['code', 'error']);
    assert.match(r.body.error, field === 'events' ? /event/i : new RegExp(field));
  }
  const url = `${receiver.url}/dup`;
  await create({ url });
  const dup = await call('POST', HOOKS, { chatbotId, url, events: ['conversation.started'] });
  assert.is(dup.status, 409, dup.text);
  const badStatus = await call('PATCH', `${HOOKS}/${(await create()).id}`, { status: 'failed' });
  assert.is(badStatus.status, 400, badStatus.text);
  const badCursor = await call('GET', `${HOOKS}/${(await create()).id}/deliveries?cursor=zzz`);
  assert.is(badCursor.status, 400, badCursor.text);
});

test("401 without a session, 403 CSRF without the token, 403 for a member's reads and writes, 403 on the Free plan", async () => {
  const anon = await call('GET', HOOKS, undefined, { cookie: false });
  assert.is(anon.status, 401);
  assert.is(anon.body.code, 'NOT_SIGNED_IN');
  const noCsrf = await call(
    'POST',
    HOOKS,
    { chatbotId, url: `${receiver.url}/c`, events: ['conversation.started'] },
    { csrf: false },
  );
  assert.is(noCsrf.status, 403);
  assert.is(noCsrf.body.code, 'CSRF');
  const m = asSession(member);
  const hook = await create();
  for (const [method, path, body] of [
    ['GET', HOOKS, undefined],
    ['GET', `${HOOKS}/${hook.id}/deliveries`, undefined],
    ['POST', HOOKS, { chatbotId, url: `${receiver.url}/m`, events: ['conversation.started'] }],
    ['PATCH', `${HOOKS}/${hook.id}`, { status: 'paused' }],
    ['DELETE', `${HOOKS}/${hook.id}`, undefined],
    ['POST', `${HOOKS}/${hook.id}/deliveries/dlv_x/resend`, undefined],
  ] as const) {
    const r = await m(method, path, body);
    assert.is(r.status, 403, `${method} ${path}: ${r.text}`);
    assert.is(r.body.code, 'INSUFFICIENT_ROLE');
  }
  const free = await createSignedInWorkspace(app, 'free');
  const r = await as(app, free)('GET', HOOKS);
  assert.is(r.status, 403, r.text);
  assert.is(r.body.code, 'PLAN_NO_WEBHOOK_ACCESS');
  assert.is(
    (await as(app, free)('POST', HOOKS, { chatbotId, url: `${receiver.url}/f`, events: ['conversation.started'] })).body
      .code,
    'PLAN_NO_WEBHOOK_ACCESS',
  );
});

test("another workspace's webhook and delivery ids are 404 everywhere", async () => {
  const hook = await create();
  const stranger = as(app, other);
  for (const [method, path, body] of [
    ['PATCH', `${HOOKS}/${hook.id}`, { status: 'paused' }],
    ['DELETE', `${HOOKS}/${hook.id}`, undefined],
    ['GET', `${HOOKS}/${hook.id}/deliveries`, undefined],
    ['POST', `${HOOKS}/${hook.id}/deliveries/dlv_0/resend`, undefined],
  ] as const) {
    const r = await stranger(method, path, body);
    assert.is(r.status, 404, `${method} ${path}: ${r.text}`);
  }
  assert.ok(!(await stranger('GET', HOOKS)).body.data.some((w: any) => w.id === hook.id));
  const unknownDelivery = await call('POST', `${HOOKS}/${hook.id}/deliveries/dlv_unknown/resend`);
  assert.is(unknownDelivery.status, 404, unknownDelivery.text);
});

test('pause, resume and delete', async () => {
  const hook = await create();
  const paused = await call('PATCH', `${HOOKS}/${hook.id}`, { status: 'paused' });
  assert.is(paused.status, 200, paused.text);
  assert.is(paused.body.data.status, 'paused');
  assert.is((await call('PATCH', `${HOOKS}/${hook.id}`, { status: 'active' })).body.data.status, 'active');
  const del = await call('DELETE', `${HOOKS}/${hook.id}`);
  assert.is(del.status, 200, del.text);
  assert.is((await call('DELETE', `${HOOKS}/${hook.id}`)).status, 404);
});

test('a real delivery is logged with status, time and payload; resend sends the same payload with a fresh signature, logged as a resend', async () => {
  const bot = await newChatbot(app, owner.apiKey, 'Log bot');
  const url = `${receiver.url}/log`;
  const hook = await create({ chatbotId: bot, url });
  const secret = hook.secret as string;
  await startConversation(app, bot);
  const first = await eventually(
    async () => receiver.requests.find((r) => r.path === '/log'),
    10_000,
    'the first delivery',
  );
  assert.ok(verifySeedSignature(first, secret));
  const log = await eventually(
    async () => {
      const r = await call('GET', `${HOOKS}/${hook.id}/deliveries`);
      return r.body.data?.length ? r.body : undefined;
    },
    10_000,
    'the log entry',
  );
  assert.is(log.nextCursor, null);
  const entry = log.data[0];
  assert.equal(keysOf(entry), [
    'attempt',
    'createdAt',
    'deliveryId',
    'error',
    'event',
    'id',
    'payload',
    'requestHeaders',
    'requestUrl',
    'resentFrom',
    'response',
    'responseMs',
    'statusCode',
    'success',
  ]);
  assert.is(entry.statusCode, 200);
  assert.is(entry.success, true);
  assert.is(entry.event, 'conversation.started');
  assert.is(entry.payload, first.rawBody.toString('utf8'));
  assert.ok(entry.responseMs >= 0);
  assert.is(entry.resentFrom, null);

  const resent = await call('POST', `${HOOKS}/${hook.id}/deliveries/${entry.deliveryId}/resend`);
  assert.is(resent.status, 202, resent.text);
  const newId = resent.body.data.deliveryId as string;
  assert.match(newId, /^dlv_/);
  const again = await eventually(
    async () => receiver.requests.filter((r) => r.path === '/log')[1],
    10_000,
    'the resent delivery',
  );
  assert.is(again.rawBody.toString('utf8'), first.rawBody.toString('utf8'), 'same payload');
  assert.ok(verifySeedSignature(again, secret), 'signed with the secret');
  assert.is.not(again.headers['x-webhook-delivery-id'], first.headers['x-webhook-delivery-id']);
  assert.is(again.headers['x-webhook-delivery-id'], newId);
  const logged = await eventually(
    async () => {
      const r = await call('GET', `${HOOKS}/${hook.id}/deliveries`);
      return r.body.data.length === 2 ? r.body.data : undefined;
    },
    10_000,
    'the resend in the log',
  );
  assert.is(logged[0].deliveryId, newId);
  assert.is(logged[0].resentFrom, entry.deliveryId);
});

test('the log pages with a cursor, newest first', async () => {
  const bot = await newChatbot(app, owner.apiKey, 'Paging bot');
  const hook = await create({ chatbotId: bot, url: `${receiver.url}/paging` });
  for (let i = 0; i < 3; i++) await startConversation(app, bot);
  await eventually(
    async () => receiver.requests.filter((r) => r.path === '/paging').length === 3,
    10_000,
    'three deliveries',
  );
  await eventually(
    async () => (await call('GET', `${HOOKS}/${hook.id}/deliveries`)).body.data.length === 3,
    10_000,
    'three log entries',
  );
  const p1 = await call('GET', `${HOOKS}/${hook.id}/deliveries?limit=2`);
  assert.is(p1.body.data.length, 2);
  assert.ok(p1.body.nextCursor);
  const p2 = await call(
    'GET',
    `${HOOKS}/${hook.id}/deliveries?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`,
  );
  assert.is(p2.body.data.length, 1);
  assert.is(p2.body.nextCursor, null);
  const ids = [...p1.body.data, ...p2.body.data].map((e: any) => e.id);
  assert.is(new Set(ids).size, 3);
  const times = [...p1.body.data, ...p2.body.data].map((e: any) => e.createdAt);
  assert.equal(times, [...times].sort().reverse());
  assert.is((await call('GET', `${HOOKS}/${hook.id}/deliveries?limit=0`)).status, 400);
});

test('after 10 failures the webhook is failed: resend is 409 WEBHOOK_DISABLED, paused is 409 WEBHOOK_PAUSED; reactivation brings it back to active with no failures', async () => {
  const bot = await newChatbot(app, owner.apiKey, 'Failing bot');
  const hook = await create({ chatbotId: bot, url: `${receiver.url}/fail` });
  await startConversation(app, bot);
  const [entry] = await eventually(
    async () => {
      const r = await call('GET', `${HOOKS}/${hook.id}/deliveries`);
      return r.body.data.length ? r.body.data : undefined;
    },
    10_000,
    'a delivery',
  );
  const ctx = systemContext('test', owner.workspaceId);
  for (let i = 0; i < 10; i++) {
    await app.services.webhooks.recordFailure(
      hook.id,
      { deliveryId: `dlv_forced${i}`, at: new Date().toISOString(), statusCode: 500, error: 'HTTP 500', gone: false },
      ctx,
    );
  }
  const failed = (await call('GET', HOOKS)).body.data.find((w: any) => w.id === hook.id);
  assert.is(failed.status, 'failed');
  assert.is(failed.disabledReason, 'consecutive_failures');
  assert.is(failed.failureCount, 10);
  const refused = await call('POST', `${HOOKS}/${hook.id}/deliveries/${entry.deliveryId}/resend`);
  assert.is(refused.status, 409, refused.text);
  assert.is(refused.body.code, 'WEBHOOK_DISABLED');

  const back = await call('PATCH', `${HOOKS}/${hook.id}`, { status: 'active' });
  assert.is(back.status, 200, back.text);
  assert.is(back.body.data.status, 'active');
  assert.is(back.body.data.failureCount, 0);
  assert.is(back.body.data.disabledReason, null);

  await call('PATCH', `${HOOKS}/${hook.id}`, { status: 'paused' });
  const whilePaused = await call('POST', `${HOOKS}/${hook.id}/deliveries/${entry.deliveryId}/resend`);
  assert.is(whilePaused.status, 409);
  assert.is(whilePaused.body.code, 'WEBHOOK_PAUSED');
});

test('a receiver answering 410 Gone disables the webhook with reason gone', async () => {
  const hook = await create();
  await app.services.webhooks.recordFailure(
    hook.id,
    { deliveryId: 'dlv_gone', at: new Date().toISOString(), statusCode: 410, error: 'HTTP 410', gone: true },
    systemContext('test', owner.workspaceId),
  );
  const listed = (await call('GET', HOOKS)).body.data.find((w: any) => w.id === hook.id);
  assert.is(listed.status, 'failed');
  assert.is(listed.disabledReason, 'gone');
});

test('the OpenAPI document lists the dashboard webhook operations with security session', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  for (const [path, method] of [
    ['/webhooks', 'get'],
    ['/webhooks', 'post'],
    ['/webhooks/{id}', 'patch'],
    ['/webhooks/{id}', 'delete'],
    ['/webhooks/{id}/deliveries', 'get'],
    ['/webhooks/{id}/deliveries/{deliveryId}/resend', 'post'],
  ]) {
    const op = doc.paths[`${DASH}${path}`]?.[method];
    assert.ok(op, `${method} ${path}`);
    assert.equal(op.security, [{ SessionCookie: [] }]);
  }
});

test.run();

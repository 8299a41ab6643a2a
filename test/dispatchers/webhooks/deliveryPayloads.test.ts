/** Deliveries to a real HTTPS receiver: headers, signatures, each event's payload, filtering. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { verifyStandardWebhookSignature } from '../../../domain/webhooks/webhookSignature.js';
import { jsonBody, verifySeedSignature, type ReceivedRequest } from '../../support/httpsReceiver.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually, sleep } from '../../support/waiting.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
let h: Harness;
let botId: string;
let secret: string;
let webhookId: string;

const ALL = ['response.created', 'response.updated', 'conversation.started', 'conversation.completed'];
const hookPath = (req: ReceivedRequest) => req.path;
const keysOf = (o: object) => Object.keys(o).sort();

test.before(async () => {
  h = await startHarness();
  botId = await h.newChatbot('Support bot');
  ({ webhookId, secret } = await h.createWebhook({ chatbotId: botId, url: `${h.receiver.url}/all`, events: ALL }));
  await h.startDispatcher();
});

/** What docs/events.md tells receivers to do, written out: HMAC over the raw bytes, timing-safe compare. */
function receiverVerifies(req: ReceivedRequest, key: string): boolean {
  const expected = createHmac('sha256', key).update(req.rawBody).digest('hex');
  const given = String(req.headers['x-webhook-signature'] ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function next(count: number): Promise<ReceivedRequest> {
  const all = await h.receiver.waitFor(count, 8000);
  return all[count - 1];
}

test('conversation.started: headers, both signatures, exact payload', async () => {
  const { sessionId, occurredAt } = await h.append(botId, 'ConversationStarted', {
    chatbotName: 'Support bot',
    aiAgent: null,
    visitorId: 'visitor-1',
    channel: 'web',
    customData: {},
    user: null,
    messages: [],
    startedAt: new Date().toISOString(),
  });
  const req = await next(1);
  assert.is(req.method, 'POST');
  assert.is(req.path, '/all');
  assert.is(req.headers['content-type'], 'application/json');
  assert.is(req.headers['user-agent'], 'Confab-Webhooks/1.0');
  assert.is(req.headers['x-webhook-event'], 'conversation.started');
  const ts = Number(req.headers['x-webhook-timestamp']);
  assert.ok(Math.abs(ts - Date.now()) < 10_000, 'epoch milliseconds');
  assert.match(String(req.headers['x-webhook-signature']), /^[0-9a-f]{64}$/);
  assert.ok(receiverVerifies(req, secret));
  assert.ok(verifySeedSignature(req, secret));
  assert.not.ok(receiverVerifies(req, 'f'.repeat(64)));
  const id = String(req.headers['webhook-id']);
  assert.match(id, /^dlv_[0-9a-f]{24}$/);
  assert.is(req.headers['x-webhook-delivery-id'], id);
  const wts = Number(req.headers['webhook-timestamp']);
  assert.is(wts, Math.floor(ts / 1000));
  assert.ok(
    verifyStandardWebhookSignature(secret, id, wts, req.rawBody, req.headers['webhook-signature'], {
      nowSeconds: Math.floor(Date.now() / 1000),
    }),
  );
  const body = jsonBody<Record<string, unknown>>(req);
  assert.equal(body, {
    event: 'conversation.started',
    chatSessionId: sessionId,
    botId,
    chatbotName: 'Support bot',
    visitorId: 'visitor-1',
    channel: 'web',
    timestamp: new Date(occurredAt).toISOString(),
  });
  assert.match(body.timestamp as string, ISO_MS);
});

test('conversation.started of an AI-agent conversation carries aiAgent instead of chatbotName', async () => {
  await h.append(botId, 'ConversationStarted', {
    chatbotName: 'Support bot',
    aiAgent: 'Ava',
    visitorId: 'visitor-2',
    channel: 'whatsapp',
    customData: {},
    user: null,
    messages: [],
    startedAt: new Date().toISOString(),
  });
  const body = jsonBody<Record<string, unknown>>(await next(2));
  assert.equal(keysOf(body), ['aiAgent', 'botId', 'channel', 'chatSessionId', 'event', 'timestamp', 'visitorId']);
  assert.is(body.aiAgent, 'Ava');
  assert.is(body.channel, 'whatsapp');
});

test('response.created and response.updated payloads', async () => {
  const { sessionId } = await h.append(botId, 'ResponseCreated', {
    responseId: 'resp-1',
    visitorId: 'visitor-1',
    chatDate: new Date().toISOString(),
  });
  const created = await next(3);
  assert.is(created.headers['x-webhook-event'], 'response.created');
  const c = jsonBody<Record<string, unknown>>(created);
  assert.equal(keysOf(c), ['botId', 'chatSessionId', 'event', 'responseId', 'timestamp', 'visitorId']);
  assert.equal(
    [c.event, c.chatSessionId, c.responseId, c.botId, c.visitorId],
    ['response.created', sessionId, 'resp-1', botId, 'visitor-1'],
  );
  await h.append(botId, 'ResponseUpdated', { responseId: 'resp-1', updatedAt: new Date().toISOString() }, sessionId);
  const u = jsonBody<Record<string, unknown>>(await next(4));
  assert.equal(keysOf(u), ['botId', 'chatSessionId', 'event', 'responseId', 'timestamp']);
  assert.equal([u.event, u.responseId, u.botId, u.chatSessionId], ['response.updated', 'resp-1', botId, sessionId]);
  assert.ok(Object.values(u).every((v) => typeof v === 'string'));
});

test('conversation.completed: integers for duration and turnCount; escalationReason only when escalated', async () => {
  await h.append(botId, 'ConversationCompleted', {
    responseId: null,
    resolution: 'escalated',
    escalationReason: 'handoff',
    duration: 42,
    turnCount: 3,
    completedAt: new Date().toISOString(),
  });
  const e = jsonBody<Record<string, unknown>>(await next(5));
  assert.equal(keysOf(e), [
    'botId',
    'chatSessionId',
    'duration',
    'escalationReason',
    'event',
    'resolution',
    'timestamp',
    'turnCount',
  ]);
  assert.equal([e.resolution, e.escalationReason, e.duration, e.turnCount], ['escalated', 'handoff', 42, 3]);
  for (const resolution of ['resolved', 'ended']) {
    await h.append(botId, 'ConversationCompleted', {
      responseId: null,
      resolution,
      escalationReason: null,
      duration: 7,
      turnCount: 1,
      completedAt: new Date().toISOString(),
    });
  }
  const all = await h.receiver.waitFor(7, 8000);
  for (const req of all.slice(5, 7)) {
    const b = jsonBody<Record<string, unknown>>(req);
    assert.equal(keysOf(b), ['botId', 'chatSessionId', 'duration', 'event', 'resolution', 'timestamp', 'turnCount']);
    assert.is(typeof b.duration, 'number');
    assert.is(typeof b.turnCount, 'number');
  }
});

test('filtering: only its chatbot, only listed events, only while active', async () => {
  const otherBot = await h.newChatbot('Other');
  const { webhookId: onlyCompleted } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/completed-only`,
    events: ['conversation.completed'],
  });
  const before = h.receiver.requests.length;
  await h.append(otherBot, 'ConversationStarted', {
    chatbotName: 'Other',
    aiAgent: null,
    visitorId: 'v',
    channel: 'web',
    customData: {},
    user: null,
    messages: [],
    startedAt: new Date().toISOString(),
  });
  await h.append(botId, 'ResponseCreated', { responseId: 'r-9', visitorId: 'v', chatDate: new Date().toISOString() });
  await h.receiver.waitFor(before + 1);
  await sleep(300);
  // Only the /all webhook took the response.created; nothing for the other chatbot.
  assert.equal(h.receiver.requests.slice(before).map(hookPath), ['/all']);

  await h.commands.update(webhookId, { status: 'paused' }, h.ctx);
  await h.append(botId, 'ConversationCompleted', {
    responseId: null,
    resolution: 'ended',
    escalationReason: null,
    duration: 1,
    turnCount: 0,
    completedAt: new Date().toISOString(),
  });
  await h.receiver.waitFor(before + 2);
  await sleep(300);
  assert.equal(h.receiver.requests.slice(before + 1).map(hookPath), ['/completed-only']);

  await h.commands.update(webhookId, { status: 'active' }, h.ctx);
  await h.commands.update(onlyCompleted, { events: ['response.created'] }, h.ctx);
  await h.append(botId, 'ConversationCompleted', {
    responseId: null,
    resolution: 'ended',
    escalationReason: null,
    duration: 1,
    turnCount: 0,
    completedAt: new Date().toISOString(),
  });
  await h.receiver.waitFor(before + 3);
  await sleep(300);
  assert.equal(h.receiver.requests.slice(before + 2).map(hookPath), ['/all']);
});

test('a URL change takes effect for the next delivery; the secret stays', async () => {
  await h.commands.update(webhookId, { url: `${h.receiver.url}/moved` }, h.ctx);
  const before = h.receiver.requests.length;
  await h.append(botId, 'ResponseCreated', { responseId: 'r-10', visitorId: 'v', chatDate: new Date().toISOString() });
  // Two webhooks take it now: this one (moved) and /completed-only, which switched to response.created.
  const got = await h.receiver.waitFor(before + 2, 8000);
  const paths = got.slice(before).map(hookPath).sort();
  assert.equal(paths, ['/completed-only', '/moved']);
  assert.ok(receiverVerifies(got.slice(before).find((r) => r.path === '/moved')!, secret));
});

test('the delivery log records the request sent, status and response time', async () => {
  const rows = await eventually(
    async () => {
      const r = await h.attempts(webhookId);
      return r.length >= 10 ? r : null;
    },
    5000,
    'attempt rows',
  );
  const row = rows[0];
  assert.is(row.success, true);
  assert.is(row.status_code, 200);
  assert.ok(row.response_ms >= 0);
  assert.is(row.attempt, 1);
  assert.is(row.request_headers['user-agent'], 'Confab-Webhooks/1.0');
  assert.is(row.request_body, h.receiver.requests[0].rawBody.toString('utf8'));
  const state = await eventually(
    async () => {
      const s = await h.commands.load(webhookId);
      return s.lastDeliveryAt ? s : null;
    },
    5000,
    'lastDeliveryAt',
  );
  assert.match(state.lastDeliveryAt!, ISO_MS);
});

test.after(async () => {
  await h.close();
});

test.run();

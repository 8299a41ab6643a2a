/** Retries, Retry-After, timeout, redirects, 410, auto-disable and reactivation, log retention. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { purgeExpired } from '../../../dispatchers/webhooks/deliveryStore.js';
import { listAttempts } from '../../../infrastructure/webhooks/deliveryLogQueries.js';
import { MAX_CONSECUTIVE_FAILURES } from '../../../domain/webhooks/webhook.js';
import type { ReceivedRequest } from '../../support/httpsReceiver.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually, sleep } from '../../support/waiting.js';
import { WEBHOOKS } from '../../../projections/views/webhooksView.js';

let h: Harness;
let botId: string;

const started = () => ({
  chatbotName: 'Bot',
  aiAgent: null,
  visitorId: 'v',
  channel: 'web',
  customData: {},
  user: null,
  messages: [],
  startedAt: new Date().toISOString(),
});
const onPath = (path: string) => h.receiver.requests.filter((r) => r.path === path);
async function requestsOn(path: string, count: number, timeoutMs = 8000): Promise<ReceivedRequest[]> {
  return eventually(
    () => (onPath(path).length >= count ? onPath(path) : null),
    timeoutMs,
    `${count} request(s) on ${path}`,
  );
}
/** Answers by path; the default is 200. */
const replies = new Map<
  string,
  (req: ReceivedRequest, n: number) => { status: number; headers?: Record<string, string>; delayMs?: number }
>();

test.before(async () => {
  h = await startHarness({ WEBHOOK_RETRY_DELAYS_MS: '150,150,150', WEBHOOK_TIMEOUT_MS: '1000' });
  h.receiver.respondWith((req) => {
    const reply = replies.get(req.path);
    return reply ? reply(req, onPath(req.path).length) : { status: 200 };
  });
  botId = await h.newChatbot();
  await h.startDispatcher();
});

test('failed attempts are retried with the same delivery id, body and fresh signatures', async () => {
  replies.set('/flaky', (_req, n) => ({ status: n <= 2 ? 500 : 204 }));
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/flaky`,
    events: ['conversation.started'],
  });
  await h.append(botId, 'ConversationStarted', started());
  const reqs = await requestsOn('/flaky', 3);
  await sleep(500);
  assert.is(onPath('/flaky').length, 3, 'no attempt after the success');
  const ids = new Set(reqs.map((r) => r.headers['x-webhook-delivery-id']));
  assert.is(ids.size, 1);
  assert.ok(reqs.every((r) => r.rawBody.equals(reqs[0].rawBody)));
  assert.ok(reqs[1].receivedAt.getTime() - reqs[0].receivedAt.getTime() >= 140, 'waited the retry delay');
  const rows = await h.attempts(webhookId);
  assert.equal(
    rows.map((r) => [r.attempt, r.status_code, r.success]),
    [
      [1, 500, false],
      [2, 500, false],
      [3, 204, true],
    ],
  );
  assert.match(rows[0].error, /500/);
  // The dashboard's query: newest first, with the request that was sent.
  const log = await listAttempts(h.services.sql, webhookId);
  assert.equal(
    log.map((a) => [a.attempt, a.statusCode, a.success]),
    [
      [3, 204, true],
      [2, 500, false],
      [1, 500, false],
    ],
  );
  assert.is(log[0].requestBody, reqs[2].rawBody.toString('utf8'));
  assert.is(log[0].requestHeaders['x-webhook-signature'], reqs[2].headers['x-webhook-signature']);
  assert.match(log[0].createdAt, /Z$/);
  assert.equal((await listAttempts(h.services.sql, webhookId, { limit: 1 })).length, 1);
  const state = await eventually(async () => {
    const s = await h.commands.load(webhookId);
    return s.lastDeliveryAt ? s : null;
  });
  assert.is(state.failureCount, 0);
  assert.is(state.status, 'active');
});

test('after 1 + 3 failed attempts the delivery counts as one failure', async () => {
  replies.set('/down', () => ({ status: 502 }));
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/down`,
    events: ['conversation.started'],
  });
  await h.append(botId, 'ConversationStarted', started());
  await requestsOn('/down', 4);
  const state = await eventually(
    async () => {
      const s = await h.commands.load(webhookId);
      return s.failureCount === 1 ? s : null;
    },
    5000,
    'failure counted',
  );
  await sleep(500);
  assert.is(onPath('/down').length, 4);
  assert.match(state.lastFailureAt!, /Z$/);
  assert.is(state.status, 'active');
});

test('Retry-After on 429/503 is honoured when longer than the planned delay', async () => {
  replies.set('/busy', (_req, n) => (n === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 }));
  await h.createWebhook({ chatbotId: botId, url: `${h.receiver.url}/busy`, events: ['conversation.started'] });
  await h.append(botId, 'ConversationStarted', started());
  const [first, second] = await requestsOn('/busy', 2, 6000);
  const waited = second.receivedAt.getTime() - first.receivedAt.getTime();
  assert.ok(waited >= 950, `waited ${waited} ms`);
});

test('no answer within the timeout is a failure, logged with the error', async () => {
  replies.set('/slow', (_req, n) => (n === 1 ? { status: 200, delayMs: 3000 } : { status: 200 }));
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/slow`,
    events: ['conversation.started'],
  });
  await h.append(botId, 'ConversationStarted', started());
  await requestsOn('/slow', 2);
  const rows = await eventually(async () => {
    const r = await h.attempts(webhookId);
    return r.length >= 2 ? r : null;
  });
  assert.is(rows[0].success, false);
  assert.is(rows[0].status_code, null);
  assert.match(rows[0].error, /timeout|ETIMEDOUT/i);
  assert.ok(rows[0].response_ms >= 950 && rows[0].response_ms < 2900, `${rows[0].response_ms} ms`);
  assert.is(rows[1].success, true);
});

test('redirects are not followed and count as failures', async () => {
  replies.set('/moved', () => ({ status: 302, headers: { location: `${h.receiver.url}/target` } }));
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/moved`,
    events: ['conversation.started'],
  });
  await h.append(botId, 'ConversationStarted', started());
  await requestsOn('/moved', 4);
  await sleep(300);
  assert.is(onPath('/target').length, 0);
  const rows = await h.attempts(webhookId);
  assert.ok(rows.every((r) => r.status_code === 302 && r.success === false));
});

test('410 Gone disables the webhook at once, without retries', async () => {
  replies.set('/gone', () => ({ status: 410 }));
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/gone`,
    events: ['conversation.started'],
  });
  await h.append(botId, 'ConversationStarted', started());
  await requestsOn('/gone', 1);
  await eventually(async () => (await h.commands.load(webhookId)).status === 'failed', 5000, 'disabled');
  await h.append(botId, 'ConversationStarted', started());
  await sleep(600);
  assert.is(onPath('/gone').length, 1);
});

test(`${MAX_CONSECUTIVE_FAILURES} consecutive failed deliveries set failed; reactivation resets and delivers again`, async () => {
  let healthy = false;
  replies.set('/broken', () => ({ status: healthy ? 200 : 500 }));
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/broken`,
    events: ['response.created'],
  });
  for (let i = 0; i < MAX_CONSECUTIVE_FAILURES; i++) {
    await h.append(botId, 'ResponseCreated', {
      responseId: `r${i}`,
      visitorId: 'v',
      chatDate: new Date().toISOString(),
    });
  }
  const failed = await eventually(
    async () => {
      const s = await h.commands.load(webhookId);
      return s.status === 'failed' ? s : null;
    },
    15000,
    'auto-disable',
  );
  assert.is(failed.failureCount, MAX_CONSECUTIVE_FAILURES);
  // Each delivery made its 1 + 3 attempts before it counted.
  assert.is((await h.attempts(webhookId)).length, MAX_CONSECUTIVE_FAILURES * 4);
  const sent = onPath('/broken').length;
  // The view follows the stream (projections are asynchronous to this poll).
  const view = await eventually(
    async () => {
      const doc = await h.services.views.get(WEBHOOKS, webhookId);
      return doc?.status === 'failed' ? doc : null;
    },
    5000,
    'view shows failed',
  );
  assert.is(view.failureCount, MAX_CONSECUTIVE_FAILURES);

  // Failed: no events until reactivated.
  await h.append(botId, 'ResponseCreated', {
    responseId: 'while-failed',
    visitorId: 'v',
    chatDate: new Date().toISOString(),
  });
  await sleep(500);
  assert.is(onPath('/broken').length, sent);

  healthy = true;
  await h.commands.update(webhookId, { status: 'active' }, h.ctx);
  const reactivated = await h.commands.load(webhookId);
  assert.is(reactivated.status, 'active');
  assert.is(reactivated.failureCount, 0);
  await h.append(botId, 'ResponseCreated', { responseId: 'after', visitorId: 'v', chatDate: new Date().toISOString() });
  const reqs = await requestsOn('/broken', sent + 1);
  assert.match(reqs[reqs.length - 1].rawBody.toString(), /"after"/);
  const types = (await h.services.events.readStream(`webhook-${webhookId}`)).map((e) => e.type);
  assert.ok(types.includes('WebhookDisabled') && types.includes('WebhookReactivated'));
});

test('deleting a webhook deletes its delivery logs', async () => {
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `${h.receiver.url}/logged`,
    events: ['conversation.started'],
  });
  await h.append(botId, 'ConversationStarted', started());
  await eventually(async () => (await h.attempts(webhookId)).length === 1, 5000, 'one attempt');
  await h.commands.delete(webhookId, h.ctx);
  await eventually(async () => (await h.attempts(webhookId)).length === 0, 5000, 'logs deleted');
});

test('attempts older than 30 days are purged, newer ones kept', async () => {
  // Retries of earlier tests may still log attempts meanwhile: compare rows, not counts.
  const before = (await h.attempts()).map((r) => String(r.id));
  await h.services.sql.query(
    `INSERT INTO webhook_delivery_attempts (delivery_id, webhook_id, attempt, event_name, request_url, request_headers, request_body, success, response_ms, created_at)
     VALUES ('old', 'w-old', 1, 'response.created', 'https://x.example/', '{}'::jsonb, '{}', true, 1, now() - interval '31 days')`,
  );
  assert.ok((await h.attempts()).some((r) => r.delivery_id === 'old'));
  assert.ok((await purgeExpired(h.services.sql)) >= 1);
  const after = await h.attempts();
  const kept = new Set(after.map((r) => String(r.id)));
  assert.ok(
    before.every((id) => kept.has(id)),
    'every newer attempt is kept',
  );
  assert.not.ok(after.some((r) => r.delivery_id === 'old'));
});

test.after(async () => {
  await h.close();
});

test.run();

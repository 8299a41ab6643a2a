/**
 * Fan-out reads subscriptions from the webhooks view (their one read model) once the views
 * include the batch: a webhook receives the events from after its creation, never earlier ones,
 * however far behind the dispatcher is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonBody } from '../../support/httpsReceiver.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually, sleep } from '../../support/waiting.js';
import { readCheckpoint } from '../../../dispatchers/webhooks/eventFanOut.js';
import { positionToString } from '../../../infrastructure/eventStore/eventStore.js';

let h: Harness;

test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h.close();
});

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

test('a webhook deleted before the dispatcher reads an event gets nothing, and its log is gone', async () => {
  const bot = await h.newChatbot('Short-lived');
  const { webhookId } = await h.createWebhook({
    chatbotId: bot,
    url: `${h.receiver.url}/gone`,
    events: ['conversation.started'],
  });
  await h.append(bot, 'ConversationStarted', started());
  await h.commands.delete(webhookId, h.ctx);
  // Only now does a dispatcher run: the event is read after the webhook is gone.
  await h.startDispatcher();
  await sleep(600);
  assert.equal(
    h.receiver.requests.filter((r) => r.path === '/gone'),
    [],
  );
  assert.equal(await h.attempts(webhookId), []);
});

test('a webhook gets only the events after its creation, even when the dispatcher starts late', async () => {
  const bot = await h.newChatbot('Late bot');
  const before = await h.append(bot, 'ConversationStarted', started());
  await h.createWebhook({ chatbotId: bot, url: `${h.receiver.url}/late`, events: ['conversation.started'] });
  const after = await h.append(bot, 'ConversationStarted', started());
  await h.startDispatcher();
  const [first] = await h.receiver.waitFor(1, 8000);
  await sleep(500);
  const sessions = h.receiver.requests
    .filter((r) => r.path === '/late')
    .map((r) => (jsonBody(r) as { chatSessionId: string }).chatSessionId);
  assert.equal(sessions, [after.sessionId]);
  assert.is.not(sessions[0], before.sessionId);
  assert.ok(first);
});

test('events no webhook receives write nothing per batch; the checkpoint records the progress at most a second later', async () => {
  const d = await h.startDispatcher();
  const bot = await h.newChatbot('Unwatched');
  const writes: string[] = [];
  const query = h.services.sql.query.bind(h.services.sql);
  const transaction = h.services.sql.transaction.bind(h.services.sql);
  h.services.sql.query = ((text: string, params?: unknown[]) => {
    if (/webhook_dispatcher_checkpoint/.test(text) && /UPDATE/.test(text)) writes.push(text);
    return query(text, params);
  }) as typeof h.services.sql.query;
  // The fan-out's transactions are the ones that lock its checkpoint.
  let transactions = 0;
  h.services.sql.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) =>
      fn({
        query: (text: string, params?: unknown[]) => {
          if (/FROM webhook_dispatcher_checkpoint .*FOR UPDATE/s.test(text)) transactions++;
          return tx.query(text, params);
        },
      } as typeof tx),
    )) as typeof h.services.sql.transaction;
  try {
    let last = '';
    const since = Date.now();
    for (let i = 0; i < 5; i++) {
      await h.append(bot, 'ConversationStarted', started());
      const [latest] = await h.services.events.readAll({ after: null, limit: 10_000 }).then((all) => all.slice(-1));
      last = positionToString(latest.position);
      await h.services.projections.waitFor(latest.position);
    }
    await eventually(
      async () => positionToStringOrEmpty(await readCheckpoint(h.services.sql)) === last,
      4000,
      'the checkpoint to reach the last event',
    );
    // At most one save a second while idle, never one per batch: on a fast machine the five
    // batches take well under a second (two saves at most); a loaded one may spread them out.
    const allowed = 1 + Math.ceil((Date.now() - since) / 1000);
    assert.ok(
      writes.length <= allowed,
      `saves at most once a second, not per batch (saw ${writes.length} in ${allowed - 1} s)`,
    );
    assert.is(transactions, 0, 'no fan-out transaction for events without effects');
  } finally {
    h.services.sql.query = query;
    h.services.sql.transaction = transaction;
    await d.stop();
  }
});

test('a workspace moved to the Free plan (no webhook access) gets no deliveries; back on a paid plan it gets new events again', async () => {
  await h.startDispatcher();
  const bot = await h.newChatbot('Downgraded');
  await h.createWebhook({ chatbotId: bot, url: `${h.receiver.url}/downgraded`, events: ['conversation.started'] });
  const paths = () => h.receiver.requests.filter((r) => r.path === '/downgraded');
  const sessionsSent = () => paths().map((r) => (jsonBody(r) as { chatSessionId: string }).chatSessionId);
  const ctx = { ...h.ctx };
  await h.services.workspaces.setPlan(h.workspaceId, 'free', ctx);
  const whileFree = await h.append(bot, 'ConversationStarted', started());
  await sleep(800);
  assert.equal(sessionsSent(), [], 'nothing while on Free');
  await h.services.workspaces.setPlan(h.workspaceId, 'pro', ctx);
  const afterUpgrade = await h.append(bot, 'ConversationStarted', started());
  await eventually(() => sessionsSent().length === 1, 8000, 'the event after the upgrade');
  await sleep(300);
  assert.equal(sessionsSent(), [afterUpgrade.sessionId]);
  assert.is.not(sessionsSent()[0], whileFree.sessionId);
});

const positionToStringOrEmpty = (p: Awaited<ReturnType<typeof readCheckpoint>>) => (p ? positionToString(p) : '');

test.run();

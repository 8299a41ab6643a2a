/**
 * Fan-out reads subscriptions from the webhooks view (their one read model) once the views
 * include the batch: a webhook receives the events from after its creation, never earlier ones,
 * however far behind the dispatcher is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonBody } from '../../support/httpsReceiver.js';
import { sleep, startHarness, type Harness } from './dispatcherHarness.js';

let h: Harness;

test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h.close();
});

const started = () => ({ chatbotName: 'Bot', aiAgent: null, visitorId: 'v', channel: 'web', customData: {}, user: null, messages: [], startedAt: new Date().toISOString() });

test('a webhook deleted before the dispatcher reads an event gets nothing, and its log is gone', async () => {
  const bot = await h.newChatbot('Short-lived');
  const { webhookId } = await h.createWebhook({ chatbotId: bot, url: `${h.receiver.url}/gone`, events: ['conversation.started'] });
  await h.append(bot, 'ConversationStarted', started());
  await h.commands.delete(webhookId, h.ctx);
  // Only now does a dispatcher run: the event is read after the webhook is gone.
  await h.startDispatcher();
  await sleep(600);
  assert.equal(h.receiver.requests.filter((r) => r.path === '/gone'), []);
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
  const sessions = h.receiver.requests.filter((r) => r.path === '/late').map((r) => (jsonBody(r) as { chatSessionId: string }).chatSessionId);
  assert.equal(sessions, [after.sessionId]);
  assert.is.not(sessions[0], before.sessionId);
  assert.ok(first);
});

test.run();

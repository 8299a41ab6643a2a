/**
 * A delete gives back what its resource held (the plan slot; a webhook's URL too) in the same
 * append as the delete, and a delete retried after a first attempt that got through (a 503 whose
 * write had landed, as a fault audit found) finishes any release that attempt left behind,
 * then answers 404. Before, a fault between the two writes left the slot or the URL taken for
 * good: the workspace hit its plan cap with nothing listed, or a new webhook on the same URL
 * was a 409.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { operatorContext } from '../../commands/commandContext.js';
import { chatbotDecider } from '../../domain/chatbot/chatbot.js';
import { webhookDecider } from '../../domain/webhooks/webhook.js';

const BASE = '/api/v1/external/v1';
const HOOK_URL = 'https://hooks.example.com/confab';
let app: TestApp;

test.before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_HOSTS: 'hooks.example.com' });
});
test.after(async () => {
  await app?.close();
});

/** An enterprise workspace capped at one chatbot and two webhooks. */
async function cappedWorkspace(): Promise<{ workspaceId: string; apiKey: string }> {
  const ws = await app.services.workspaces.createWorkspace(
    {
      name: 'Capped',
      plan: 'enterprise',
      ownerEmail: `capped-${Date.now()}-${Math.random()}@example.com`,
      limits: { chatbots: 1, webhooks: 2 },
    },
    operatorContext(),
  );
  return { workspaceId: ws.workspaceId, apiKey: ws.apiKey };
}

const typesOf = async (streamId: string) => (await app.services.events.readStream(streamId)).map((e) => e.type);

test('a chatbot delete and its slot release are one append: one transaction in the log', async () => {
  const { workspaceId, apiKey } = await cappedWorkspace();
  const made = await app.api('POST', `${BASE}/chatbots`, { apiKey, body: { name: 'Only one' } });
  assert.is(made.status, 201);
  assert.is((await app.api('DELETE', `${BASE}/chatbots/${made.body.data.id}`, { apiKey })).status, 200);
  const log = await app.services.events.readAll({ limit: 100_000 });
  const deleted = log.find((e) => e.type === 'ChatbotDeleted' && e.streamId === `chatbot-${made.body.data.id}`)!;
  const released = log.find((e) => e.type === 'ChatbotSlotReleased' && e.streamId === `workspace-${workspaceId}`)!;
  assert.ok(deleted && released);
  // On PostgreSQL and PGlite a position's commit is the writing transaction's id.
  assert.is(deleted.position.commit, released.position.commit, 'the delete and its release: one transaction');
  assert.is((await app.api('POST', `${BASE}/chatbots`, { apiKey, body: { name: 'Room again' } })).status, 201);
});

test('a chatbot deleted without its release (a fault between writes) gets it on the retried DELETE, which answers 404', async () => {
  const { workspaceId, apiKey } = await cappedWorkspace();
  const made = await app.api('POST', `${BASE}/chatbots`, { apiKey, body: { name: 'Half deleted' } });
  const chatbotId = made.body.data.id as string;
  // What a lost connection after the first write left behind before the fix.
  await app.services.aggregates.handle(
    `chatbot-${chatbotId}`,
    chatbotDecider,
    { type: 'DeleteChatbot', workspaceId },
    operatorContext(workspaceId),
  );
  const capped = await app.api('POST', `${BASE}/chatbots`, { apiKey, body: { name: 'No room' } });
  assert.is(capped.status, 403, 'the slot is still taken');
  const retried = await app.api('DELETE', `${BASE}/chatbots/${chatbotId}`, { apiKey });
  assert.is(retried.status, 404);
  assert.ok((await typesOf(`workspace-${workspaceId}`)).includes('ChatbotSlotReleased'));
  assert.is((await app.api('POST', `${BASE}/chatbots`, { apiKey, body: { name: 'Room again' } })).status, 201);
  // Another workspace's deleted chatbot is still just absent, and releases nothing of theirs.
  const other = await cappedWorkspace();
  assert.is((await app.api('DELETE', `${BASE}/chatbots/${chatbotId}`, { apiKey: other.apiKey })).status, 404);
});

test('a webhook delete gives back its URL and slot in the same append; a half-done delete is finished by the retry', async () => {
  const { workspaceId, apiKey } = await cappedWorkspace();
  const bot = await app.api('POST', `${BASE}/chatbots`, { apiKey, body: { name: 'Hooked' } });
  const chatbotId = bot.body.data.id as string;
  const hook = await app.api('POST', `${BASE}/webhooks`, {
    apiKey,
    body: { chatbotId, url: HOOK_URL, events: ['conversation.completed'] },
  });
  assert.is(hook.status, 201, JSON.stringify(hook.body));
  assert.is((await app.api('DELETE', `${BASE}/webhooks/${hook.body.data.id}`, { apiKey })).status, 200);
  const again = await app.api('POST', `${BASE}/webhooks`, {
    apiKey,
    body: { chatbotId, url: HOOK_URL, events: ['conversation.completed'] },
  });
  assert.is(again.status, 201, 'URL and slot are free again');

  // A delete whose releases never ran (the old two-step delete cut after its first write).
  const webhookId = again.body.data.id as string;
  await app.services.aggregates.handle(
    `webhook-${webhookId}`,
    webhookDecider,
    { type: 'DeleteWebhook', reason: 'requested' },
    operatorContext(workspaceId),
  );
  const blocked = await app.api('POST', `${BASE}/webhooks`, {
    apiKey,
    body: { chatbotId, url: HOOK_URL, events: ['conversation.completed'] },
  });
  assert.is(blocked.status, 409, 'the URL is still reserved by the deleted webhook');
  assert.is((await app.api('DELETE', `${BASE}/webhooks/${webhookId}`, { apiKey })).status, 404);
  const released = (await app.services.events.readStream(`workspace-${workspaceId}`))
    .filter((e) => e.type === 'WebhookSlotReleased')
    .map((e) => e.data.webhookId);
  assert.ok(released.includes(webhookId), 'its slot was given back too');
  const freed = await app.api('POST', `${BASE}/webhooks`, {
    apiKey,
    body: { chatbotId, url: HOOK_URL, events: ['conversation.completed'] },
  });
  assert.is(freed.status, 201, JSON.stringify(freed.body));
});

test.run();

// The responses, chat sessions and daily counts views, built from conversation events by the
// real projection runner; replaying the log rebuilds identical documents.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { operatorContext } from '../../commands/commandContext.js';
import { CHAT_SESSIONS, RESPONSES } from '../../projections/views/responsesView.js';
import { RESPONSE_DAILY_COUNTS } from '../../projections/views/responseDailyCountsView.js';
import { CHATBOTS } from '../../projections/views/chatbotsView.js';
import { createTestSql, type TestSql } from '../support/testStores.js';
import { conversationEvents } from '../support/conversationSeed.js';

let store: TestSql;
let services: Services;
let dataDir: string;
let workspaceId: string;

async function newChatbot(): Promise<string> {
  const ctx = { ...operatorContext(workspaceId), workspaceId };
  return (await services.chatbots.create({ name: 'Bot' }, ctx)).chatbotId;
}

async function append(streamId: string, events: Parameters<Services['events']['append']>[1]) {
  const { position } = await services.events.append(streamId, events, { expectedRevision: 'any' });
  await services.projections.waitFor(position);
}

test('setup', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-proj-'));
  store = await createTestSql();
  services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
    sql: store.sql,
    logger: createLogger('error'),
  });
  services.projections.start();
  ({ workspaceId } = await services.workspaces.createWorkspace(
    { name: 'W', plan: 'pro', ownerEmail: 'proj@example.com' },
    operatorContext(),
  ));
});

test("a conversation builds its session, response, daily count and the chatbot's responseCount", async () => {
  const chatbotId = await newChatbot();
  const c = conversationEvents({
    chatbotId,
    workspaceId,
    chatDate: '2025-04-30T23:59:59.500Z',
    name: 'Eve',
    customData: { storeHash: 'h1' },
  });
  await append(c.streamId, c.events.slice(0, 1));
  const session = await services.views.get(CHAT_SESSIONS, c.seeded.sessionId);
  assert.equal(
    [session?.status, session?.responseId, (session?.messages as unknown[] | undefined)?.length],
    ['active', null, 1],
  );
  assert.is(await services.views.get(RESPONSES, c.seeded.responseId), null, 'no response before a visitor message');

  await append(c.streamId, c.events.slice(1));
  const doc = await services.views.get(RESPONSES, c.seeded.responseId);
  assert.ok(doc);
  assert.equal(
    {
      chatbotId: doc!.chatbotId,
      workspaceId: doc!.workspaceId,
      chatSessionId: doc!.chatSessionId,
      chatDate: doc!.chatDate,
      customData: doc!.customData,
      answers: doc!.answerVariables,
    },
    {
      chatbotId,
      workspaceId,
      chatSessionId: c.seeded.sessionId,
      chatDate: '2025-04-30T23:59:59.500Z',
      customData: { storeHash: 'h1' },
      answers: { name: 'Eve' },
    },
  );
  assert.equal(
    doc!.record.map((e) => `${e.type}:${e.message}`),
    ['bot:What is your name?', 'user:Eve', 'bot:Thanks, Eve'],
  );
  assert.equal([doc!.status, doc!.resolution, doc!.turnCount], ['completed', 'resolved', 1]);
  assert.equal((await services.views.get(CHAT_SESSIONS, c.seeded.sessionId))?.status, 'completed');
  const counts = await services.views.find(RESPONSE_DAILY_COUNTS, { chatbotId });
  assert.equal(
    counts.map((d) => [d.day, d.count]),
    [['2025-04-30', 1]],
  );
  assert.is((await services.views.get(CHATBOTS, chatbotId))?.responseCount, 1);
});

test('a response for a deleted chatbot does not bring the chatbot back', async () => {
  const chatbotId = await newChatbot();
  await services.chatbots.delete(chatbotId, { ...operatorContext(workspaceId), workspaceId });
  const c = conversationEvents({ chatbotId, workspaceId, chatDate: '2025-05-01T08:00:00.000Z' });
  await append(c.streamId, c.events);
  assert.is(await services.views.get(CHATBOTS, chatbotId), null);
  assert.ok(await services.views.get(RESPONSES, c.seeded.responseId), 'the record stays, unreachable through the API');
});

test('rebuilding from the log gives the same documents', async () => {
  const chatbotId = await newChatbot();
  for (const day of ['2025-06-01', '2025-06-01', '2025-06-02']) {
    const c = conversationEvents({ chatbotId, workspaceId, chatDate: `${day}T10:00:00.000Z` });
    await append(c.streamId, c.events);
  }
  const snapshot = async () => ({
    responses: await services.views.find(RESPONSES, {}),
    sessions: await services.views.find(CHAT_SESSIONS, {}),
    counts: await services.views.find(RESPONSE_DAILY_COUNTS, {}),
    chatbots: await services.views.find(CHATBOTS, {}),
  });
  const before = await snapshot();
  assert.equal(
    before.counts.filter((d) => d.chatbotId === chatbotId).map((d) => [d.day, d.count]),
    [
      ['2025-06-01', 2],
      ['2025-06-02', 1],
    ],
  );
  await services.views.dropAll();
  await services.projections.catchUp();
  assert.equal(await snapshot(), before);
});

test('close', async () => {
  await services.close();
  await store.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

test.run();

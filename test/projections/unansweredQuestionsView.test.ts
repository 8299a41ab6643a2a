// The `unanswered_questions` view built by the real runner: one document per KnowledgeNotFound,
// ordered by time asked then id, dropped with its chatbot.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { systemContext } from '../../commands/commandContext.js';
import { UNANSWERED_QUESTIONS } from '../../projections/views/unansweredQuestionsView.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-unanswered-view-'));
  store = await createTestSql();
  services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }), {
    sql: store.sql,
    logger: createLogger('error'),
  });
  services.projections.start();
});
test.after(async () => {
  await services.close();
  await store.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const W = 'w-unanswered';
const notFound = (chatbotId: string, question: string, askedAt: string) => ({
  type: 'KnowledgeNotFound',
  data: { sessionId: 's1', chatbotId, workspaceId: W, responseId: 'r1', question, action: 'clarified', askedAt },
  metadata: { ...systemContext('test', W), occurredAt: askedAt } as never,
});

test('each question is kept with its order key; deleting the chatbot drops its questions only', async () => {
  const { position } = await services.events.append('conversation-s1', [
    notFound('bot-1', 'Do you ship to Mars?', '2031-01-02T10:00:00.000Z'),
    notFound('bot-1', 'Gift wrapping?', '2031-01-02T10:00:00.000Z'),
    notFound('bot-2', 'Opening hours?', '2031-01-01T09:00:00.000Z'),
  ]);
  await services.projections.waitFor(position);
  const docs = await services.views.find(UNANSWERED_QUESTIONS, { workspaceId: W }, { sort: [['order', -1]] });
  assert.is(docs.length, 3);
  assert.equal(
    docs.map((d) => d.order),
    docs.map((d) => `${d.askedAt}${d.id}`),
  );
  assert.is(docs[2]!.question, 'Opening hours?', 'the oldest last');
  const events = await services.events.readStream('conversation-s1');
  assert.equal(new Set(docs.map((d) => d.id)), new Set(events.map((e) => e.id)), 'one per event, by its id');

  const deleted = await services.events.append('chatbot-bot-1', [
    {
      type: 'ChatbotDeleted',
      data: { chatbotId: 'bot-1', workspaceId: W },
      metadata: systemContext('test', W) as never,
    },
  ]);
  await services.projections.waitFor(deleted.position);
  assert.equal(
    (await services.views.find(UNANSWERED_QUESTIONS, { workspaceId: W })).map((d) => d.question),
    ['Opening hours?'],
  );
});

test.run();

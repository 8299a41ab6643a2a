// The `agent_daily_stats` view built by the real runner from events appended to the log: a
// conversation counts once, on the day an agent first took part; its outcome lands on that same
// day; answers, sources, tokens, latency and unanswered questions on the day they happened.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infrastructure/config.js';
import { createLogger } from '../../infrastructure/logger.js';
import { createServices, type Services } from '../../app/compositionRoot.js';
import { systemContext } from '../../commands/commandContext.js';
import { bucketValue, latencyBucket } from '../../domain/agent/latencyHistogram.js';
import { AGENT_DAILY_STATS, agentDayId } from '../../projections/views/agentAnalyticsView.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let services: Services;
let dataDir: string;

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'confab-agent-analytics-view-'));
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

const W = 'w-agent';
function event(
  type: string,
  sessionId: string,
  occurredAt: string,
  data: Record<string, unknown>,
  chatbotId = 'bot-a',
) {
  return {
    type,
    data: { sessionId, chatbotId, workspaceId: W, ...data },
    metadata: { ...systemContext('test', W), occurredAt } as never,
  };
}
const started = (s: string, at: string, aiAgent: string | null, chatbotId = 'bot-a') =>
  event('ConversationStarted', s, at, { aiAgent, chatbotName: 'Shop', startedAt: at, messages: [] }, chatbotId);
const answered = (s: string, at: string, over: Record<string, unknown> = {}, chatbotId = 'bot-a') =>
  event(
    'AgentAnswered',
    s,
    at,
    {
      responseId: `r-${s}`,
      model: 'm',
      tokensIn: 100,
      tokensOut: 10,
      latencyMs: 800,
      finishReason: 'stop',
      toolCall: null,
      ...over,
    },
    chatbotId,
  );
const cited = (...citedSourceIds: string[]) => ({
  provenance: { instructionsVersion: 'abc', searches: ['q'], chunks: [], citedSourceIds },
});
const notFound = (s: string, at: string) =>
  event('KnowledgeNotFound', s, at, {
    responseId: `r-${s}`,
    question: 'Do you ship to Mars?',
    action: 'clarified',
    askedAt: at,
  });
const failed = (s: string, at: string) =>
  event('AgentFailed', s, at, { responseId: `r-${s}`, error: 'timeout', detail: 'slow', model: 'm', latencyMs: null });
const completed = (s: string, at: string, resolution: string, escalationReason: string | null = null) =>
  event('ConversationCompleted', s, at, {
    responseId: `r-${s}`,
    resolution,
    escalationReason,
    duration: 60,
    turnCount: 2,
    completedAt: at,
  });

async function append(streamId: string, events: Parameters<Services['events']['append']>[1]) {
  const { position } = await services.events.append(streamId, events);
  await services.projections.waitFor(position);
}
const dayDoc = (day: string, chatbotId = 'bot-a') => services.views.get(AGENT_DAILY_STATS, agentDayId(chatbotId, day));

test('an agent bot conversation counts on its start day; its answers and outcome as they come', async () => {
  await append('conversation-s1', [
    started('s1', '2031-05-01T23:59:00.000Z', 'Ava'),
    answered('s1', '2031-05-01T23:59:30.000Z', { ...cited('src-1'), latencyMs: 1000 }),
    answered('s1', '2031-05-02T00:00:10.000Z', { tokensIn: 40, tokensOut: 4, latencyMs: 3000 }),
    notFound('s1', '2031-05-02T00:00:20.000Z'),
    completed('s1', '2031-05-02T00:01:00.000Z', 'escalated', 'low_confidence'),
  ]);
  const first = await dayDoc('2031-05-01');
  assert.is(first?.conversations, 1);
  assert.is(first?.answers, 1);
  assert.is(first?.answersWithSource, 1);
  assert.is(first?.escalated, 1, 'the outcome lands on the day the conversation was counted');
  assert.equal(first?.handoffReasons, { low_confidence: 1 });
  assert.equal(first?.latency, { [latencyBucket(1000)]: 1 });
  const second = await dayDoc('2031-05-02');
  assert.is(second?.conversations, 0, 'not counted again on the next day');
  assert.is(second?.answers, 1);
  assert.is(second?.answersWithSource, 0);
  assert.is(second?.tokensIn, 40);
  assert.is(second?.tokensOut, 4);
  assert.is(second?.unansweredQuestions, 1);
  assert.is(second?.escalated, 0);
  assert.ok(bucketValue(latencyBucket(3000)) > 2700);
});

test("a flow's conversation counts at its first agent event; a flow without one counts nowhere", async () => {
  await append('conversation-s2', [
    started('s2', '2031-06-01T10:00:00.000Z', null),
    failed('s2', '2031-06-03T10:00:00.000Z'),
    answered('s2', '2031-06-03T10:01:00.000Z'),
    completed('s2', '2031-06-03T10:02:00.000Z', 'resolved'),
  ]);
  await append('conversation-s3', [
    started('s3', '2031-06-01T11:00:00.000Z', null),
    completed('s3', '2031-06-01T11:05:00.000Z', 'ended'),
  ]);
  assert.is(await dayDoc('2031-06-01'), null, 'a flow-only conversation leaves no trace');
  const day = await dayDoc('2031-06-03');
  assert.is(day?.conversations, 1);
  assert.is(day?.resolved, 1);
  assert.is(day?.answers, 1);
});

test('an escalation without a reason counts as unspecified; chatbots count apart; deleting one drops its days', async () => {
  await append('conversation-s4', [
    started('s4', '2031-07-01T10:00:00.000Z', 'Ava', 'bot-b'),
    event(
      'ConversationCompleted',
      's4',
      '2031-07-01T10:05:00.000Z',
      {
        responseId: null,
        resolution: 'escalated',
        escalationReason: null,
        duration: 1,
        turnCount: 0,
        completedAt: '2031-07-01T10:05:00.000Z',
      },
      'bot-b',
    ),
  ]);
  assert.equal((await dayDoc('2031-07-01', 'bot-b'))?.handoffReasons, { unspecified: 1 });
  assert.is(await dayDoc('2031-07-01'), null);
  await append('chatbot-bot-b', [
    {
      type: 'ChatbotDeleted',
      data: { chatbotId: 'bot-b', workspaceId: W },
      metadata: systemContext('test', W) as never,
    },
  ]);
  assert.is(await dayDoc('2031-07-01', 'bot-b'), null);
  assert.ok(await dayDoc('2031-05-01'), "other chatbots' days stay");
});

test.run();

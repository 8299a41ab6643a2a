/**
 * The playground at the command layer, with a model that answers in code: a call that answered
 * appends its tokens alone on a stream of its own, counts them in the month's tally at once and
 * notes the write for the workspace's next reads (the answer does not wait for the views); a
 * failed call and a call the budget refused record nothing.
 */
import { test } from 'uvu';
import { createAgentChatbot } from '../support/agentChatbot.js';
import * as assert from 'uvu/assert';
import { AgentPreviewCommands } from '../../commands/agentPreviewCommands.js';
import { AggregateStore } from '../../commands/aggregateStore.js';
import { operatorContext } from '../../commands/commandContext.js';
import type { ChatModelResult } from '../../infrastructure/ai/chatModel.js';
import type { Position } from '../../infrastructure/eventStore/eventStore.js';
import {
  createPostgresEventStore,
  type PostgresEventStore,
} from '../../infrastructure/eventStore/postgresEventStore.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

const NOW = new Date('2030-05-31T23:59:59.000Z');
const ctx = { ...operatorContext('w1'), workspaceId: 'w1' };
const ask = { messages: [{ role: 'user', text: 'How fast do you ship?' }] };

let store: TestSql;
let events: PostgresEventStore;
let commands: AgentPreviewCommands;
let reply: ChatModelResult;
let budget: { tokensUsed: number; tokenLimit: number | null } = { tokensUsed: 0, tokenLimit: null };
const recorded: Array<{ workspaceId: string; at: Date; tokens: number }> = [];
const noted: Array<{ workspaceId: string; position: Position }> = [];
let calls = 0;

const previewEvents = async () =>
  (await events.readAll()).filter((e) => e.streamId.startsWith('agent-preview-')) as Array<{
    type: string;
    data: Record<string, unknown>;
    metadata: { occurredAt: string };
    position: Position;
  }>;

test.before(async () => {
  store = await createTestSql();
  events = await createPostgresEventStore(store.sql);
  const aggregates = new AggregateStore(events, undefined, () => NOW);
  await createAgentChatbot(aggregates, ctx);
  commands = new AgentPreviewCommands({
    aggregates,
    events,
    aheadOfViews: { note: (workspaceId, position) => noted.push({ workspaceId, position }) },
    aiTokens: { recorded: (workspaceId, at, tokens) => recorded.push({ workspaceId, at, tokens }) },
    modelTarget: async () => ({ baseUrl: 'http://model.test/v1', apiKey: 'k', chatModel: 'm' }),
    aiTokenBudget: async () => budget,
    retriever: { retrieve: async () => [] },
    chatModel: {
      async answer() {
        calls += 1;
        return reply;
      },
    },
  });
});
test.after(async () => {
  await events.close();
  await store.cleanup();
});

test('an answer appends its tokens alone, counts them at once and notes the write ahead of the views', async () => {
  reply = {
    ok: true,
    text: 'In 3 days.',
    toolCalls: [],
    model: 'm',
    tokensIn: 31,
    tokensOut: 7,
    latencyMs: 5,
    finishReason: 'stop',
  };
  const answer = await commands.preview('b1', ask, ctx);
  assert.equal([answer.text, answer.tokensIn, answer.tokensOut], ['In 3 days.', 31, 7]);
  const [event, ...more] = await previewEvents();
  assert.is(more.length, 0);
  assert.is(event!.type, 'AgentPreviewAnswered');
  assert.equal(event!.data, { workspaceId: 'w1', chatbotId: 'b1', model: 'm', tokensIn: 31, tokensOut: 7 });
  assert.is(event!.metadata.occurredAt, NOW.toISOString(), 'the month is the clock’s');
  assert.equal(recorded, [{ workspaceId: 'w1', at: NOW, tokens: 38 }]);
  assert.equal(noted, [{ workspaceId: 'w1', position: event!.position }]);
});

test('a failed call and a call the budget refused record nothing', async () => {
  recorded.length = 0;
  reply = { ok: false, error: 'provider_error', detail: 'The provider answered 500', latencyMs: 3 };
  const failed = await commands.preview('b1', ask, ctx);
  assert.is(failed.error?.type, 'provider_error');

  budget = { tokensUsed: 1000, tokenLimit: 1000 };
  const before = calls;
  try {
    const refused = await commands.preview('b1', ask, ctx);
    assert.is(refused.error?.type, 'monthly_token_budget');
    assert.is(calls, before, 'no model call');
  } finally {
    budget = { tokensUsed: 0, tokenLimit: null };
  }
  assert.is((await previewEvents()).length, 1, 'only the earlier answer');
  assert.equal(recorded, []);
});

test.run();

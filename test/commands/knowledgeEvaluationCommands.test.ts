/**
 * Evaluation runs at the command layer, with a retriever and a model that answer in code: the
 * agent is asked at most 4 questions at a time and the results keep the questions' order; each
 * question searches the agent's sources with the run's k, or every source of the workspace
 * without a chatbot; a question without facts is not asked. The tokens of the answers are
 * recorded with the run and counted in the month at once; the run's earlier calls count in the
 * budget check before each later one.
 */
import { test } from 'uvu';
import { createAgentChatbot } from '../support/agentChatbot.js';
import * as assert from 'uvu/assert';
import { AggregateStore } from '../../commands/aggregateStore.js';
import { operatorContext } from '../../commands/commandContext.js';
import { KnowledgeEvaluationCommands, RUN_CONCURRENCY } from '../../commands/knowledgeEvaluationCommands.js';
import type { RetrievalRequest } from '../../commands/knowledgeRetrieval.js';
import { knowledgeSourceDecider, knowledgeSourceStream } from '../../domain/knowledge/knowledgeSource.js';
import type { ChatModelCall } from '../../infrastructure/ai/chatModel.js';
import {
  createPostgresEventStore,
  type PostgresEventStore,
} from '../../infrastructure/eventStore/postgresEventStore.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

let store: TestSql;
let events: PostgresEventStore;
let commands: KnowledgeEvaluationCommands;
const ctx = { ...operatorContext('w1'), workspaceId: 'w1' };
const retrievals: RetrievalRequest[] = [];
let running = 0;
let calls = 0;
let most = 0;
/** The month's budget as the commands see it: unlimited unless a test sets a limit. */
let budget: { tokensUsed: number; tokenLimit: number | null } = { tokensUsed: 0, tokenLimit: null };
const recorded: Array<{ workspaceId: string; at: Date; tokens: number }> = [];

test.before(async () => {
  store = await createTestSql();
  events = await createPostgresEventStore(store.sql);
  const aggregates = new AggregateStore(events);
  for (const sourceId of ['s1', 's2', 's3'])
    await aggregates.handle(
      knowledgeSourceStream(sourceId),
      knowledgeSourceDecider,
      {
        type: 'AddKnowledgeSource',
        source: {
          sourceId,
          workspaceId: 'w1',
          type: 'text',
          title: sourceId,
          titleGiven: true,
          url: null,
          sitemap: false,
          fileName: null,
          format: 'markdown',
          sizeBytes: 1,
        },
      },
      ctx,
    );
  await createAgentChatbot(aggregates, ctx, {
    knowledge: { sourceIds: ['s2'], answerOnlyFromKnowledge: false, onNoAnswer: 'clarify' },
  });
  commands = new KnowledgeEvaluationCommands({
    aggregates,
    aiTokens: { recorded: (workspaceId, at, tokens) => recorded.push({ workspaceId, at, tokens }) },
    retriever: {
      async retrieve(request) {
        retrievals.push(request);
        // The question names the source that answers it: "q3 about s2" finds s2 first.
        const named = /s\d/.exec(request.query)?.[0];
        return request.sourceIds
          .filter((id) => id === named)
          .map((sourceId) => ({
            chunkId: `${sourceId}-1`,
            sourceId,
            sourceTitle: sourceId,
            url: null,
            page: null,
            headingPath: [],
            text: 'x',
            score: 1,
          }));
      },
    },
    sourceIdsOf: async () => ['s1', 's2', 's3'],
    modelTarget: async () => ({ baseUrl: 'http://model.test/v1', apiKey: 'k', chatModel: 'm' }),
    aiTokenBudget: async () => budget,
    chatModel: {
      async answer(call: ChatModelCall) {
        calls += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running -= 1;
        const asked = call.messages.at(-1)!.content as string;
        return {
          ok: true,
          text: `The answer to ${asked} is forty-two.`,
          toolCalls: [],
          model: 'm',
          tokensIn: 3,
          tokensOut: 1,
          latencyMs: 20,
          finishReason: 'stop',
        };
      },
    },
  });
  for (let i = 0; i < 10; i++)
    await commands.addQuestion(
      {
        question: `q${i} about s${(i % 3) + 1}`,
        expectedSourceIds: [`s${(i % 3) + 1}`],
        expectedFacts: i === 9 ? [] : ['FORTY-two'],
      },
      ctx,
    );
});
test.after(async () => {
  await events.close();
  await store.cleanup();
});

test("with a chatbot: its agent's sources, at most 4 answers at once, results in the questions' order", async () => {
  retrievals.length = 0;
  const { run } = await commands.run({ chatbotId: 'b1', k: 7 }, ctx);
  assert.is(most, RUN_CONCURRENCY);
  assert.is(RUN_CONCURRENCY, 4);
  assert.equal(
    run!.results.map((r) => r.question),
    Array.from({ length: 10 }, (_, i) => `q${i} about s${(i % 3) + 1}`),
  );
  // The run's own searches (k 7, with the agent's connection); the agent searches the same sources.
  const runs = retrievals.filter((r) => r.k === 7);
  assert.is(runs.length, 10);
  assert.ok(runs.every((r) => r.connectionId === 'c1'));
  assert.ok(retrievals.every((r) => r.workspaceId === 'w1' && r.sourceIds.join() === 's2'));
  assert.equal(
    run!.results.map((r) => r.hit),
    Array.from({ length: 10 }, (_, i) => i % 3 === 1),
  );
  assert.equal(run!.answerChecks, { checked: 9, passed: 9 });
  assert.is(calls, 9, 'the question without facts is not asked');
  assert.is(run!.results[9]!.answer, null);
  assert.is(run!.results[0]!.answer, 'The answer to q0 about s1 is forty-two.');
});

test("a run records its answers' tokens in its event and counts them in the month at once", async () => {
  recorded.length = 0;
  const { runId, run, at } = await commands.run({ chatbotId: 'b1' }, ctx);
  assert.equal([run!.tokensIn, run!.tokensOut], [27, 9], '9 answers of 3 in and 1 out');
  const stored = (await events.readStream('knowledge-evaluation-w1')).find(
    (e) => e.type === 'EvaluationRunRecorded' && (e.data as { runId: string }).runId === runId,
  )!;
  assert.equal([stored.data.tokensIn, stored.data.tokensOut], [27, 9]);
  assert.equal(recorded, [{ workspaceId: 'w1', at: new Date(at!), tokens: 36 }]);
});

test("the run's own calls count in the budget before they are recorded: it stops at the limit", async () => {
  recorded.length = 0;
  const before = calls;
  budget = { tokensUsed: 0, tokenLimit: 1 };
  try {
    const { run } = await commands.run({ chatbotId: 'b1' }, ctx);
    // The first RUN_CONCURRENCY checks pass together, before any answer; every later one sees them.
    assert.is(calls - before, RUN_CONCURRENCY);
    const refused = run!.results.filter((r) => r.answer === null && r.answerError !== null);
    assert.is(refused.length, 9 - RUN_CONCURRENCY);
    assert.equal([run!.tokensIn, run!.tokensOut], [3 * RUN_CONCURRENCY, RUN_CONCURRENCY]);
    assert.equal(
      recorded.map((r) => r.tokens),
      [4 * RUN_CONCURRENCY],
    );
  } finally {
    budget = { tokensUsed: 0, tokenLimit: null };
  }
});

test('without a chatbot: every source of the workspace, no answers', async () => {
  retrievals.length = 0;
  const before = calls;
  const { run } = await commands.run({}, ctx);
  assert.equal([run!.hits, run!.questions, run!.answerChecks, run!.k], [10, 10, null, 5]);
  assert.ok(retrievals.every((r) => r.sourceIds.join() === 's1,s2,s3' && r.connectionId === null));
  assert.is(calls, before, 'no model call');
  assert.equal([run!.tokensIn, run!.tokensOut], [undefined, undefined], 'no tokens to record');
});

test.run();

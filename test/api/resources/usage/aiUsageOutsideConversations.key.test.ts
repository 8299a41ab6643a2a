/**
 * The monthly AI token budget counts every model call, not only visitors' turns (docs/ai-agents.md,
 * Budgets): a playground call and an evaluation run's answer checks add their tokens to the
 * month (GET /usage/ai says so, and says the same once the views are rebuilt from the log), a
 * failed call adds none, and once the month is spent the next playground call, evaluation answer
 * check and visitor turn make no model call.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../../commands/commandContext.js';
import { HANDOFF_MESSAGE } from '../../../../domain/agent/agentTurn.js';
import { monthlyAiTokens } from '../../../../domain/plans.js';
import { KNOWLEDGE_SOURCES } from '../../../../projections/views/knowledgeSourcesView.js';
import { type AgentChat, startAgentChat } from '../../../support/agentChat.js';
import { eventually } from '../../../support/waiting.js';

const LIMIT = monthlyAiTokens('starter')!;

let h: AgentChat;
let workspaceId: string;
let botId: string;

const usage = async () => {
  const r = await h.ext('GET', '/usage/ai');
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data;
};
const preview = (text: string) =>
  h.ext('POST', `/chatbots/${botId}/agent/preview`, { messages: [{ role: 'user', text }] });
const evaluationRun = () => h.ext('POST', '/knowledge/evaluation/runs', { chatbotId: botId });

test.before(async () => {
  h = await startAgentChat();
  const source = await h.ext('POST', '/knowledge/sources', {
    type: 'text',
    title: 'Returns policy',
    text: '# Returns\n\nItems can be returned within thirty days of delivery for a full refund.',
  });
  assert.is(source.status, 202, JSON.stringify(source.body));
  const sourceId = source.body.data.id;
  await eventually(
    async () => (await h.ext('GET', `/knowledge/sources/${sourceId}`)).body.data?.status === 'ready',
    20_000,
    'source indexed',
  );
  workspaceId = (await h.app.services.views.get(KNOWLEDGE_SOURCES, sourceId))!.workspaceId;
  botId = await h.agentBot({ knowledge: { sourceIds: [sourceId] } });
  const q = await h.ext('POST', '/knowledge/evaluation/questions', {
    question: 'How long can items be returned?',
    expectedSourceIds: [sourceId],
    expectedFacts: ['thirty days'],
  });
  assert.is(q.status, 201, JSON.stringify(q.body));
  await h.app.services.workspaces.setPlan(workspaceId, 'starter', operatorContext());
});
test.after(async () => {
  await h?.close();
});

test('playground calls and evaluation runs count toward the month; then the budget stops the next call', async () => {
  const month = new Date().toISOString().slice(0, 7);
  assert.equal(await usage(), { month, tokensUsed: 0, tokenLimit: LIMIT, remaining: LIMIT });

  // A playground call counts its tokens in and out.
  h.standIn.script({ kind: 'text', text: 'Thirty days.', usage: { promptTokens: 400, completionTokens: 100 } });
  const tried = await preview('How long can I return things?');
  assert.is(tried.status, 200, JSON.stringify(tried.body));
  assert.equal([tried.body.data.tokensIn, tried.body.data.tokensOut, tried.body.data.error], [400, 100, null]);
  assert.is((await usage()).tokensUsed, 500);

  // A failed call is not counted, as in a conversation.
  h.standIn.script({ kind: 'error', status: 401 });
  const failed = await preview('And exchanges?');
  assert.is(failed.status, 200, JSON.stringify(failed.body));
  assert.type(failed.body.data.error?.type, 'string');
  assert.is((await usage()).tokensUsed, 500);

  // An evaluation run's answer check takes the month over its budget (a call is never cut short).
  h.standIn.script({
    kind: 'text',
    text: 'Items can be returned within thirty days.',
    usage: { promptTokens: LIMIT - 510, completionTokens: 20 },
  });
  const run = await evaluationRun();
  assert.is(run.status, 201, JSON.stringify(run.body));
  assert.equal(run.body.data.answerChecks, { checked: 1, passed: 1 });
  assert.equal(Object.keys(run.body.data).includes('tokensIn'), false, 'a run answers no tokens of its own');
  const recorded = (await h.app.services.events.readStream(`knowledge-evaluation-${workspaceId}`)).find(
    (e) => e.type === 'EvaluationRunRecorded',
  )!;
  assert.equal([recorded.data.tokensIn, recorded.data.tokensOut], [LIMIT - 510, 20]);
  assert.equal(await usage(), { month, tokensUsed: LIMIT + 10, tokenLimit: LIMIT, remaining: 0 });

  // The month is spent: nothing reaches the model any more, wherever the call comes from.
  const calls = h.chatRequests().length;
  const refused = await preview('Can I return a kettle?');
  assert.is(refused.status, 200, JSON.stringify(refused.body));
  assert.equal(refused.body.data.action, { type: 'handoff', reason: 'budget' });
  assert.is(refused.body.data.error.type, 'monthly_token_budget');
  assert.is(
    refused.body.data.error.message,
    `The workspace used ${(LIMIT + 10).toLocaleString('en-US')} AI tokens this month, its plan's budget is ${LIMIT.toLocaleString('en-US')}`,
  );
  const again = await evaluationRun();
  assert.is(again.status, 201, JSON.stringify(again.body));
  assert.equal(again.body.data.answerChecks, { checked: 1, passed: 0 });
  assert.match(again.body.data.results[0].answerError, /^The workspace used .* AI tokens this month/);
  const sessionId = await h.session(botId);
  assert.equal((await h.say(botId, sessionId, 'Hello?')).body, {
    messages: [{ type: 'bot', message: HANDOFF_MESSAGE }],
    done: true,
  });
  assert.is(h.chatRequests().length, calls, 'no model call once the month is spent');
  assert.is((await usage()).tokensUsed, LIMIT + 10, 'refused calls spend nothing');

  // The month's tokens are the log's: rebuilding the views from it answers the same.
  await h.app.services.projections.rebuild();
  assert.is((await usage()).tokensUsed, LIMIT + 10);
});

test.run();

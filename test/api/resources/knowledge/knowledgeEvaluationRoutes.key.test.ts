/**
 * Knowledge evaluation on the External API (docs/knowledge-evaluation.md): test questions over
 * sources indexed by the real indexer, runs that report hit rate at k (every source, or a
 * chatbot's agent's), answer checks against the OpenAI stand-in (a model failure fails that
 * check, not the run; a spent budget the same), runs kept as events and listed newest first,
 * and every bad input a 4xx naming the field.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../../commands/commandContext.js';
import { MAX_EVALUATION_QUESTIONS } from '../../../../domain/knowledge/evaluationFields.js';
import { type AgentChat, startAgentChat } from '../../../support/agentChat.js';
import { EXT } from '../../../support/visitorChat.js';
import { eventually } from '../../../support/waiting.js';
import { hashViews } from '../../../support/viewHash.js';
import { KNOWLEDGE_SOURCES } from '../../../../projections/views/knowledgeSourcesView.js';
import { evaluationQuestionsView } from '../../../../projections/views/evaluationQuestionsView.js';
import { evaluationRunsView } from '../../../../projections/views/evaluationRunsView.js';

const Q = '/knowledge/evaluation/questions';
const RUNS = '/knowledge/evaluation/runs';

let h: AgentChat;
let otherKey: string;
let workspaceId: string;
const sources: Record<string, string> = {};
const questionIds: string[] = [];

const other = (method: string, path: string, body?: unknown) =>
  h.app.api(method, EXT + path, { apiKey: otherKey, body });

function assertBad(r: { status: number; body: any }, field: string, status = 400, code?: string) {
  assert.is(r.status, status, JSON.stringify(r.body));
  assert.type(r.body.error, 'string');
  assert.ok(JSON.stringify(r.body).includes(field), `${field} not named: ${JSON.stringify(r.body)}`);
  if (code) assert.is(r.body.code, code);
}

/** A pasted-text source, indexed by the real indexer. */
async function indexed(title: string, text: string): Promise<string> {
  const r = await h.ext('POST', '/knowledge/sources', { type: 'text', title, text });
  assert.is(r.status, 202, JSON.stringify(r.body));
  const id = r.body.data.id;
  await eventually(
    async () => (await h.ext('GET', `/knowledge/sources/${id}`)).body.data?.status === 'ready',
    20_000,
    `${title} indexed`,
  );
  return id;
}

async function question(body: Record<string, unknown>) {
  const r = await h.ext('POST', Q, body);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data;
}

test.before(async () => {
  h = await startAgentChat();
  ({ apiKey: otherKey } = await h.app.createWorkspace('pro'));
  sources.returns = await indexed(
    'Returns policy',
    '# Returns\n\nItems can be returned within thirty days of delivery for a full refund.',
  );
  sources.shipping = await indexed(
    'Shipping',
    '# Shipping\n\nParcels arrive within three working days. We ship to Belgium, France and Germany.',
  );
  sources.warranty = await indexed('Warranty', '# Warranty\n\nEvery kettle carries a warranty of two years.');
  workspaceId = (await h.app.services.views.get(KNOWLEDGE_SOURCES, sources.returns))!.workspaceId;
});
test.after(async () => {
  await h?.close();
});

test('questions are added with their sources and facts, listed oldest first, and the workspace’s alone', async () => {
  const returns = await question({
    question: '  How long can items be returned?  ',
    expectedSourceIds: [sources.returns],
    expectedFacts: ['Thirty   days'],
  });
  assert.equal(Object.keys(returns).sort(), ['createdAt', 'expectedFacts', 'expectedSourceIds', 'id', 'question']);
  assert.is(returns.question, 'How long can items be returned?');
  assert.equal(returns.expectedFacts, ['Thirty days']);
  const shipping = await question({
    question: 'When do parcels arrive?',
    expectedSourceIds: [sources.shipping, sources.shipping],
    expectedFacts: ['three working days'],
  });
  assert.equal(shipping.expectedSourceIds, [sources.shipping], 'an id given twice is kept once');
  const unanswerable = await question({ question: 'Do you sell gift cards?', expectedSourceIds: [sources.warranty] });
  assert.equal(unanswerable.expectedFacts, []);
  questionIds.push(returns.id, shipping.id, unanswerable.id);

  const list = await h.ext('GET', Q);
  assert.is(list.status, 200);
  assert.equal(
    list.body.data.map((q: any) => q.id),
    questionIds,
  );
  assert.equal(list.body.data[0], returns);
  assert.equal((await other('GET', Q)).body.data, []);
  assert.is((await other('DELETE', `${Q}/${returns.id}`)).status, 404);
});

test('a run over every source: hit rate at k with ranks and found sources, recorded and listed', async () => {
  const r = await h.ext('POST', RUNS, {});
  assert.is(r.status, 201, JSON.stringify(r.body));
  const run = r.body.data;
  assert.equal(
    [run.chatbotId, run.k, run.questions, run.hits, run.answerChecks],
    [null, 5, 3, 2, null],
    JSON.stringify(run),
  );
  assert.is(run.hitRate, 2 / 3);
  assert.equal(
    run.results.map((x: any) => [x.questionId, x.hit, x.rank]),
    [
      [questionIds[0], true, 1],
      [questionIds[1], true, 1],
      [questionIds[2], false, null],
    ],
  );
  assert.is(run.results[0].foundSourceIds[0], sources.returns);
  assert.equal(
    [run.results[0].answer, run.results[0].factsFound, run.results[0].factsMissing, run.results[0].answerError],
    [null, [], [], null],
    'no chatbot: no answer asked',
  );
  assert.is(h.chatRequests().length, 0, 'no model call without a chatbot');

  const again = await h.ext('GET', `${RUNS}/${run.id}`);
  assert.is(again.status, 200);
  assert.equal(again.body.data, run);
  const k1 = (await h.ext('POST', RUNS, { k: 1 })).body.data;
  assert.is(k1.k, 1);
  assert.ok(k1.results.every((x: any) => x.foundSourceIds.length <= 1));
  const list = await h.ext('GET', RUNS);
  assert.equal(
    list.body.data.map((x: any) => x.id),
    [k1.id, run.id],
    'newest first',
  );
  assert.not.ok('results' in list.body.data[0], 'the list leaves the results out');
  const { results: _results, ...summary } = run;
  assert.equal(list.body.data[1], summary);
  assert.is((await other('GET', `${RUNS}/${run.id}`)).status, 404);
  assert.equal((await other('GET', RUNS)).body.data, []);
});

test("a run with a chatbot searches its agent's sources and checks the answers for the facts", async () => {
  const botId = await h.agentBot({
    knowledge: { sourceIds: [sources.returns, sources.warranty], answerOnlyFromKnowledge: false },
  });
  // Two questions have facts, answered in whichever order the run asks: each reply holds one fact.
  h.standIn.script(
    { kind: 'text', text: 'You can return items within THIRTY\ndays.' },
    { kind: 'text', text: 'You can return items within thirty days.' },
  );
  const before = h.chatRequests().length;
  const r = await h.ext('POST', RUNS, { chatbotId: botId, k: 3 });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const run = r.body.data;
  assert.is(h.chatRequests().length - before, 2, 'only questions with facts are asked');
  assert.equal([run.chatbotId, run.k, run.hits], [botId, 3, 1]);
  const [returns, shipping, giftCards] = run.results;
  assert.equal([returns.hit, shipping.hit, giftCards.hit], [true, false, false], 'shipping is not the agent’s source');
  assert.ok(!shipping.foundSourceIds.includes(sources.shipping));
  assert.equal(returns.factsFound, ['Thirty days'], 'case and spacing do not matter');
  assert.equal(returns.factsMissing, []);
  assert.match(returns.answer, /thirty/i);
  assert.equal(shipping.factsMissing, ['three working days']);
  assert.equal([giftCards.answer, giftCards.factsFound, giftCards.factsMissing], [null, [], []]);
  assert.equal(run.answerChecks, { checked: 2, passed: 1 });
  const asked = h.chatRequests().slice(before);
  const lastUser = (req: any) => req.body.messages.filter((m: any) => m.role === 'user').at(-1).content;
  assert.equal(
    asked.map(lastUser).sort(),
    ['How long can items be returned?', 'When do parcels arrive?'],
    'each question is asked alone',
  );
});

test("a model failure fails that question's answer check with the reason, not the run", async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [sources.returns, sources.shipping] } });
  h.standIn.script({ kind: 'error', status: 401 }, { kind: 'error', status: 401 });
  const r = await h.ext('POST', RUNS, { chatbotId: botId });
  assert.is(r.status, 201, JSON.stringify(r.body));
  const run = r.body.data;
  assert.equal(run.answerChecks, { checked: 2, passed: 0 });
  assert.is(run.hits, 2);
  for (const x of run.results.slice(0, 2)) {
    assert.is(x.answer, null);
    assert.type(x.answerError, 'string');
    assert.ok(x.answerError.length > 10, x.answerError);
    assert.equal(x.factsFound, []);
    assert.is(x.factsMissing.length, 1);
  }
  assert.not.ok(JSON.stringify(run).includes(h.standIn.apiKey), 'the key is nowhere');
});

test('an agent answering only from knowledge that finds nothing fails the check with the reason, without a call', async () => {
  const botId = await h.agentBot({
    knowledge: { sourceIds: [sources.warranty], answerOnlyFromKnowledge: true, onNoAnswer: 'clarify' },
  });
  const before = h.chatRequests().length;
  const r = await h.ext('POST', RUNS, { chatbotId: botId });
  assert.is(r.status, 201, JSON.stringify(r.body));
  assert.is(h.chatRequests().length, before, 'nothing found: no model call');
  assert.equal(r.body.data.answerChecks, { checked: 2, passed: 0 });
  const [returns] = r.body.data.results;
  assert.match(returns.answerError, /^no_knowledge: .*rephrase/);
  assert.type(returns.answer, 'string', 'what the visitor would read');
  assert.equal(returns.factsMissing, ['Thirty days']);
});

test('a run with a spent monthly AI budget checks no answer and says why', async () => {
  const botId = await h.agentBot({ knowledge: { sourceIds: [sources.returns] } });
  const services = h.app.services;
  // The Free plan has no AI tokens (nor External API access): the run is asked of the command.
  await services.workspaces.setPlan(workspaceId, 'free', operatorContext());
  const before = h.chatRequests().length;
  try {
    const { run } = await services.knowledgeEvaluation.run({ chatbotId: botId }, { ...operatorContext(), workspaceId });
    assert.is(h.chatRequests().length, before, 'no model call');
    assert.equal(run!.answerChecks, { checked: 2, passed: 0 });
    assert.is(run!.results[0]!.answerError, "The workspace's plan includes no AI tokens");
    assert.is(run!.results[0]!.hit, true, 'retrieval is still scored');
  } finally {
    await services.workspaces.setPlan(workspaceId, 'pro', operatorContext());
  }
});

test('runs and questions are events of the workspace; the views are rebuilt from them alone', async () => {
  const events = (await h.app.services.events.readStream(`knowledge-evaluation-${workspaceId}`)) as any[];
  const types = new Set(events.map((e) => e.type));
  assert.equal([...types].sort(), ['EvaluationQuestionAdded', 'EvaluationRunRecorded']);
  const recorded = events.find((e) => e.type === 'EvaluationRunRecorded');
  assert.is(recorded.data.results.length, 3, 'the whole run, results included');
  const views = [evaluationQuestionsView, evaluationRunsView];
  const before = await hashViews(h.app.services.views, views);
  await h.app.services.projections.rebuild();
  assert.equal(await hashViews(h.app.services.views, views), before);
  assert.is((await h.ext('GET', RUNS)).body.data.length, events.length - 3);
});

test('a question is deleted (runs keep it); the workspace keeps at most 200', async () => {
  const removed = await h.ext('DELETE', `${Q}/${questionIds[2]}`);
  assert.is(removed.status, 204);
  assert.is(removed.body, null);
  assert.is((await h.ext('DELETE', `${Q}/${questionIds[2]}`)).status, 404);
  assert.equal(
    (await h.ext('GET', Q)).body.data.map((q: any) => q.id),
    questionIds.slice(0, 2),
  );
  const run = (await h.ext('POST', RUNS, {})).body.data;
  assert.is(run.questions, 2);
  const runs = (await h.ext('GET', RUNS)).body.data;
  assert.is(runs.at(-1).questions, 3, 'an earlier run still counts the deleted question');

  const ctx = { ...operatorContext(), workspaceId };
  for (let i = 2; i < MAX_EVALUATION_QUESTIONS; i++)
    await h.app.services.knowledgeEvaluation.addQuestion(
      { question: `Question ${i}`, expectedSourceIds: [sources.warranty] },
      ctx,
    );
  assertBad(
    await h.ext('POST', Q, { question: 'One more', expectedSourceIds: [sources.warranty] }),
    `${MAX_EVALUATION_QUESTIONS}`,
    409,
    'EVALUATION_QUESTION_LIMIT',
  );
  const full = (await h.ext('POST', RUNS, { k: 1 })).body.data;
  assert.is(full.questions, MAX_EVALUATION_QUESTIONS);
});

test('bad input is a 4xx naming the field', async () => {
  const ok = { question: 'Where is my order?', expectedSourceIds: [sources.shipping] };
  assertBad(await h.ext('POST', Q, {}), 'question');
  assertBad(await h.ext('POST', Q, { ...ok, question: '   ' }), 'question');
  assertBad(await h.ext('POST', Q, { ...ok, question: 42 }), 'question');
  assertBad(await h.ext('POST', Q, { ...ok, question: 'x'.repeat(501) }), 'question');
  assertBad(await h.ext('POST', Q, { ...ok, question: 'a\u0007b' }), 'question');
  assertBad(await h.ext('POST', Q, { question: 'Where?' }), 'expectedSourceIds');
  assertBad(await h.ext('POST', Q, { ...ok, expectedSourceIds: [] }), 'expectedSourceIds');
  assertBad(await h.ext('POST', Q, { ...ok, expectedSourceIds: 'abc' }), 'expectedSourceIds');
  assertBad(
    await h.ext('POST', Q, { ...ok, expectedSourceIds: Array(11).fill(sources.shipping) }),
    'expectedSourceIds',
  );
  assertBad(await h.ext('POST', Q, { ...ok, expectedSourceIds: [7] }), 'expectedSourceIds');
  assertBad(await h.ext('POST', Q, { ...ok, expectedSourceIds: [''] }), 'expectedSourceIds');
  assertBad(await h.ext('POST', Q, { ...ok, expectedFacts: 'three days' }), 'expectedFacts');
  assertBad(await h.ext('POST', Q, { ...ok, expectedFacts: Array(11).fill('a') }), 'expectedFacts');
  assertBad(await h.ext('POST', Q, { ...ok, expectedFacts: [''] }), 'expectedFacts');
  assertBad(await h.ext('POST', Q, { ...ok, expectedFacts: ['x'.repeat(201)] }), 'expectedFacts');
  assertBad(await h.ext('POST', Q, { ...ok, colour: 'red' }), 'colour');
  assertBad(await h.ext('POST', Q, '[1,2]'), 'body');
  // Sources that are not the workspace's: absent, another workspace's, deleted.
  const theirs = await other('POST', '/knowledge/sources', { type: 'text', title: 'Theirs', text: 'Their text.' });
  assertBad(
    await h.ext('POST', Q, { ...ok, expectedSourceIds: [sources.shipping, 'nope'] }),
    'nope',
    404,
    'KNOWLEDGE_SOURCE_NOT_FOUND',
  );
  assertBad(
    await h.ext('POST', Q, { ...ok, expectedSourceIds: [theirs.body.data.id] }),
    theirs.body.data.id,
    404,
    'KNOWLEDGE_SOURCE_NOT_FOUND',
  );
  assertBad(await h.ext('DELETE', `${Q}/nope`), 'not found', 404);
  assertBad(await h.ext('GET', `${RUNS}/nope`), 'not found', 404);

  assertBad(await h.ext('POST', RUNS, { k: 0 }), 'k');
  assertBad(await h.ext('POST', RUNS, { k: 21 }), 'k');
  assertBad(await h.ext('POST', RUNS, { k: 2.5 }), 'k');
  assertBad(await h.ext('POST', RUNS, { k: '5' }), 'k');
  assertBad(await h.ext('POST', RUNS, { chatbotId: 5 }), 'chatbotId');
  assertBad(await h.ext('POST', RUNS, { chatbotId: '' }), 'chatbotId');
  assertBad(await h.ext('POST', RUNS, { colour: 'red' }), 'colour');
  assertBad(await h.ext('POST', RUNS, { chatbotId: 'nope' }), 'not found', 404);
  const flowBot = (await h.ext('POST', '/chatbots', { name: 'Flow bot' })).body.data.id;
  assertBad(await h.ext('POST', RUNS, { chatbotId: flowBot }), 'chatbotId', 400, 'NO_AGENT');
  const noSources = await h.agentBot();
  assertBad(await h.ext('POST', RUNS, { chatbotId: noSources }), 'chatbotId', 400, 'NO_KNOWLEDGE');
  const emptySources = await h.agentBot({ knowledge: { sourceIds: [] } });
  assertBad(await h.ext('POST', RUNS, { chatbotId: emptySources }), 'chatbotId', 400, 'NO_KNOWLEDGE');
  const theirBot = (await other('POST', '/chatbots', { name: 'Theirs' })).body.data.id;
  assertBad(await h.ext('POST', RUNS, { chatbotId: theirBot }), 'not found', 404);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import {
  decideEvaluation,
  type EvaluationCommand,
  type EvaluationQuestion,
  type EvaluationRun,
  type EvaluationState,
  evolveEvaluation,
  initialEvaluationState,
  tokensOfRun,
} from '../../../domain/knowledge/evaluation.js';
import { MAX_EVALUATION_QUESTIONS } from '../../../domain/knowledge/evaluationFields.js';

const apply = (state: EvaluationState, command: EvaluationCommand) =>
  decideEvaluation(command, state).reduce(evolveEvaluation, state);
const q = (questionId: string, expectedSourceIds = ['s1']): EvaluationQuestion => ({
  questionId,
  question: `Question ${questionId}?`,
  expectedSourceIds,
  expectedFacts: [],
});
const add = (state: EvaluationState, question: EvaluationQuestion, knownSourceIds = ['s1', 's2']) =>
  apply(state, { type: 'AddEvaluationQuestion', workspaceId: 'w1', question, knownSourceIds });
const run = (runId: string): EvaluationRun => ({
  runId,
  chatbotId: null,
  k: 5,
  questions: 0,
  hits: 0,
  hitRate: null,
  answerChecks: null,
  results: [],
});

test('questions are kept in the order added and removed by id; an id is never used twice', () => {
  let state = add(add(initialEvaluationState, q('a')), q('b', ['s1', 's2']));
  assert.equal(
    state.questions.map((x) => x.questionId),
    ['a', 'b'],
  );
  assert.is(state.workspaceId, 'w1');
  const events = decideEvaluation({ type: 'RemoveEvaluationQuestion', workspaceId: 'w1', questionId: 'a' }, state);
  assert.equal(events, [{ type: 'EvaluationQuestionRemoved', data: { workspaceId: 'w1', questionId: 'a' } }]);
  state = events.reduce(evolveEvaluation, state);
  assert.equal(
    state.questions.map((x) => x.questionId),
    ['b'],
  );
  assert.throws(
    () => add(state, q('a')),
    (e: unknown) => e instanceof ConflictError,
  );
  assert.throws(
    () => add(state, q('b')),
    (e: unknown) => e instanceof ConflictError,
  );
  assert.throws(
    () => apply(state, { type: 'RemoveEvaluationQuestion', workspaceId: 'w1', questionId: 'a' }),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('an expected source that is not the workspace’s is a 404 naming it', () => {
  try {
    add(initialEvaluationState, q('a', ['s1', 'gone']), ['s1']);
    assert.unreachable('accepted');
  } catch (err) {
    assert.instance(err, NotFoundError);
    assert.is((err as NotFoundError).code, 'KNOWLEDGE_SOURCE_NOT_FOUND');
    assert.match((err as Error).message, 'gone');
  }
});

test('at most 200 questions; a removal makes room', () => {
  let state = initialEvaluationState;
  for (let i = 0; i < MAX_EVALUATION_QUESTIONS; i++) state = add(state, q(`q${i}`));
  try {
    add(state, q('one-more'));
    assert.unreachable('accepted');
  } catch (err) {
    assert.instance(err, ConflictError);
    assert.is((err as ConflictError).code, 'EVALUATION_QUESTION_LIMIT');
  }
  state = apply(state, { type: 'RemoveEvaluationQuestion', workspaceId: 'w1', questionId: 'q0' });
  assert.is(add(state, q('one-more')).questions.length, MAX_EVALUATION_QUESTIONS);
});

test('a run is recorded whole, once', () => {
  const events = decideEvaluation(
    { type: 'RecordEvaluationRun', workspaceId: 'w1', run: run('r1') },
    initialEvaluationState,
  );
  assert.equal(events, [{ type: 'EvaluationRunRecorded', data: { workspaceId: 'w1', ...run('r1') } }]);
  const state = events.reduce(evolveEvaluation, initialEvaluationState);
  assert.equal(state.runIds, ['r1']);
  assert.throws(
    () => apply(state, { type: 'RecordEvaluationRun', workspaceId: 'w1', run: run('r1') }),
    (e: unknown) => e instanceof ConflictError,
  );
});

test("a run's tokens, in and out together; a run recorded before runs kept them spent none", () => {
  assert.is(tokensOfRun({ tokensIn: 120, tokensOut: 30 }), 150);
  assert.is(tokensOfRun({}), 0);
  const events = decideEvaluation(
    { type: 'RecordEvaluationRun', workspaceId: 'w1', run: { ...run('r2'), tokensIn: 5, tokensOut: 2 } },
    initialEvaluationState,
  );
  assert.is(tokensOfRun(events[0]!.data as { tokensIn?: number; tokensOut?: number }), 7);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkFacts,
  comparableText,
  type EvaluationResult,
  scoreRetrieval,
  summarizeRun,
} from '../../../domain/knowledge/evaluationScoring.js';

const passages = (...ids: string[]) => ids.map((sourceId) => ({ sourceId }));

test('retrieval hits at the rank of the first passage from an expected source', () => {
  assert.equal(scoreRetrieval(['b', 'c'], passages('a', 'a', 'c', 'b')), {
    hit: true,
    rank: 3,
    foundSourceIds: ['a', 'c', 'b'],
  });
  assert.equal(scoreRetrieval(['b'], passages('b')), { hit: true, rank: 1, foundSourceIds: ['b'] });
  assert.equal(scoreRetrieval(['z'], passages('a', 'b')), { hit: false, rank: null, foundSourceIds: ['a', 'b'] });
  assert.equal(scoreRetrieval(['z'], []), { hit: false, rank: null, foundSourceIds: [] });
});

test('facts are found regardless of case and spacing, and only whole', () => {
  assert.is(comparableText('  Thirty\n\tDAYS  '), 'thirty days');
  assert.equal(
    checkFacts('Returns are accepted within THIRTY\n  days, by post.', ['thirty days', 'By Post', 'in store']),
    {
      factsFound: ['thirty days', 'By Post'],
      factsMissing: ['in store'],
    },
  );
  assert.equal(checkFacts('thirty', ['thirty days']), { factsFound: [], factsMissing: ['thirty days'] });
  assert.equal(checkFacts('anything', []), { factsFound: [], factsMissing: [] });
});

const result = (over: Partial<EvaluationResult>): EvaluationResult => ({
  questionId: 'q',
  question: 'Q?',
  hit: false,
  rank: null,
  foundSourceIds: [],
  answer: null,
  factsFound: [],
  factsMissing: [],
  answerError: null,
  ...over,
});

test('a run sums its hits and answer checks; no questions is no hit rate', () => {
  const results = [
    result({ hit: true, rank: 1, answer: 'yes', factsFound: ['a'] }),
    result({ hit: true, rank: 4, answer: 'no', factsMissing: ['a'] }),
    result({ answerError: 'provider_error: down', factsMissing: ['a'] }),
    result({}),
  ];
  assert.equal(summarizeRun(results, true), {
    questions: 4,
    hits: 2,
    hitRate: 0.5,
    answerChecks: { checked: 3, passed: 1 },
  });
  assert.equal(summarizeRun(results.slice(3), false), { questions: 1, hits: 0, hitRate: 0, answerChecks: null });
  assert.equal(summarizeRun([], true), {
    questions: 0,
    hits: 0,
    hitRate: null,
    answerChecks: { checked: 0, passed: 0 },
  });
});

test.run();

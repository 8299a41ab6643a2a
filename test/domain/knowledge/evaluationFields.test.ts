import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../domain/errors.js';
import { validateEvaluationQuestion, validateEvaluationRun } from '../../../domain/knowledge/evaluationFields.js';

function refused(fn: () => unknown, field: string) {
  try {
    fn();
    assert.unreachable(`accepted, expected ${field} refused`);
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).field, field, (err as Error).message);
    assert.ok((err as Error).message.includes(field.replace(/\[\d+\]$/, '')), (err as Error).message);
  }
}

const ok = { question: 'Where is my parcel?', expectedSourceIds: ['s1'] };

test('a question is trimmed, its ids and facts kept once each', () => {
  assert.equal(
    validateEvaluationQuestion({
      question: '  Where is\n my parcel? ',
      expectedSourceIds: ['s1', 's2', 's1'],
      expectedFacts: [' three  days ', 'three days'],
    }),
    { question: 'Where is my parcel?', expectedSourceIds: ['s1', 's2'], expectedFacts: ['three days'] },
  );
  assert.equal(validateEvaluationQuestion({ ...ok, expectedFacts: null }).expectedFacts, []);
  assert.equal(validateEvaluationQuestion({ ...ok, question: 'é'.repeat(500) }).question.length, 500);
});

test('each bad field of a question is named', () => {
  refused(() => validateEvaluationQuestion({ expectedSourceIds: ['s1'] }), 'question');
  refused(() => validateEvaluationQuestion({ ...ok, question: ' ' }), 'question');
  refused(() => validateEvaluationQuestion({ ...ok, question: 'x'.repeat(501) }), 'question');
  refused(() => validateEvaluationQuestion({ ...ok, question: 'a\u0000b' }), 'question');
  refused(() => validateEvaluationQuestion({ question: 'Q' }), 'expectedSourceIds');
  refused(() => validateEvaluationQuestion({ ...ok, expectedSourceIds: [] }), 'expectedSourceIds');
  refused(() => validateEvaluationQuestion({ ...ok, expectedSourceIds: Array(11).fill('s') }), 'expectedSourceIds');
  refused(() => validateEvaluationQuestion({ ...ok, expectedSourceIds: ['s1', 3] }), 'expectedSourceIds[1]');
  refused(() => validateEvaluationQuestion({ ...ok, expectedSourceIds: ['x'.repeat(65)] }), 'expectedSourceIds[0]');
  refused(() => validateEvaluationQuestion({ ...ok, expectedFacts: 'a' }), 'expectedFacts');
  refused(() => validateEvaluationQuestion({ ...ok, expectedFacts: Array(11).fill('a') }), 'expectedFacts');
  refused(() => validateEvaluationQuestion({ ...ok, expectedFacts: ['a', ''] }), 'expectedFacts[1]');
  refused(() => validateEvaluationQuestion({ ...ok, expectedFacts: ['x'.repeat(201)] }), 'expectedFacts[0]');
  refused(() => validateEvaluationQuestion({ ...ok, answer: 'x' }), 'answer');
});

test('a run takes an optional chatbot and k from 1 to 20 (default 5)', () => {
  assert.equal(validateEvaluationRun({}), { chatbotId: null, k: 5 });
  assert.equal(validateEvaluationRun({ chatbotId: 'b1', k: 20 }), { chatbotId: 'b1', k: 20 });
  assert.equal(validateEvaluationRun({ chatbotId: null, k: null }), { chatbotId: null, k: 5 });
  refused(() => validateEvaluationRun({ k: 0 }), 'k');
  refused(() => validateEvaluationRun({ k: 21 }), 'k');
  refused(() => validateEvaluationRun({ k: 1.5 }), 'k');
  refused(() => validateEvaluationRun({ k: '3' }), 'k');
  refused(() => validateEvaluationRun({ chatbotId: '' }), 'chatbotId');
  refused(() => validateEvaluationRun({ chatbotId: 7 }), 'chatbotId');
  refused(() => validateEvaluationRun({ sources: [] }), 'sources');
});

test.run();

/**
 * Where a refused save's problem shows in the editor (web/dashboard/pages/chatbots/graph/flowProblems.ts):
 * on the field the server names, on a whole box (headers, options) for what is inside it, or on
 * the step when the editor has no such field; and the message without its machine path.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FlowStep } from '../../../../../../domain/flow/flowGraph.js';
import { parseFlow } from '../../../../../../domain/flow/flowParsing.js';
import {
  humanProblem,
  problemHasField,
  problemIsAt,
} from '../../../../../../web/dashboard/pages/chatbots/graph/flowProblems.js';
import { stepField } from '../../../../../../web/dashboard/pages/chatbots/graph/graphEditing.js';

const condition: FlowStep = {
  id: 'check',
  type: 'condition',
  branches: [{ when: { any: [{ variable: 'a', op: 'is_set' }] }, next: 'x' }],
  else: 'x',
};

test('a problem belongs to its exact field, or to the box that holds it', () => {
  assert.ok(problemIsAt('else', 'else'));
  assert.not.ok(problemIsAt('else', 'next'));
  assert.ok(problemIsAt('headers.X-Odd', 'headers'));
  assert.ok(problemIsAt('input.options[3]', 'input.options'));
  assert.not.ok(problemIsAt('textual', 'text'));
});

test('a condition test field is marked itself, a branch as a whole on the branches, others on the step', () => {
  assert.ok(problemHasField(condition, 'branches[0].when.any[0].variable'));
  assert.ok(problemHasField(condition, 'branches[0].next'));
  assert.ok(problemHasField(condition, 'branches[0].when'));
  assert.not.ok(problemHasField(condition, 'type'));
  assert.not.ok(problemHasField({ id: 'j', type: 'jump', next: 'x' }, 'text'));
});

test("the server's message reads as a sentence about the field", () => {
  try {
    parseFlow({ start: 'a', steps: [{ id: 'a', type: 'message', text: '', next: 'b' }] });
    assert.unreachable();
  } catch (err) {
    const e = err as { message: string; field: string; stepId: string };
    const field = stepField(e.field);
    assert.is(field, 'text');
    assert.is(e.stepId, 'a');
    assert.is(humanProblem(e.message, field), 'The text must be a non-empty string.');
  }
  assert.is(
    humanProblem('flow.steps[1].else (step "c") names "zz", which is not the id of any step', 'else'),
    'This way on names "zz", which is not the id of any step.',
  );
  assert.is(
    humanProblem('flow.start names "q", which is not the id of any step', 'start'),
    'The start names "q", which is not the id of any step.',
  );
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { conditionHolds, testHolds } from '../../../domain/flow/conditions.js';
import type { ConditionOp } from '../../../domain/flow/flowGraph.js';

const vars = { plan: ' Gold ', age: '42', city: 'Berlin', day: '2026-03-31', blank: '  ', other: 'gold' };
const holds = (variable: string, op: ConditionOp, value?: string) => testHolds({ variable, op, value }, vars);

test('equals and not_equals ignore case and surrounding spaces', () => {
  assert.ok(holds('plan', 'equals', 'gold'));
  assert.ok(holds('plan', 'equals', ' GOLD'));
  assert.not.ok(holds('plan', 'equals', 'silver'));
  assert.ok(holds('plan', 'not_equals', 'silver'));
  assert.not.ok(holds('plan', 'not_equals', 'gold'));
  // An unset variable is empty.
  assert.ok(holds('missing', 'equals', ''));
  assert.ok(holds('missing', 'not_equals', 'x'));
});

test('the value is a template', () => {
  assert.ok(holds('plan', 'equals', '{{other}}'));
  assert.not.ok(holds('plan', 'equals', '{{city}}'));
});

test('contains and starts_with', () => {
  assert.ok(holds('city', 'contains', 'RLI'));
  assert.not.ok(holds('city', 'contains', 'x'));
  assert.ok(holds('city', 'starts_with', 'ber'));
  assert.not.ok(holds('city', 'starts_with', 'lin'));
});

test('greater and less: numbers as numbers, anything else as text, unset never', () => {
  assert.ok(holds('age', 'greater', '9'), '42 > 9 numerically, although "42" < "9" as text');
  assert.not.ok(holds('age', 'less', '9'));
  assert.ok(holds('age', 'less', '100'));
  assert.not.ok(holds('age', 'greater', '42'));
  assert.ok(holds('day', 'greater', '2026-03-30'));
  assert.ok(holds('day', 'less', '2026-04-01'));
  assert.ok(holds('city', 'greater', 'amsterdam'));
  assert.not.ok(holds('missing', 'less', '5'));
  assert.not.ok(holds('blank', 'greater', ''));
});

test('is_set and is_empty: blank counts as empty', () => {
  assert.ok(holds('city', 'is_set'));
  assert.not.ok(holds('city', 'is_empty'));
  for (const name of ['blank', 'missing', 'toString', '__proto__']) {
    assert.ok(holds(name, 'is_empty'), name);
    assert.not.ok(holds(name, 'is_set'), name);
  }
});

test('all needs every test, any needs one', () => {
  const yes = { variable: 'city', op: 'equals' as const, value: 'berlin' };
  const no = { variable: 'city', op: 'equals' as const, value: 'paris' };
  assert.ok(conditionHolds({ all: [yes, yes] }, vars));
  assert.not.ok(conditionHolds({ all: [yes, no] }, vars));
  assert.ok(conditionHolds({ any: [no, yes] }, vars));
  assert.not.ok(conditionHolds({ any: [no, no] }, vars));
});

test.run();

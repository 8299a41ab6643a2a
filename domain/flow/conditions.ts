/**
 * Evaluating a condition step's `when` over the flow's variables (all strings). Comparisons
 * ignore surrounding spaces and letter case, since the values mostly come from what visitors
 * typed; `greater` and `less` compare as numbers when both sides are numbers and as text
 * otherwise, which orders the `YYYY-MM-DD` dates a date question stores by time.
 */
import type { Condition, ConditionTest } from './flowGraph.js';
import { renderText, type Variables } from './templates.js';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

const asNumber = (text: string): number | null => (NUMBER.test(text) ? Number(text) : null);

const normalise = (text: string): string => text.trim().toLowerCase();

/** -1, 0 or 1, numerically when both are numbers. */
function compare(left: string, right: string): number {
  const a = asNumber(left);
  const b = asNumber(right);
  if (a !== null && b !== null) return Math.sign(a - b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export function testHolds(test: ConditionTest, variables: Variables): boolean {
  const raw = Object.hasOwn(variables, test.variable) ? variables[test.variable] : undefined;
  const actual = normalise(typeof raw === 'string' ? raw : '');
  const expected = normalise(renderText(test.value ?? '', variables));
  switch (test.op) {
    case 'is_set':
      return actual !== '';
    case 'is_empty':
      return actual === '';
    case 'equals':
      return actual === expected;
    case 'not_equals':
      return actual !== expected;
    case 'contains':
      return actual.includes(expected);
    case 'starts_with':
      return actual.startsWith(expected);
    // An unanswered variable is neither greater nor less than anything.
    case 'greater':
      return actual !== '' && compare(actual, expected) > 0;
    case 'less':
      return actual !== '' && compare(actual, expected) < 0;
  }
}

export function conditionHolds(condition: Condition, variables: Variables): boolean {
  return 'all' in condition
    ? condition.all.every((t) => testHolds(t, variables))
    : condition.any.some((t) => testHolds(t, variables));
}

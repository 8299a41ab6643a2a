/**
 * A condition's branches: each tests variables (all or any of several tests) and is tried in
 * order; the first that holds is taken, else the else way. Where each branch leads is chosen with
 * the step's ways on (StepCard).
 */
import type {
  Condition,
  ConditionBranch,
  ConditionOp,
  ConditionStep,
  ConditionTest,
} from '../../../../../domain/flow/flowGraph.js';
import {
  CONDITION_OPS,
  MAX_BRANCHES,
  MAX_TESTS_PER_CONDITION,
  VALUELESS_OPS,
} from '../../../../../domain/flow/flowGraph.js';
import { Button, Icon, Select, TextField } from '../../../ui/index.js';
import { newBranch } from './graphEditing.js';
import type { FieldsProps } from './stepFieldsProps.js';

const OP_LABEL: Record<ConditionOp, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  starts_with: 'starts with',
  greater: 'is greater than',
  less: 'is less than',
  is_set: 'is set',
  is_empty: 'is empty',
};
const OP_OPTIONS = CONDITION_OPS.map((op) => ({ value: op, label: OP_LABEL[op] }));

type Joiner = 'all' | 'any';
const joinerOf = (when: Condition): Joiner => ('any' in when ? 'any' : 'all');
const testsOf = (when: Condition): ConditionTest[] => ('any' in when ? when.any : when.all);
const conditionOf = (joiner: Joiner, tests: ConditionTest[]): Condition =>
  joiner === 'any' ? { any: tests } : { all: tests };

/** The test with `op`, its value dropped for the operators that compare with nothing. */
function withOp(test: ConditionTest, op: ConditionOp): ConditionTest {
  if (VALUELESS_OPS.has(op)) return { variable: test.variable, op };
  return { variable: test.variable, op, value: test.value ?? '' };
}

export function ConditionFields({ step, onChange, problemAt }: FieldsProps<ConditionStep>) {
  const setBranches = (branches: ConditionBranch[]) => onChange({ ...step, branches });
  const setBranch = (i: number, b: ConditionBranch) => setBranches(step.branches.map((x, j) => (j === i ? b : x)));
  return (
    <div class="branches">
      {problemAt('branches') && (
        <p class="field-error" role="alert">
          {problemAt('branches')}
        </p>
      )}
      {step.branches.map((b, i) => {
        const joiner = joinerOf(b.when);
        const tests = testsOf(b.when);
        const setTests = (next: ConditionTest[]) => setBranch(i, { ...b, when: conditionOf(joiner, next) });
        const at = (j: number, f: string) => problemAt(`branches[${i}].when.${joiner}[${j}].${f}`);
        return (
          <fieldset key={i} class="branch">
            <legend class="branch-legend">Branch {i + 1}</legend>
            <div class="branch-head">
              <Select
                label={`Branch ${i + 1} holds when`}
                value={joiner}
                options={[
                  { value: 'all', label: 'all of these are true' },
                  { value: 'any', label: 'any of these is true' },
                ]}
                onChange={(j) => setBranch(i, { ...b, when: conditionOf(j, tests) })}
              />
              <button
                type="button"
                class="icon-btn"
                aria-label={`Remove branch ${i + 1}`}
                disabled={step.branches.length === 1}
                onClick={() => setBranches(step.branches.filter((_, j) => j !== i))}
              >
                <Icon name="trash" />
              </button>
            </div>
            <ol class="tests">
              {tests.map((t, j) => (
                <li key={j} class="test-row">
                  <TextField
                    label={`Branch ${i + 1} test ${j + 1} variable`}
                    value={t.variable}
                    maxLength={64}
                    error={at(j, 'variable')}
                    onInput={(variable) =>
                      setTests(tests.map((x, k) => (k === j ? { ...x, variable: variable.trim() } : x)))
                    }
                  />
                  <Select
                    label={`Branch ${i + 1} test ${j + 1} comparison`}
                    value={t.op}
                    options={OP_OPTIONS}
                    error={at(j, 'op')}
                    onChange={(op) => setTests(tests.map((x, k) => (k === j ? withOp(x, op) : x)))}
                  />
                  {!VALUELESS_OPS.has(t.op) && (
                    <TextField
                      label={`Branch ${i + 1} test ${j + 1} value`}
                      value={t.value ?? ''}
                      error={at(j, 'value')}
                      onInput={(value) => setTests(tests.map((x, k) => (k === j ? { ...x, value } : x)))}
                    />
                  )}
                  <button
                    type="button"
                    class="icon-btn test-remove"
                    aria-label={`Remove branch ${i + 1} test ${j + 1}`}
                    disabled={tests.length === 1}
                    onClick={() => setTests(tests.filter((_, k) => k !== j))}
                  >
                    <Icon name="trash" />
                  </button>
                </li>
              ))}
            </ol>
            <Button
              size="sm"
              variant="ghost"
              icon={<Icon name="plus" size={16} />}
              disabled={tests.length >= MAX_TESTS_PER_CONDITION}
              onClick={() => setTests([...tests, { variable: '', op: 'equals', value: '' }])}
            >
              Add a test to branch {i + 1}
            </Button>
          </fieldset>
        );
      })}
      <Button
        size="sm"
        icon={<Icon name="plus" size={16} />}
        disabled={step.branches.length >= MAX_BRANCHES}
        onClick={() => setBranches([...step.branches, newBranch()])}
      >
        Add branch
      </Button>
    </div>
  );
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../domain/errors.js';
import {
  DEFAULT_FLOW,
  MAX_FLOW_STEPS,
  MAX_STEP_TEXT,
  interpolate,
  validateFlow,
} from '../../../domain/chatbot/flow.js';

function rejected(raw: unknown): string {
  try {
    validateFlow(raw);
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).field, 'flow');
    assert.ok((err as Error).message.startsWith('flow'), (err as Error).message);
    return (err as Error).message;
  }
  return assert.unreachable(`accepted ${JSON.stringify(raw)}`) as never;
}

test('the default flow is valid: greeting, name, email, thank-you', () => {
  assert.equal(validateFlow(DEFAULT_FLOW), DEFAULT_FLOW);
  assert.equal(
    DEFAULT_FLOW.steps.map((s) => s.type),
    ['message', 'question', 'question', 'message'],
  );
  assert.equal(
    DEFAULT_FLOW.steps.filter((s) => s.type === 'question').map((s) => (s as { variable: string }).variable),
    ['name', 'email'],
  );
});

test('accepts message, question and handoff steps', () => {
  const flow = {
    steps: [
      { type: 'message', text: 'Hi' },
      { type: 'question', text: 'Name?', variable: 'first_name' },
      { type: 'handoff', text: 'Agent' },
    ],
  };
  assert.equal(validateFlow(flow), flow);
});

test('rejects a flow that is not an object with a non-empty steps array', () => {
  for (const bad of [null, 'x', 1, [], {}, { steps: [] }, { steps: 'x' }]) rejected(bad);
  assert.match(rejected({ steps: [{ type: 'message', text: 'a' }], extra: 1 }), 'extra');
  assert.match(
    rejected({ steps: Array.from({ length: MAX_FLOW_STEPS + 1 }, () => ({ type: 'message', text: 'a' })) }),
    String(MAX_FLOW_STEPS),
  );
});

test('rejects bad steps and names the step', () => {
  assert.match(rejected({ steps: [null] }), 'steps[0]');
  assert.match(rejected({ steps: [{ type: 'message', text: 'ok' }, { type: 'message' }] }), 'steps[1].text');
  assert.match(rejected({ steps: [{ type: 'message', text: '  ' }] }), 'steps[0].text');
  assert.match(rejected({ steps: [{ type: 'message', text: 'x'.repeat(MAX_STEP_TEXT + 1) }] }), String(MAX_STEP_TEXT));
  assert.match(rejected({ steps: [{ type: 'poll', text: 'x' }] }), 'steps[0].type');
  assert.match(rejected({ steps: [{ type: 'question', text: 'x' }] }), 'steps[0].variable is required');
  assert.match(rejected({ steps: [{ type: 'question', text: 'x', variable: '1abc' }] }), 'variable');
  assert.match(rejected({ steps: [{ type: 'question', text: 'x', variable: 'a-b' }] }), 'variable');
  assert.match(rejected({ steps: [{ type: 'message', text: 'x', variable: 'v' }] }), 'unknown properties: variable');
  assert.match(
    rejected({
      steps: [
        { type: 'message', text: 'ok' },
        { type: 'handoff', text: 'Bye\u0007' },
      ],
    }),
    'steps[1].text must not contain control characters',
  );
});

test('step texts keep their line breaks and tabs', () => {
  const text = 'Hello!\n\nWe answer within a day:\r\n\t- weekdays';
  assert.equal(validateFlow({ steps: [{ type: 'message', text }] }), { steps: [{ type: 'message', text }] });
});

test('interpolate replaces {{variable}} and blanks unknown ones', () => {
  assert.is(interpolate('Hi {{name}}, {{ name }}! {{missing}}.', { name: 'Ann' }), 'Hi Ann, Ann! .');
  assert.is(interpolate('no vars', {}), 'no vars');
});

test('rejects reserved variable names and names the step', () => {
  const question = (variable: string) => ({
    steps: [
      { type: 'message', text: 'Hi' },
      { type: 'question', text: 'x', variable },
    ],
  });
  for (const name of [
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '__defineGetter__',
    'isPrototypeOf',
  ]) {
    const message = rejected(question(name));
    assert.match(message, 'steps[1].variable', message);
    assert.match(message, name, message);
  }
  // Only the exact names: a variable that merely contains one is fine.
  for (const name of ['proto', 'my_constructor', 'toString2', 'Constructor'])
    assert.equal(validateFlow(question(name)), question(name));
});

test("interpolate reads the answers' own properties only", () => {
  assert.is(
    interpolate('[{{toString}}][{{constructor}}][{{__proto__}}][{{hasOwnProperty}}][{{valueOf}}]', {}),
    '[][][][][]',
  );
  assert.is(interpolate('{{toString}}', { name: 'Ann' }), '');
  // An answer really stored under such a name (a flow saved before they were refused) shows.
  const own = JSON.parse('{"__proto__":"p","constructor":"c"}') as Record<string, string>;
  assert.is(interpolate('{{__proto__}} {{constructor}}', own), 'p c');
  assert.is(interpolate('{{name}}', Object.assign(Object.create(null), { name: 'Ann' })), 'Ann');
});

test.run();

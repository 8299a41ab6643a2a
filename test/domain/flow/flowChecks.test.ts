import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FlowError } from '../../../domain/flow/flowError.js';
import { httpUrlProblem } from '../../../domain/flow/flowChecks.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';
import { supportFlow } from './sampleFlows.js';

function refused(raw: unknown, field: string, stepId: string | undefined, fragment: string): void {
  try {
    parseFlow(raw);
  } catch (err) {
    assert.instance(err, FlowError);
    const e = err as FlowError;
    assert.is(e.code, 'INVALID_FLOW');
    assert.is(e.field, field, e.message);
    assert.is(e.stepId, stepId, e.message);
    assert.ok(e.message.includes(fragment), `${e.message} should mention ${fragment}`);
    return;
  }
  assert.unreachable(`accepted a flow that should fail on ${field}`);
}

const end = (id: string) => ({ id, type: 'end', resolution: 'resolved' });
const ask = (id: string, variable: string, next?: string) => ({
  id,
  type: 'question',
  text: 'Q?',
  variable,
  input: { type: 'text' },
  ...(next ? { next } : {}),
});

test('every target must be a step: next, else, fallback, onError, option and branch next', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['welcome', { next: 'nope' }, 'steps[0].next'],
    ['ask_topic', { fallback: 'nope' }, 'steps[2].fallback'],
    ['check', { else: 'nope' }, 'steps[5].else'],
    ['lookup', { onError: 'nope' }, 'steps[4].onError'],
    ['bye', { next: 'nope' }, 'steps[9].next'],
    ['billing', { next: 'nope' }, 'steps[11].next'],
    ['not_yet', { next: 'nope' }, 'steps[7].next'],
  ];
  for (const [id, patch, field] of cases) {
    const flow = supportFlow();
    Object.assign(flow.steps.find((s) => s.id === id)!, patch);
    refused(flow, field, id, '"nope", which is not the id of any step');
  }
  const option = supportFlow();
  (option.steps[2].input as { options: { next?: string }[] }).options[1].next = 'nope';
  refused(option, 'steps[2].input.options[1].next', 'ask_topic', '"nope"');
  const branch = supportFlow();
  (branch.steps[5].branches as { next: string }[])[0].next = 'nope';
  refused(branch, 'steps[5].branches[0].next', 'check', '"nope"');
});

test('ids must be unique', () => {
  const flow = supportFlow();
  flow.steps[3].id = 'welcome';
  refused(flow, 'steps[3].id', 'welcome', 'already the id of steps[0]');
});

test('a loop that never waits for the visitor is refused, one through a question or ai step is fine', () => {
  refused(
    {
      start: 'a',
      steps: [
        { id: 'a', type: 'message', text: 'a', next: 'b' },
        { id: 'b', type: 'set', variable: 'x', value: 'v', next: 'c' },
        {
          id: 'c',
          type: 'condition',
          branches: [{ when: { all: [{ variable: 'x', op: 'is_set' }] }, next: 'a' }],
          else: 'd',
        },
        end('d'),
      ],
    },
    'steps[2].branches[0].next',
    'c',
    'a → b → c → a',
  );
  refused({ start: 'j', steps: [{ id: 'j', type: 'jump', next: 'j' }] }, 'steps[0].next', 'j', 'j → j');
  refused(
    {
      start: 'h',
      steps: [
        { id: 'h', type: 'http', method: 'GET', url: 'https://api.example.com/poll', next: 'h', onError: 'e' },
        end('e'),
      ],
    },
    'steps[0].next',
    'h',
    'no step waits',
  );
  assert.not.throws(() =>
    parseFlow({
      start: 'a',
      steps: [
        { id: 'a', type: 'message', text: 'again', next: 'q' },
        { ...ask('q', 'x', 'j'), fallback: 'a' },
        { id: 'j', type: 'jump', next: 'ai' },
        { id: 'ai', type: 'ai', next: 'a' },
      ],
    }),
  );
});

test('a variable read where no path from the start has set it is refused', () => {
  const reads: [Record<string, unknown>, string][] = [
    [{ id: 'r', type: 'message', text: 'Hi {{name}}', next: 'q' }, 'steps[0].text'],
    [{ id: 'r', type: 'set', variable: 'y', value: '{{ name }}!', next: 'q' }, 'steps[0].value'],
    [{ id: 'r', type: 'handoff', text: '{{name}}', reason: 'x' }, 'steps[0].text'],
    [{ id: 'r', type: 'end', text: '{{name}}', resolution: 'ended' }, 'steps[0].text'],
    [{ ...ask('r', 'other', 'q'), text: 'Dear {{name}}?' }, 'steps[0].text'],
    [{ ...ask('r', 'other', 'q'), input: { type: 'text', retryMessage: '{{name}}!' } }, 'steps[0].input.retryMessage'],
    [
      {
        id: 'r',
        type: 'condition',
        branches: [{ when: { any: [{ variable: 'name', op: 'is_set' }] }, next: 'q' }],
        else: 'q',
      },
      'steps[0].branches[0].when.any[0].variable',
    ],
    [
      {
        id: 'r',
        type: 'condition',
        branches: [{ when: { all: [{ variable: 'x', op: 'equals', value: '{{name}}' }] }, next: 'q' }],
        else: 'q',
      },
      'steps[0].branches[0].when.all[0].variable',
    ],
    [
      { id: 'r', type: 'http', method: 'GET', url: 'https://a.example.com/{{name}}', next: 'q', onError: 'q' },
      'steps[0].url',
    ],
    [
      {
        id: 'r',
        type: 'http',
        method: 'GET',
        url: 'https://a.example.com/',
        headers: { 'X-N': '{{name}}' },
        next: 'q',
        onError: 'q',
      },
      'steps[0].headers.X-N',
    ],
    [
      {
        id: 'r',
        type: 'http',
        method: 'POST',
        url: 'https://a.example.com/',
        body: { who: ['{{name}}'] },
        next: 'q',
        onError: 'q',
      },
      'steps[0].body.who[0]',
    ],
  ];
  for (const [reader, field] of reads) {
    const flow = { start: 'r', steps: [reader, ask('q', 'name')] };
    const variable = field.endsWith('when.all[0].variable') ? 'x' : 'name';
    refused(flow, field, 'r', `reads the variable ${variable}`);
    // Once a question before it sets the variable, the same step is fine.
    assert.not.throws(() =>
      parseFlow({ start: 's', steps: [ask('s', 'name', 'x'), ask('x', 'x', 'r'), reader, ask('q', 'name')] }),
    );
  }
});

test('may-set: one path that sets it is enough; a fallback or an http error path sets nothing', () => {
  const viaOneBranch = {
    start: 'c',
    steps: [
      {
        id: 'c',
        type: 'condition',
        branches: [{ when: { all: [{ variable: 'v', op: 'is_set' }] }, next: 'q' }],
        else: 'm',
      },
      ask('q', 'name', 'm'),
      { id: 'm', type: 'message', text: 'Hi {{name}}' },
    ],
  };
  assert.not.throws(() => parseFlow(viaOneBranch, { builtInVariables: ['v'] }));
  refused(viaOneBranch, 'steps[0].branches[0].when.all[0].variable', 'c', 'reads the variable v');
  refused(
    {
      start: 'q',
      steps: [{ ...ask('q', 'name', 'e'), fallback: 'm' }, { id: 'm', type: 'message', text: '{{name}}' }, end('e')],
    },
    'steps[1].text',
    'm',
    'name',
  );
  const http = (onError: string) => ({
    start: 'h',
    steps: [
      {
        id: 'h',
        type: 'http',
        method: 'GET',
        url: 'https://a.example.com/',
        save: { id: '$.id' },
        next: 'ok',
        onError,
      },
      { id: 'ok', type: 'message', text: 'Saved {{id}}' },
      { id: 'err', type: 'message', text: 'Failed {{id}}' },
    ],
  });
  assert.not.throws(() => parseFlow(http('ok')));
  refused(http('err'), 'steps[2].text', 'err', 'reads the variable id');
  // A test of n before the question that sets it: only a pass round the loop can have set n.
  assert.not.throws(() =>
    parseFlow({
      start: 'm',
      steps: [
        {
          id: 'm',
          type: 'condition',
          branches: [{ when: { any: [{ variable: 'n', op: 'is_empty' }] }, next: 'q' }],
          else: 'q',
        },
        ask('q', 'n', 'm'),
      ],
    }),
  );
});

test('variables read in unreachable steps are not checked; the steps are warnings', () => {
  const { warnings } = parseFlow({
    start: 'a',
    steps: [end('a'), { id: 'lost', type: 'message', text: '{{nobody}}', next: 'also_lost' }, end('also_lost')],
  });
  assert.equal(warnings, [
    {
      stepId: 'lost',
      code: 'UNREACHABLE_STEP',
      message: 'Step "lost" (steps[1]) cannot be reached from the start and will never run.',
    },
    {
      stepId: 'also_lost',
      code: 'UNREACHABLE_STEP',
      message: 'Step "also_lost" (steps[2]) cannot be reached from the start and will never run.',
    },
  ]);
});

test('list flows keep rendering variables nobody set', () => {
  const { warnings } = parseFlow({ steps: [{ type: 'message', text: 'Hi {{name}}' }] });
  assert.equal(warnings, []);
});

test('http URL templates: scheme and host literal, templates after them', () => {
  assert.is(httpUrlProblem('https://api.example.com/a/{{x}}?y={{y}}'), null);
  assert.is(httpUrlProblem('https://api.example.com'), null);
  assert.is(httpUrlProblem('https://api.example.com?{{q}}'), null);
  for (const bad of [
    'http://api.example.com/',
    'https://{{h}}/',
    'https://api.{{h}}.com/',
    'https://api.example.com{{p}}',
    'ftp://x.com',
    '{{u}}',
  ])
    assert.match(httpUrlProblem(bad) ?? '', 'literal host', bad);
  assert.match(httpUrlProblem('https://[::1/') ?? '', 'valid absolute URL');
});

test.run();

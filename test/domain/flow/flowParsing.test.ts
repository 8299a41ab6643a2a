import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../domain/errors.js';
import { FlowError } from '../../../domain/flow/flowError.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';
import { supportFlow } from './sampleFlows.js';

type Raw = ReturnType<typeof supportFlow>;

/** The support flow with one step's properties replaced (undefined removes one). */
function edited(stepId: string, patch: Record<string, unknown>): Raw {
  const flow = supportFlow();
  const step = flow.steps.find((s) => s.id === stepId)!;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete step[key];
    else step[key] = value;
  }
  return flow;
}

function refused(raw: unknown, field: string, stepId: string | undefined, fragment: string): void {
  try {
    parseFlow(raw);
  } catch (err) {
    assert.instance(err, FlowError);
    assert.instance(err, ValidationError);
    const e = err as FlowError;
    assert.is(e.code, 'INVALID_FLOW');
    assert.is(e.field, field, e.message);
    assert.is(e.stepId, stepId, e.message);
    assert.ok(e.message.startsWith(`flow${field ? `.${field}` : ''}`), e.message);
    assert.ok(e.message.includes(fragment), `${e.message} should mention ${fragment}`);
    return;
  }
  assert.unreachable(`accepted a flow that should fail on ${field}`);
}

test('accepts a flow using every step type and returns it as given, without warnings', () => {
  const raw = supportFlow();
  const { flow, warnings } = parseFlow(raw);
  assert.equal(flow, raw);
  assert.equal(warnings, []);
});

test('the flow must be an object with start and steps, nothing else', () => {
  refused({ steps: 'x', start: 'a' }, 'steps', undefined, 'array');
  refused({ start: 'a', steps: [] }, 'steps', undefined, 'at least 1');
  refused({ ...supportFlow(), extra: 1 }, '', undefined, 'unknown properties: extra');
  refused({ ...supportFlow(), start: 'nowhere' }, 'start', undefined, '"nowhere"');
  refused({ ...supportFlow(), start: 'bad id!' }, 'start', undefined, 'step id');
  const many = Array.from({ length: 501 }, (_, i) => ({ id: `s${i}`, type: 'end', resolution: 'ended' }));
  refused({ start: 's0', steps: many }, 'steps', undefined, 'at most 500');
  assert.not.throws(() => parseFlow({ start: 's0', steps: many.slice(0, 500) }));
});

test('each step needs a valid id and a known type, and only its own properties', () => {
  const flow = supportFlow();
  flow.steps[2] = null as never;
  refused(flow, 'steps[2]', undefined, 'must be an object');
  refused(edited('welcome', { id: 'x'.repeat(65) }), 'steps[0].id', undefined, 'step id');
  refused(edited('welcome', { id: 'has space' }), 'steps[0].id', undefined, 'step id');
  refused(edited('welcome', { type: 'banner' }), 'steps[0].type', 'welcome', 'one of message, question');
  refused(edited('welcome', { variable: 'x' }), 'steps[0]', 'welcome', 'unknown properties: variable');
  refused(edited('bye', { text: 'hi' }), 'steps[9]', 'bye', 'unknown properties: text');
});

test('texts: required where said, not blank, at most 2000 characters, no control characters', () => {
  refused(edited('welcome', { text: undefined }), 'steps[0].text', 'welcome', 'non-empty');
  refused(edited('welcome', { text: '  ' }), 'steps[0].text', 'welcome', 'non-empty');
  refused(edited('welcome', { text: 'x'.repeat(2001) }), 'steps[0].text', 'welcome', '2000');
  assert.not.throws(() => parseFlow(edited('welcome', { text: '😀'.repeat(2000) })));
  refused(edited('welcome', { text: 'a\u0007b' }), 'steps[0].text', 'welcome', 'control characters');
  assert.not.throws(() => parseFlow(edited('welcome', { text: 'a\n\tb' })));
  refused(edited('agent', { text: 7 }), 'steps[15].text', 'agent', 'non-empty');
  refused(edited('shipped', { text: '' }), 'steps[6].text', 'shipped', 'non-empty');
  refused(edited('not_yet', { value: undefined }), 'steps[7].value', 'not_yet', 'non-empty');
  refused(edited('agent', { reason: undefined }), 'steps[15].reason', 'agent', 'non-empty');
  refused(edited('agent', { reason: 'a\nb' }), 'steps[15].reason', 'agent', 'single line');
  refused(edited('agent', { reason: 'r'.repeat(501) }), 'steps[15].reason', 'agent', '500');
  refused(edited('done', { resolution: 'escalated' }), 'steps[10].resolution', 'done', 'resolved, ended');
});

test('variables: a name, not reserved', () => {
  refused(edited('ask_name', { variable: undefined }), 'steps[1].variable', 'ask_name', 'variable name');
  refused(edited('ask_name', { variable: '1st' }), 'steps[1].variable', 'ask_name', 'variable name');
  refused(edited('ask_name', { variable: 'x'.repeat(65) }), 'steps[1].variable', 'ask_name', 'variable name');
  for (const reserved of ['constructor', 'toString', '__proto__', 'prototype', 'hasOwnProperty']) {
    refused(edited('ask_name', { variable: reserved }), 'steps[1].variable', 'ask_name', `reserved name ${reserved}`);
    refused(edited('not_yet', { variable: reserved }), 'steps[7].variable', 'not_yet', 'reserved');
  }
});

test('question inputs: a known type with its own settings', () => {
  const input = (i: unknown) => edited('ask_name', { input: i });
  refused(input(undefined), 'steps[1].input', 'ask_name', 'must be an object');
  refused(input({ type: 'color' }), 'steps[1].input.type', 'ask_name', 'one of text, email');
  refused(input({ type: 'text', min: 1 }), 'steps[1].input', 'ask_name', 'unknown properties: min');
  refused(input({ type: 'number', min: 5, max: 1 }), 'steps[1].input.max', 'ask_name', 'less than min');
  refused(input({ type: 'number', min: '1' }), 'steps[1].input.min', 'ask_name', 'number');
  refused(input({ type: 'rating', max: 7 }), 'steps[1].input.max', 'ask_name', '5');
  refused(input({ type: 'rating' }), 'steps[1].input.max', 'ask_name', '10');
  refused(input({ type: 'text', maxRetries: 0 }), 'steps[1].input.maxRetries', 'ask_name', '1 to 10');
  refused(input({ type: 'text', maxRetries: 2.5 }), 'steps[1].input.maxRetries', 'ask_name', 'whole number');
  refused(input({ type: 'text', retryMessage: ' ' }), 'steps[1].input.retryMessage', 'ask_name', 'non-empty');
  refused(input({ type: 'choice', options: [] }), 'steps[1].input.options', 'ask_name', 'at least 1');
  const option = (i: number) => ({ label: `L${i}`, value: `v${i}` });
  refused(
    input({ type: 'choice', options: Array.from({ length: 21 }, (_, i) => option(i)) }),
    'steps[1].input.options',
    'ask_name',
    'at most 20',
  );
  refused(
    input({ type: 'choice', options: [option(1)], multiple: 'yes' }),
    'steps[1].input.multiple',
    'ask_name',
    'true or false',
  );
  refused(
    input({ type: 'choice', options: [{ label: 'A' }] }),
    'steps[1].input.options[0].value',
    'ask_name',
    'non-empty',
  );
  refused(
    input({ type: 'choice', options: [option(1), { label: 'l1', value: 'x' }] }),
    'steps[1].input.options[1].label',
    'ask_name',
    'already the label or value of option 0',
  );
  refused(
    input({ type: 'choice', options: [option(1), { label: 'x', value: 'V1' }] }),
    'steps[1].input.options[1].value',
    'ask_name',
    'already',
  );
  refused(
    input({ type: 'choice', multiple: true, options: [{ label: 'A, B', value: 'ab' }] }),
    'steps[1].input.options[0].label',
    'ask_name',
    'comma',
  );
  refused(
    input({ type: 'choice', multiple: true, options: [{ label: 'A', value: 'a', next: 'agent' }] }),
    'steps[1].input.options[0].next',
    'ask_name',
    'multiple choice',
  );
  refused(
    input({ type: 'choice', options: [{ label: 'A', value: 'a', extra: 1 }] }),
    'steps[1].input.options[0]',
    'ask_name',
    'extra',
  );
});

test('conditions: branches of all or any tests with a known op, and an else', () => {
  const when = (w: unknown) => edited('check', { branches: [{ when: w, next: 'shipped' }] });
  const t = (test: Record<string, unknown>) => when({ any: [{ variable: 'status', ...test }] });
  refused(edited('check', { branches: [] }), 'steps[5].branches', 'check', 'at least 1');
  const many = Array.from({ length: 51 }, () => ({
    when: { all: [{ variable: 'status', op: 'is_set' }] },
    next: 'shipped',
  }));
  refused(edited('check', { branches: many }), 'steps[5].branches', 'check', 'at most 50');
  assert.not.throws(() => parseFlow(edited('check', { branches: many.slice(0, 50) })));
  refused(edited('check', { else: undefined }), 'steps[5].else', 'check', 'step id');
  refused(when({}), 'steps[5].branches[0].when', 'check', 'exactly one of all or any');
  refused(when({ all: [], any: [] }), 'steps[5].branches[0].when', 'check', 'exactly one');
  refused(when({ all: [] }), 'steps[5].branches[0].when.all', 'check', 'at least 1');
  refused(t({ op: 'matches', value: 'x' }), 'steps[5].branches[0].when.any[0].op', 'check', 'one of equals');
  refused(t({ op: 'equals' }), 'steps[5].branches[0].when.any[0].value', 'check', 'required for equals');
  refused(t({ op: 'is_set', value: 'x' }), 'steps[5].branches[0].when.any[0].value', 'check', 'must be absent');
  refused(t({ op: 'equals', value: 3 }), 'steps[5].branches[0].when.any[0].value', 'check', 'string');
  refused(
    when({ any: [{ variable: 'toString', op: 'is_set' }] }),
    'steps[5].branches[0].when.any[0].variable',
    'check',
    'reserved',
  );
  for (const op of ['equals', 'not_equals', 'contains', 'starts_with', 'greater', 'less']) {
    assert.not.throws(() => parseFlow(t({ op, value: '' })), op);
  }
  for (const op of ['is_set', 'is_empty']) assert.not.throws(() => parseFlow(t({ op })), op);
});

test('jump needs a next', () => {
  refused(edited('bye', { next: undefined }), 'steps[9].next', 'bye', 'step id');
});

test('http steps: method, https URL with a literal host, headers, body, saves, onError', () => {
  const http = (patch: Record<string, unknown>) => edited('lookup', patch);
  refused(http({ method: 'get' }), 'steps[4].method', 'lookup', 'GET, POST');
  refused(http({ onError: undefined }), 'steps[4].onError', 'lookup', 'step id');
  refused(http({ url: 'http://shop.example.com/x' }), 'steps[4].url', 'lookup', 'https://');
  refused(http({ url: 'https://{{order}}.example.com/' }), 'steps[4].url', 'lookup', 'literal host');
  refused(http({ url: 'https://shop.example.com{{order}}' }), 'steps[4].url', 'lookup', 'literal host');
  refused(http({ url: 'https://user:pw@shop.example.com/' }), 'steps[4].url', 'lookup', 'username or password');
  refused(http({ url: 'https:///x' }), 'steps[4].url', 'lookup', 'literal host');
  refused(http({ url: `https://shop.example.com/${'x'.repeat(2048)}` }), 'steps[4].url', 'lookup', '2048');
  refused(http({ url: 'https://a b.com/' }), 'steps[4].url', 'lookup', 'literal host');
  assert.not.throws(() => parseFlow(http({ url: 'https://shop.example.com:8443?id={{order}}#{{name}}' })));
  refused(http({ headers: [] }), 'steps[4].headers', 'lookup', 'object');
  refused(http({ headers: { 'Bad Name': 'x' } }), 'steps[4].headers.Bad Name', 'lookup', 'header name');
  refused(http({ headers: { Host: 'evil.com' } }), 'steps[4].headers.Host', 'lookup', 'HTTP client');
  refused(http({ headers: { 'X-A': 'a\r\nb' } }), 'steps[4].headers.X-A', 'lookup', 'single line');
  refused(http({ headers: { 'X-A': 1 } }), 'steps[4].headers.X-A', 'lookup', 'string');
  const headers = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-${i}`, 'v']));
  refused(http({ headers }), 'steps[4].headers', 'lookup', 'at most 20');
  refused(http({ body: 'x' }), 'steps[4].body', 'lookup', 'not sent with GET');
  refused(http({ method: 'POST', body: { a: [{ b: 'x', c: 1n }] } }), 'steps[4].body.a[0].c', 'lookup', 'text or JSON');
  refused(http({ method: 'POST', body: ' ' }), 'steps[4].body', 'lookup', 'non-empty');
  let deep: unknown = 'x';
  for (let i = 0; i < 12; i++) deep = [deep];
  refused(http({ method: 'POST', body: deep }), 'steps[4].body[0][0][0][0][0][0][0][0][0][0][0]', 'lookup', 'nest');
  assert.not.throws(() => parseFlow(http({ method: 'POST', body: { order: '{{order}}', n: [1, true, null, ''] } })));
  refused(http({ save: { status: 'order.status' } }), 'steps[4].save.status', 'lookup', 'JSON path');
  refused(http({ save: { status: '$.items[*]' } }), 'steps[4].save.status', 'lookup', 'JSON path');
  refused(http({ save: { constructor: '$.a' } }), 'steps[4].save.constructor', 'lookup', 'reserved');
  refused(http({ save: { 'bad-name': '$.a' } }), 'steps[4].save.bad-name', 'lookup', 'variable name');
});

test('list flows: read with the chatbot flow rules, errors naming the generated step id', () => {
  const { flow, warnings } = parseFlow({
    steps: [
      { type: 'message', text: 'Hi {{name}}' },
      { type: 'question', text: 'Name?', variable: 'name' },
      { type: 'handoff', text: 'Bye' },
    ],
  });
  assert.equal(warnings, []);
  assert.equal(flow, {
    start: 'step-1',
    steps: [
      { id: 'step-1', type: 'message', text: 'Hi {{name}}', next: 'step-2' },
      { id: 'step-2', type: 'question', text: 'Name?', variable: 'name', input: { type: 'text' }, next: 'step-3' },
      { id: 'step-3', type: 'handoff', text: 'Bye', reason: 'handoff' },
    ],
  });
  refused({ steps: [{ type: 'message', text: 'ok' }, { type: 'message' }] }, 'steps[1].text', 'step-2', 'non-empty');
  refused(
    { steps: [{ type: 'question', text: 'Q', variable: 'toString' }] },
    'steps[0].variable',
    'step-1',
    'reserved',
  );
  // Steps with ids are a graph that forgot its start.
  refused({ steps: [{ id: 'a', type: 'message', text: 'ok' }] }, 'start', undefined, 'step id');
  refused({ steps: [] }, 'steps', undefined, 'non-empty array');
  refused({ steps: [{ type: 'message', text: 'a' }], extra: 1 }, '', undefined, 'extra');
  for (const bad of [null, 'x', 1, []]) refused(bad, '', undefined, 'must be an object');
});

test.run();

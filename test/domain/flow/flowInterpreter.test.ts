import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConflictError } from '../../../domain/errors.js';
import type { FlowGraph } from '../../../domain/flow/flowGraph.js';
import {
  MAX_STEPS_PER_CALL,
  answerQuestion,
  resumeAfterAi,
  resumeAfterHttp,
  startFlow,
  type FlowRun,
  type FlowState,
} from '../../../domain/flow/flowInterpreter.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';
import { supportFlow } from './sampleFlows.js';

const flow = parseFlow(supportFlow()).flow;
const texts = (run: FlowRun) => run.replies.map((r) => r.text);

/** The support flow answered up to the order-number question. */
function atOrderNumber(): FlowState {
  const named = answerQuestion(flow, startFlow(flow).state, 'Ann');
  return answerQuestion(flow, named.state, 'order status').state;
}

test('start: messages until the first question, which carries its input', () => {
  const run = startFlow(flow);
  assert.equal(run.replies, [
    { stepId: 'welcome', text: 'Hi! I am the shop assistant.' },
    { stepId: 'ask_name', text: 'What is your name?', input: { type: 'text' } },
  ]);
  assert.equal(run.path, ['welcome', 'ask_name']);
  assert.equal(run.outcome, { type: 'awaiting_answer', stepId: 'ask_name' });
  assert.equal(run.state, { stepId: 'ask_name', variables: {}, retries: 0, finished: false });
});

test('an answer is stored and the next question renders it; choice options are shown as label and value', () => {
  const run = answerQuestion(flow, startFlow(flow).state, '  Ann ');
  assert.equal(run.state.variables, { name: 'Ann' });
  assert.equal(run.replies, [
    {
      stepId: 'ask_topic',
      text: 'What can I do for you, Ann?',
      input: {
        type: 'choice',
        multiple: false,
        options: [
          { label: 'Billing', value: 'billing' },
          { label: 'Order status', value: 'order' },
          { label: 'Something else', value: 'other' },
        ],
      },
    },
  ]);
  assert.equal(run.path, ['ask_topic']);
});

test('a choice goes to its option next, or to the question next without one', () => {
  const topic = answerQuestion(flow, startFlow(flow).state, 'Ann').state;
  const order = answerQuestion(flow, topic, 'Order Status');
  assert.is(order.state.variables.topic, 'order');
  assert.equal(order.outcome, { type: 'awaiting_answer', stepId: 'ask_order' });
  assert.equal(order.replies[0].input, { type: 'number', min: 1 });
  const other = answerQuestion(flow, topic, 'other');
  assert.equal(other.outcome, { type: 'handoff', reason: 'needs_human' });
  assert.equal(texts(other), ['Connecting you with a person.']);
  assert.ok(other.state.finished);
});

test('an invalid answer gets the retry message and the question again, then the fallback after maxRetries', () => {
  const first = answerQuestion(flow, atOrderNumber(), 'soon');
  assert.equal(texts(first), ['Only digits, Ann.', 'Your order number?']);
  assert.equal(first.replies[1].input, { type: 'number', min: 1 });
  assert.equal(first.outcome, { type: 'awaiting_answer', stepId: 'ask_order' });
  assert.is(first.state.retries, 1);
  assert.is(first.state.variables.order, undefined);
  const second = answerQuestion(flow, first.state, '0');
  assert.equal(second.outcome, { type: 'handoff', reason: 'needs_human' });
  assert.equal(second.path, ['agent']);
  // A valid answer after a wrong one resets the count.
  const valid = answerQuestion(flow, first.state, '42');
  assert.is(valid.state.retries, 0);
});

test('without a fallback the question is asked again for ever, with the default retry message', () => {
  const raw = {
    start: 'q',
    steps: [{ id: 'q', type: 'question', text: 'Email?', variable: 'email', input: { type: 'email', maxRetries: 2 } }],
  };
  const graph = parseFlow(raw).flow;
  let state = startFlow(graph).state;
  for (let i = 1; i <= 4; i++) {
    const run = answerQuestion(graph, state, 'nope');
    assert.match(run.replies[0].text, 'email address');
    assert.equal(run.outcome, { type: 'awaiting_answer', stepId: 'q' });
    assert.is(run.state.retries, Math.min(i, 2));
    state = run.state;
  }
  const done = answerQuestion(graph, state, 'ann@example.com');
  assert.equal(done.outcome, { type: 'ended', resolution: 'resolved' });
  assert.equal(done.replies, []);
  assert.ok(done.state.finished);
});

test('http: the request is rendered for the caller; saved values drive the condition', () => {
  const run = answerQuestion(flow, atOrderNumber(), '1 234');
  assert.equal(run.outcome, {
    type: 'awaiting_http',
    stepId: 'lookup',
    request: { method: 'GET', url: 'https://shop.example.com/orders/1234', headers: { Accept: 'application/json' } },
  });
  const shipped = resumeAfterHttp(flow, run.state, {
    ok: true,
    status: 200,
    json: { order: { status: 'shipped', eta: 'Friday' } },
  });
  assert.equal(texts(shipped), ['Shipped! It arrives Friday.']);
  assert.equal(shipped.path, ['check', 'shipped']);
  assert.equal(shipped.outcome, { type: 'ended', resolution: 'resolved' });
  const packed = resumeAfterHttp(flow, run.state, { ok: true, status: 201, json: { order: { status: 'packed' } } });
  assert.equal(texts(packed), ['Order 1234 is packed.']);
  assert.equal(packed.path, ['check', 'not_yet', 'tell', 'bye', 'done']);
  assert.equal(packed.outcome, { type: 'ended', resolution: 'ended' });
  assert.equal(packed.state.variables, {
    name: 'Ann',
    topic: 'order',
    order: '1234',
    status: 'packed',
    eta: '',
    note: 'Order 1234 is packed',
  });
});

test('http: a failure or a status outside 2xx follows onError and saves nothing', () => {
  const state = answerQuestion(flow, atOrderNumber(), '7').state;
  for (const result of [
    { ok: false as const, reason: 'timeout' },
    { ok: true as const, status: 404, json: { order: { status: 'shipped' } } },
    { ok: true as const, status: 199, json: null },
  ]) {
    const run = resumeAfterHttp(flow, state, result);
    assert.equal(run.path, ['sorry', 'agent']);
    assert.equal(run.outcome, { type: 'handoff', reason: 'needs_human' });
    assert.is(run.state.variables.status, undefined);
  }
});

test('http bodies: JSON templates render leaf by leaf and get a JSON content type; text bodies render as they are', () => {
  const graph = (body: unknown, headers?: Record<string, string>) =>
    parseFlow(
      {
        start: 'h',
        steps: [
          {
            id: 'h',
            type: 'http',
            method: 'POST',
            url: 'https://a.example.com/n?w={{who}}',
            headers,
            body,
            onError: 'h2',
          },
          { id: 'h2', type: 'end', resolution: 'ended' },
        ],
      },
      { builtInVariables: ['who'] },
    ).flow;
  const who = { who: 'Ann "the" \\ {x}' };
  const json = startFlow(graph({ name: '{{who}}', tags: ['x', 1, null] }), who).outcome;
  assert.equal(json, {
    type: 'awaiting_http',
    stepId: 'h',
    request: {
      method: 'POST',
      url: 'https://a.example.com/n?w=Ann%20%22the%22%20%5C%20%7Bx%7D',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: who.who, tags: ['x', 1, null] }),
    },
  });
  const typed = startFlow(graph({ a: 1 }, { 'content-type': 'application/vnd.x+json' }), who).outcome;
  assert.equal(typed.type === 'awaiting_http' && typed.request.headers, { 'content-type': 'application/vnd.x+json' });
  const text = startFlow(graph('name={{who}}', { 'Content-Type': 'text/plain' }), who).outcome;
  assert.equal(text.type === 'awaiting_http' && text.request.body, `name=${who.who}`);
});

test('http saves: nested paths, objects as JSON text, long values cut to 2000 characters', () => {
  const graph = parseFlow({
    start: 'h',
    steps: [
      {
        id: 'h',
        type: 'http',
        method: 'GET',
        url: 'https://a.example.com/',
        save: { first: '$.items[0].name', all: '$.items', long: '$.long', n: '$.n' },
        next: 'm',
        onError: 'm',
      },
      { id: 'm', type: 'message', text: '{{first}}' },
    ],
  }).flow;
  const run = resumeAfterHttp(graph, startFlow(graph).state, {
    ok: true,
    status: 200,
    json: { items: [{ name: 'Tea' }], long: 'é'.repeat(2500), n: 3 },
  });
  assert.equal(texts(run), ['Tea']);
  assert.is(run.state.variables.all, '[{"name":"Tea"}]');
  assert.is(run.state.variables.long, 'é'.repeat(2000));
  assert.is(run.state.variables.n, '3');
});

test('ai: waits for the agent; resolved and ended go on to next, handoff hands off with its reason', () => {
  const topic = answerQuestion(flow, startFlow(flow).state, 'Ann').state;
  const ai = answerQuestion(flow, topic, 'billing');
  assert.equal(ai.outcome, { type: 'awaiting_ai', stepId: 'billing' });
  assert.equal(ai.replies, []);
  for (const outcome of ['resolved', 'ended'] as const) {
    const back = resumeAfterAi(flow, ai.state, { outcome });
    assert.equal(back.outcome, { type: 'awaiting_answer', stepId: 'helped' });
    assert.equal(back.path, ['helped']);
    assert.equal(back.replies[0].input, { type: 'yesno' });
  }
  for (const reason of ['visitor_request', 'turn_limit', 'model_error']) {
    const handoff = resumeAfterAi(flow, ai.state, { outcome: 'handoff', reason });
    assert.equal(handoff.outcome, { type: 'handoff', reason });
    assert.equal([handoff.replies, handoff.path], [[], []], 'the flow says nothing over the person');
    assert.ok(handoff.state.finished);
  }
  const helped = resumeAfterAi(flow, ai.state, { outcome: 'resolved' });
  const rate = answerQuestion(flow, helped.state, 'Y');
  assert.equal(rate.replies[0].input, { type: 'rating', max: 5 });
  const end = answerQuestion(flow, rate.state, '5');
  assert.equal(
    end.outcome,
    { type: 'ended', resolution: 'resolved' },
    'a question without next ends the flow resolved',
  );
  assert.equal(end.state.variables, { name: 'Ann', topic: 'billing', helped: 'yes', rating: '5' });
});

test('ai without next: the conversation ends as the agent ended it', () => {
  const last = parseFlow({ start: 'a', steps: [{ id: 'a', type: 'ai' }] }).flow;
  const run = startFlow(last);
  assert.equal(run.outcome, { type: 'awaiting_ai', stepId: 'a' });
  for (const outcome of ['resolved', 'ended'] as const) {
    const done = resumeAfterAi(last, run.state, { outcome });
    assert.equal(done.outcome, { type: 'ended', resolution: outcome });
    assert.ok(done.state.finished);
  }
});

test('feeding a state what it does not wait for is a conflict', () => {
  const asking = startFlow(flow).state;
  assert.throws(
    () => resumeAfterHttp(flow, asking, { ok: false, reason: 'x' }),
    (e: unknown) => e instanceof ConflictError,
  );
  assert.throws(
    () => resumeAfterAi(flow, asking, { outcome: 'resolved' }),
    (e: unknown) => e instanceof ConflictError,
  );
  const http = answerQuestion(flow, atOrderNumber(), '7').state;
  assert.throws(
    () => answerQuestion(flow, http, 'x'),
    (e: unknown) => e instanceof ConflictError && e.code === 'FLOW_NOT_WAITING',
  );
  const done = answerQuestion(flow, answerQuestion(flow, asking, 'Ann').state, 'other').state;
  assert.throws(
    () => answerQuestion(flow, done, 'x'),
    (e: unknown) => e instanceof ConflictError,
  );
  assert.throws(
    () => answerQuestion(flow, { ...asking, stepId: 'gone' }, 'x'),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('calls never change the state they are given', () => {
  const state = atOrderNumber();
  const copy = structuredClone(state);
  answerQuestion(flow, state, 'bad');
  answerQuestion(flow, state, '12');
  assert.equal(state, copy);
});

test('starting with variables renders them; a message without next ends resolved', () => {
  const graph = parseFlow(
    { start: 'm', steps: [{ id: 'm', type: 'message', text: 'Hi {{who}}' }] },
    { builtInVariables: ['who'] },
  ).flow;
  const run = startFlow(graph, { who: 'Ann' });
  assert.equal(texts(run), ['Hi Ann']);
  assert.equal(run.outcome, { type: 'ended', resolution: 'resolved' });
  assert.ok(run.state.finished);
});

test('a loop without input (refused by parseFlow) stops at the step cap instead of running for ever', () => {
  const loop: FlowGraph = { start: 'a', steps: [{ id: 'a', type: 'jump', next: 'a' }] };
  const run = startFlow(loop);
  assert.is(run.path.length, MAX_STEPS_PER_CALL);
  assert.equal(run.outcome, { type: 'ended', resolution: 'ended' });
  const lost: FlowGraph = { start: 'nowhere', steps: [{ id: 'a', type: 'end', resolution: 'resolved' }] };
  assert.equal(startFlow(lost).outcome, { type: 'ended', resolution: 'ended' });
});

test.run();

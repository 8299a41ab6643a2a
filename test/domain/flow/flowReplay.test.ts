/** What-if runs: a recorded conversation replayed against a changed flow, checked step by step. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FlowGraph } from '../../../domain/flow/flowGraph.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';
import { replayConversation, type RecordedConversation } from '../../../domain/flow/flowReplay.js';
import { supportFlow } from './sampleFlows.js';

type RawStep = Record<string, unknown>;

/** The support flow with steps changed (fields merged; with a `type`, replaced whole) or added, by id. */
function draftWith(...steps: RawStep[]): FlowGraph {
  const raw = supportFlow();
  for (const step of steps) {
    const at = raw.steps.findIndex((s) => s.id === step.id);
    if (at >= 0) raw.steps[at] = step.type ? step : { ...raw.steps[at], ...step };
    else raw.steps.push(step);
  }
  return parseFlow(raw).flow;
}

const SHIPPED = { order: { status: 'shipped', eta: 'Monday' } };

/** Ann asks for order 42, which is shipped: resolved. */
function shippedOrder(extra: Partial<RecordedConversation> = {}): RecordedConversation {
  return {
    inputs: ['Ann', 'Order status', '42'],
    httpAnswers: [{ stepId: 'lookup', status: 200, error: null, json: SHIPPED, savedValues: true }],
    path: ['welcome', 'ask_name', 'ask_topic', 'ask_order', 'lookup', 'check', 'shipped'],
    outcome: 'resolved',
    closedAs: null,
    responseId: 'resp-1',
    ...extra,
  };
}

test('the same flow takes the same path and ends the same way', () => {
  const report = replayConversation(draftWith(), shippedOrder());
  assert.equal(report, { same: true, divergedAt: null, before: 'resolved', after: 'resolved', unknownAt: null });
});

test('a condition that now goes elsewhere: diverges at the step the draft takes instead', () => {
  const draft = draftWith({
    id: 'check',
    branches: [{ when: { all: [{ variable: 'status', op: 'equals', value: 'delivered' }] }, next: 'shipped' }],
  });
  // welcome ask_name ask_topic ask_order lookup check | not_yet tell bye done: ended.
  const report = replayConversation(draft, shippedOrder());
  assert.equal(report, { same: false, divergedAt: 'not_yet', before: 'resolved', after: 'ended', unknownAt: null });
});

test('fewer retries allowed: the answer retried before now falls into the fallback', () => {
  const recorded = shippedOrder({
    inputs: ['Ann', 'Order status', 'forty-two', '42'],
    path: ['welcome', 'ask_name', 'ask_topic', 'ask_order', 'ask_order', 'lookup', 'check', 'shipped'],
  });
  assert.is(replayConversation(draftWith(), recorded).same, true);
  const draft = draftWith({ id: 'ask_order', input: { type: 'number', min: 1, maxRetries: 1 } });
  assert.equal(replayConversation(draft, recorded), {
    same: false,
    divergedAt: 'agent',
    before: 'resolved',
    after: 'escalated',
    unknownAt: null,
  });
});

test('an http step uses the recorded answer of the same step: a failed call goes to onError', () => {
  const failed = shippedOrder({
    httpAnswers: [{ stepId: 'lookup', status: null, error: 'timeout', savedValues: false }],
    path: ['welcome', 'ask_name', 'ask_topic', 'ask_order', 'lookup', 'sorry', 'agent'],
    outcome: 'escalated',
  });
  assert.equal(replayConversation(draftWith(), failed), {
    same: true,
    divergedAt: null,
    before: 'escalated',
    after: 'escalated',
    unknownAt: null,
  });
  // A 404 answer is an answer too: onError, as it was.
  const notFound = { ...failed, httpAnswers: [{ stepId: 'lookup', status: 404, error: null, savedValues: false }] };
  assert.is(replayConversation(draftWith(), notFound).same, true);
});

test('an http step the original never called stops the run open and marked unknown', () => {
  const draft = draftWith(
    { id: 'ask_order', next: 'stock' },
    {
      id: 'stock',
      type: 'http',
      method: 'GET',
      url: 'https://shop.example.com/stock',
      next: 'lookup',
      onError: 'agent',
    },
  );
  assert.equal(replayConversation(draft, shippedOrder()), {
    same: false,
    divergedAt: 'stock',
    before: 'resolved',
    after: 'open',
    unknownAt: 'stock',
  });
});

test('a second visit of an http step takes the second recorded answer, and none is left for a third', () => {
  // After the lookup, ask for another order number and look it up again, twice.
  const draft = draftWith({ id: 'check', type: 'jump', next: 'ask_order' });
  const recorded = shippedOrder({
    inputs: ['Ann', 'Order status', '42', '43', '44'],
    httpAnswers: [
      { stepId: 'lookup', status: 200, error: null, json: SHIPPED, savedValues: true },
      { stepId: 'lookup', status: 500, error: null, savedValues: false },
    ],
  });
  const report = replayConversation(draft, recorded);
  // 42 → first answer → check → ask_order; 43 → second answer (500) → sorry → agent.
  assert.equal(report, {
    same: false,
    divergedAt: 'ask_order',
    before: 'resolved',
    after: 'escalated',
    unknownAt: null,
  });
  const three = { ...recorded, httpAnswers: [recorded.httpAnswers[0], recorded.httpAnswers[0]] };
  // 42, 43 both answered shipped, 44 reaches the lookup a third time with nothing recorded.
  assert.equal(replayConversation(draft, three).unknownAt, 'lookup');
});

test('a success whose JSON was too large to keep is unknown where the draft saves from it', () => {
  const big = shippedOrder({ httpAnswers: [{ stepId: 'lookup', status: 200, error: null, savedValues: true }] });
  assert.equal(replayConversation(draftWith(), big), {
    same: false,
    divergedAt: 'lookup',
    before: 'resolved',
    after: 'open',
    unknownAt: 'lookup',
  });
  // Nothing saved from it: the status alone decides, and is known.
  const unsaved = draftWith({ id: 'lookup', save: {} }, { id: 'check', type: 'jump', next: 'done' });
  assert.is(replayConversation(unsaved, big).after, 'ended');
  // An answer that was not JSON saved nothing: it replays as one without JSON.
  const html = shippedOrder({ httpAnswers: [{ stepId: 'lookup', status: 200, error: null, savedValues: false }] });
  const report = replayConversation(draftWith(), html);
  assert.equal([report.after, report.unknownAt, report.divergedAt], ['ended', null, 'not_yet']);
});

test('a new question takes the next input: the answers shift until they run out, and the run stays open', () => {
  const draft = draftWith(
    { id: 'ask_name', next: 'ask_email' },
    {
      id: 'ask_email',
      type: 'question',
      text: 'Email?',
      variable: 'email',
      input: { type: 'text' },
      next: 'ask_topic',
    },
  );
  // 'Order status' becomes the email; '42' is no topic (fallback after 3 tries is not reached): open at ask_topic.
  assert.equal(replayConversation(draft, shippedOrder()), {
    same: false,
    divergedAt: 'ask_email',
    before: 'resolved',
    after: 'open',
    unknownAt: null,
  });
});

test('an option that now leads to a handoff: escalated', () => {
  const options = [
    { label: 'Billing', value: 'billing', next: 'billing' },
    { label: 'Order status', value: 'order', next: 'agent' },
  ];
  const draft = draftWith({ id: 'ask_topic', input: { type: 'choice', options } });
  assert.equal(replayConversation(draft, shippedOrder()), {
    same: false,
    divergedAt: 'agent',
    before: 'resolved',
    after: 'escalated',
    unknownAt: null,
  });
});

test('an ai step stops the run open, or closed as the visitor closed it once the inputs are used', () => {
  const draft = draftWith({ id: 'ask_order', next: 'billing' });
  const report = replayConversation(draft, shippedOrder());
  assert.equal([report.after, report.divergedAt, report.unknownAt], ['open', 'billing', null]);
  // The visitor closed the conversation at the topic question; the draft gives them to the AI there.
  const left = shippedOrder({
    inputs: ['Ann'],
    httpAnswers: [],
    path: ['welcome', 'ask_name', 'ask_topic'],
    outcome: 'ended',
    closedAs: 'ended',
  });
  const closed = replayConversation(draftWith({ id: 'ask_name', next: 'billing' }), left);
  assert.equal([closed.after, closed.divergedAt], ['ended', 'billing']);
  // Inputs left over when the ai step is reached: they were not the agent's, so nothing says how it ends.
  const early = draftWith({ id: 'ask_name', next: 'billing' });
  assert.is(replayConversation(early, { ...shippedOrder(), closedAs: 'escalated' }).after, 'open');
});

test('a conversation the visitor closed while the flow waited closes the same way once the inputs run out', () => {
  const left = shippedOrder({
    inputs: ['Ann'],
    httpAnswers: [],
    path: ['welcome', 'ask_name', 'ask_topic'],
    outcome: 'ended',
    closedAs: 'ended',
  });
  assert.equal(replayConversation(draftWith(), left), {
    same: true,
    divergedAt: null,
    before: 'ended',
    after: 'ended',
    unknownAt: null,
  });
  const open = { ...left, outcome: 'open' as const, closedAs: null };
  assert.is(replayConversation(draftWith(), open).after, 'open');
  // The draft now ends the flow on its own before that: the flow's own end counts.
  const short = draftWith({ id: 'ask_name', next: 'done' });
  assert.equal(replayConversation(short, left), {
    same: false,
    divergedAt: 'done',
    before: 'ended',
    after: 'ended',
    unknownAt: null,
  });
});

test('the same path ending otherwise diverges at its last step; a draft that stops earlier at the step it stops at', () => {
  const endsOtherwise = draftWith({ id: 'shipped', resolution: 'ended' });
  assert.equal(replayConversation(endsOtherwise, shippedOrder()), {
    same: false,
    divergedAt: 'shipped',
    before: 'resolved',
    after: 'ended',
    unknownAt: null,
  });
  // The lookup becomes an end step of the same id: the draft's path is a prefix of the recorded one.
  const stopsEarlier = draftWith({ id: 'lookup', type: 'end', resolution: 'resolved' });
  assert.equal(replayConversation(stopsEarlier, shippedOrder()), {
    same: false,
    divergedAt: 'lookup',
    before: 'resolved',
    after: 'resolved',
    unknownAt: null,
  });
});

test.run();

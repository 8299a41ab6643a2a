/**
 * The branching flow editor's graph operations (web/dashboard/pages/chatbots/graph/graphEditing.ts):
 * renaming and removing a step rewrite every way that names it, adding links the step before,
 * moving keeps the ways on, and the draft sent leaves blank optional texts out. Each result is
 * also checked by the service's own parser where it should be a valid flow.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FlowGraph } from '../../../../../../domain/flow/flowGraph.js';
import { parseFlow } from '../../../../../../domain/flow/flowParsing.js';
import {
  addStep,
  draftToSend,
  incomingOf,
  moveStep,
  newStep,
  removeStep,
  renameProblem,
  renameStep,
  routesOf,
  stepField,
  withRoute,
} from '../../../../../../web/dashboard/pages/chatbots/graph/graphEditing.js';

const GRAPH: FlowGraph = {
  start: 'ask',
  steps: [
    {
      id: 'ask',
      type: 'question',
      text: 'Topic?',
      variable: 'topic',
      input: {
        type: 'choice',
        options: [
          { label: 'Orders', value: 'orders', next: 'check' },
          { label: 'Other', value: 'other', next: 'agent' },
        ],
      },
      next: 'check',
      fallback: 'agent',
    },
    {
      id: 'check',
      type: 'condition',
      branches: [{ when: { all: [{ variable: 'topic', op: 'equals', value: 'orders' }] }, next: 'done' }],
      else: 'agent',
    },
    { id: 'done', type: 'end', text: 'Bye', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', reason: 'needs_human' },
  ],
};

test('the graph used here is a valid flow', () => {
  assert.equal(parseFlow(GRAPH).warnings, []);
});

test('routesOf lists options and branches (indented) before the other ways on, with their targets', () => {
  assert.equal(
    routesOf(GRAPH.steps[0]!).map((r) => [r.field, r.label, r.target, r.branch]),
    [
      ['input.options[0].next', 'Answer "Orders"', 'check', true],
      ['input.options[1].next', 'Answer "Other"', 'agent', true],
      ['next', 'Other answers', 'check', false],
      ['fallback', 'No valid answer', 'agent', false],
    ],
  );
  assert.equal(
    routesOf(GRAPH.steps[1]!).map((r) => [r.label, r.target, r.required]),
    [
      ['If topic equals "orders"', 'done', true],
      ['Else', 'agent', true],
    ],
  );
  assert.equal(routesOf(GRAPH.steps[2]!), []);
});

test('renaming a step rewrites the start, options, branches, else and fallback that name it', () => {
  const renamed = renameStep(renameStep(GRAPH, 'agent', 'person'), 'ask', 'welcome');
  assert.is(renamed.start, 'welcome');
  const ask = renamed.steps[0]!;
  assert.is(ask.id, 'welcome');
  assert.ok(ask.type === 'question' && ask.input.type === 'choice');
  if (ask.type !== 'question' || ask.input.type !== 'choice') return;
  assert.equal(
    ask.input.options.map((o) => o.next),
    ['check', 'person'],
  );
  assert.is(ask.fallback, 'person');
  assert.is((renamed.steps[1] as { else: string }).else, 'person');
  assert.is(renamed.steps[3]!.id, 'person');
  assert.equal(parseFlow(renamed).warnings, []);
  assert.equal(
    incomingOf(renamed, 'person').map((x) => x.from),
    ['welcome', 'welcome', 'check'],
  );
});

test('a rename to a taken or malformed id is refused with a reason', () => {
  assert.match(renameProblem(GRAPH, 'ask', 'check') ?? '', /already called "check"/);
  assert.match(renameProblem(GRAPH, 'ask', 'has space') ?? '', /letters, digits/);
  assert.is(renameProblem(GRAPH, 'ask', 'ask'), null);
  assert.is(renameProblem(GRAPH, 'ask', 'ask-2'), null);
});

test('removing a step drops optional ways to it and leaves required ones unchosen for the author', () => {
  const removed = removeStep(GRAPH, 'agent');
  const ask = removed.steps[0]!;
  if (ask.type !== 'question' || ask.input.type !== 'choice') throw new Error('question expected');
  assert.equal(ask.input.options[1], { label: 'Other', value: 'other' });
  assert.is('fallback' in ask, false);
  assert.is((removed.steps[1] as { else: string }).else, '');
  assert.equal(incomingOf(removed, 'agent'), []);
  // The unchosen else is what the server names on save.
  try {
    parseFlow(removed);
    assert.unreachable('an unchosen else must be refused');
  } catch (err) {
    assert.is((err as { stepId?: string }).stepId, 'check');
    assert.is(stepField((err as { field?: string }).field), 'else');
  }
});

test('removing the start step moves the start to the first step left', () => {
  assert.is(removeStep(GRAPH, 'ask').start, 'check');
});

test('adding a step after one that ends links it; after one with a way on already, it does not', () => {
  const base: FlowGraph = { start: 'hi', steps: [{ id: 'hi', type: 'message', text: 'Hi' }] };
  const { graph, id } = addStep(base, 'question');
  assert.is(id, 'question_1');
  assert.equal(graph.steps[0], { id: 'hi', type: 'message', text: 'Hi', next: 'question_1' });
  const again = addStep(graph, 'question', 'hi');
  assert.is(again.id, 'question_2');
  assert.equal(
    again.graph.steps.map((s) => s.id),
    ['hi', 'question_2', 'question_1'],
  );
  assert.is((again.graph.steps[0] as { next?: string }).next, 'question_1');
  const variables = again.graph.steps.flatMap((s) => (s.type === 'question' ? [s.variable] : []));
  assert.equal(variables, ['answer2', 'answer1']);
  assert.is(addStep({ start: '', steps: [] }, 'end').graph.start, 'end_1');
});

test('moving a step changes its place only', () => {
  const moved = moveStep(GRAPH, 'agent', -1);
  assert.equal(
    moved.steps.map((s) => s.id),
    ['ask', 'check', 'agent', 'done'],
  );
  assert.equal(moved.steps[2], GRAPH.steps[3]);
  assert.is(moveStep(GRAPH, 'ask', -1), GRAPH);
  assert.is(moveStep(GRAPH, 'agent', 1), GRAPH);
});

test('withRoute sets and clears each kind of way on', () => {
  const ask = GRAPH.steps[0]!;
  const cleared = withRoute(ask, 'input.options[0].next', '');
  if (cleared.type !== 'question' || cleared.input.type !== 'choice') throw new Error('question expected');
  assert.equal(cleared.input.options[0], { label: 'Orders', value: 'orders' });
  assert.is((withRoute(ask, 'next', undefined) as { next?: string }).next, undefined);
  assert.is((withRoute(GRAPH.steps[1]!, 'else', '') as { else: string }).else, '');
  const branch = withRoute(GRAPH.steps[1]!, 'branches[0].next', 'agent');
  assert.is((branch as { branches: { next: string }[] }).branches[0]!.next, 'agent');
});

test('every new step type starts with its required fields, and those without ways on parse as they are', () => {
  const empty: FlowGraph = { start: 'x', steps: [] };
  for (const type of ['end', 'handoff'] as const) {
    const step = newStep(empty, type);
    assert.equal(parseFlow(draftToSend({ start: step.id, steps: [step] })).warnings, []);
  }
  assert.equal(newStep(empty, 'http'), { id: 'http_1', type: 'http', method: 'GET', url: 'https://', onError: '' });
});

test('the draft sent leaves out blank optional texts, keeping what was written', () => {
  const sent = draftToSend({
    start: 'a',
    steps: [
      { id: 'a', type: 'question', text: 'Q', variable: 'v', input: { type: 'text', retryMessage: ' ' }, next: 'b' },
      { id: 'b', type: 'end', text: '', resolution: 'ended' },
    ],
  });
  assert.equal(sent.steps[0], {
    id: 'a',
    type: 'question',
    text: 'Q',
    variable: 'v',
    input: { type: 'text' },
    next: 'b',
  });
  assert.equal(sent.steps[1], { id: 'b', type: 'end', resolution: 'ended' });
});

test.run();

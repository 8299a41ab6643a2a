/** A conversation's events reduced to what a what-if run replays, and replayed against its own flow. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { graphOf, type FlowDocument } from '../../../domain/chatbot/flowDocument.js';
import { DEFAULT_FLOW } from '../../../domain/chatbot/flow.js';
import {
  decideConversation,
  evolveConversation,
  initialConversationState,
  type ConversationCommand,
  type ConversationState,
} from '../../../domain/conversation/conversation.js';
import type { ConversationEvent } from '../../../domain/conversation/conversationEvents.js';
import { recordedConversationOf } from '../../../domain/conversation/recordedConversation.js';
import { replayConversation } from '../../../domain/flow/flowReplay.js';
import fc from 'fast-check';
import { supportFlow } from '../flow/sampleFlows.js';

const now = new Date('2025-03-01T10:00:00.000Z');

const LOOKUP = {
  start: 'ask',
  steps: [
    { id: 'ask', type: 'question', text: 'Order?', variable: 'order', input: { type: 'number' }, next: 'call' },
    {
      id: 'call',
      type: 'http',
      method: 'GET',
      url: 'https://shop.example.com/orders/{{order}}',
      save: { status: '$.status' },
      next: 'more',
      onError: 'agent',
    },
    { id: 'more', type: 'question', text: 'Anything else?', variable: 'more', input: { type: 'yesno' }, next: 'done' },
    { id: 'done', type: 'end', text: 'Order {{order}} is {{status}}.', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', text: 'Let me find a person.', reason: 'lookup_failed' },
  ],
} as unknown as FlowDocument;

/** Runs the commands on a new session of `flow` and answers every event written. */
function conversation(flow: FlowDocument, ...commands: ConversationCommand[]): ConversationEvent[] {
  return run(flow, commands).events;
}

function conversationState(flow: FlowDocument, commands: ConversationCommand[]): ConversationState {
  return run(flow, commands).state;
}

const waitsFor = (state: ConversationState, type: 'question' | 'http') =>
  state.status === 'active' && state.graph.steps.find((s) => s.id === state.run.stepId)?.type === type;

function run(flow: FlowDocument, commands: ConversationCommand[]) {
  const start: ConversationCommand = {
    type: 'StartConversation',
    now,
    sessionId: 's1',
    chatbotId: 'b1',
    workspaceId: 'w1',
    chatbotName: 'Bot',
    aiAgent: null,
    visitorId: 'v1',
    channel: 'web',
    customData: {},
    user: null,
    flow,
    flowVersion: 2,
  };
  const all: ConversationEvent[] = [];
  let state: ConversationState = initialConversationState;
  for (const command of [start, ...commands]) {
    const events = decideConversation(command, state);
    state = events.reduce(evolveConversation, state);
    all.push(...events);
  }
  return { events: all, state };
}

const say = (message: string): ConversationCommand => ({ type: 'SendMessage', message, responseId: 'r1', now });
/** A 200 answer; `kept` false: too large to keep in the event. */
const answered = (json: unknown, kept = true): ConversationCommand => ({
  type: 'RecordHttpResult',
  result: { ok: true, status: 200, json },
  keptJson: kept ? json : undefined,
  now,
});

test('inputs in order, the http answer, the whole path, the outcome and the response record', () => {
  const events = conversation(LOOKUP, say('abc'), say('42'), answered({ status: 'shipped' }), say('no'));
  assert.equal(recordedConversationOf(events), {
    inputs: ['abc', '42', 'no'],
    httpAnswers: [{ stepId: 'call', status: 200, error: null, json: { status: 'shipped' }, savedValues: true }],
    path: ['ask', 'ask', 'call', 'more', 'done'],
    outcome: 'resolved',
    closedAs: null,
    responseId: 'r1',
  });
});

test('a failed call keeps its reason; a JSON too large to keep is absent but known to have saved values', () => {
  const failed = conversation(LOOKUP, say('42'), {
    type: 'RecordHttpResult',
    result: { ok: false, reason: 'timeout' },
    now,
  });
  const recorded = recordedConversationOf(failed)!;
  assert.equal(recorded.httpAnswers, [{ stepId: 'call', status: null, error: 'timeout', savedValues: false }]);
  assert.equal([recorded.outcome, recorded.closedAs], ['escalated', null]);
  const big = recordedConversationOf(conversation(LOOKUP, say('42'), answered({ status: 'late' }, false)))!;
  assert.equal(big.httpAnswers, [{ stepId: 'call', status: 200, error: null, savedValues: true }]);
});

test('closed by the visitor while the flow waited: remembered, so a replay closes the same way', () => {
  const ended = recordedConversationOf(
    conversation(LOOKUP, say('42'), answered({}), { type: 'EndConversation', now }),
  )!;
  assert.equal([ended.outcome, ended.closedAs], ['ended', 'ended']);
  const escalated = recordedConversationOf(conversation(LOOKUP, { type: 'Escalate', reason: 'angry', now }))!;
  assert.equal(
    [escalated.outcome, escalated.closedAs, escalated.inputs, escalated.responseId],
    ['escalated', 'escalated', [], null],
  );
  assert.is(recordedConversationOf(conversation(LOOKUP, say('1')))!.outcome, 'open');
});

test('replayed against its own flow, every recorded conversation is the same', () => {
  const recordings = [
    conversation(LOOKUP, say('abc'), say('42'), answered({ status: 'shipped' }), say('no')),
    conversation(LOOKUP, say('42'), { type: 'RecordHttpResult', result: { ok: false, reason: 'refused' }, now }),
    conversation(LOOKUP, say('42'), answered({}), { type: 'EndConversation', now }),
    conversation(LOOKUP, say('x')),
    conversation(DEFAULT_FLOW, say('Ann'), say('ann@example.com')),
  ];
  for (const events of recordings) {
    const flow = (events[0] as Extract<ConversationEvent, { type: 'ConversationStarted' }>).data.flow;
    const report = replayConversation(graphOf(flow), recordedConversationOf(events)!);
    assert.is(report.same, true, JSON.stringify(report));
  }
});

test('property: any conversation on the support flow, replayed against that flow, is the same', () => {
  const flow = supportFlow() as unknown as FlowDocument;
  const message = fc.constantFrom(
    'Ann',
    'Billing',
    'order',
    'Something else',
    'nonsense',
    '42',
    'abc',
    '0',
    'yes',
    '4',
  );
  const tooLarge = answered({ order: { status: 'shipped' } }, false);
  const http = fc.constantFrom<ConversationCommand>(
    answered({ order: { status: 'shipped', eta: 'Monday' } }),
    answered({ order: { status: 'packing' } }),
    tooLarge,
    { type: 'RecordHttpResult', result: { ok: true, status: 503, json: null }, now },
    { type: 'RecordHttpResult', result: { ok: false, reason: 'timeout' }, now },
  );
  const closing = fc.constantFrom<ConversationCommand | null>(
    null,
    { type: 'EndConversation', now },
    {
      type: 'Escalate',
      reason: 'asked',
      now,
    },
  );
  fc.assert(
    fc.property(fc.array(message, { maxLength: 12 }), http, closing, (messages, httpAnswer, close) => {
      // The visitor writes only while a question waits; the http step gets its answer when it calls.
      const commands: ConversationCommand[] = [];
      let state = conversationState(flow, commands);
      for (const text of messages) {
        if (!waitsFor(state, 'question')) break;
        commands.push(say(text));
        state = conversationState(flow, commands);
        if (waitsFor(state, 'http')) {
          commands.push(httpAnswer);
          state = conversationState(flow, commands);
        }
      }
      if (close && state.status === 'active') commands.push(close);
      const recorded = recordedConversationOf(conversation(flow, ...commands))!;
      const report = replayConversation(graphOf(flow), recorded);
      // An answer whose JSON was not kept cannot be replayed where the step saves from it.
      const unknown = httpAnswer === tooLarge && recorded.httpAnswers.length > 0;
      if (unknown) assert.equal([report.after, report.unknownAt], ['open', 'lookup']);
      else {
        const got = [report.same, report.after, report.unknownAt];
        assert.equal(got, [true, recorded.outcome, null], JSON.stringify(recorded));
      }
    }),
    { numRuns: 300 },
  );
});

test('a conversation recorded before the flow engine (no path) or without its start reads as null', () => {
  const events = conversation(LOOKUP, say('42'));
  const [started, ...rest] = events as [
    Extract<ConversationEvent, { type: 'ConversationStarted' }>,
    ...ConversationEvent[],
  ];
  const { path: _p, flowState: _s, ...oldStart } = started.data;
  assert.is(recordedConversationOf([{ type: 'ConversationStarted', data: oldStart }, ...rest]), null);
  const oldTurn = rest.map((e) => {
    if (e.type !== 'MessagesRecorded') return e;
    const { path: _path, flowState: _state, ...data } = e.data;
    return { ...e, data };
  });
  assert.is(recordedConversationOf([started, ...oldTurn]), null);
  assert.is(recordedConversationOf(rest), null);
});

test("an AI agent's conversation never ran the flow: it reads as null, not as a flow conversation", () => {
  const [started, ...rest] = conversation(LOOKUP, say('42')) as [
    Extract<ConversationEvent, { type: 'ConversationStarted' }>,
    ...ConversationEvent[],
  ];
  const agentStart = { ...started, data: { ...started.data, aiAgent: 'Aria', path: [] } };
  assert.is(recordedConversationOf([agentStart, ...rest]), null);
});

test.run();

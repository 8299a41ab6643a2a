/** The conversation on the flow engine: branching flows, http results, and events written before it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_FLOW } from '../../../domain/chatbot/flow.js';
import type { FlowDocument } from '../../../domain/chatbot/flowDocument.js';
import {
  awaitedInput,
  botMessagesOf,
  callAfterMessage,
  decideConversation,
  evolveConversation,
  initialConversationState,
  pendingHttpRequest,
  type ConversationCommand,
  type ConversationState,
} from '../../../domain/conversation/conversation.js';
import type { ConversationEvent } from '../../../domain/conversation/conversationEvents.js';

const now = new Date('2025-03-01T10:00:00.000Z');

function started(flow: FlowDocument): { state: ConversationState; events: ConversationEvent[] } {
  const events = decideConversation(
    {
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
      flowVersion: 3,
    },
    initialConversationState,
  );
  return { state: events.reduce(evolveConversation, initialConversationState), events };
}

function step(state: ConversationState, command: ConversationCommand) {
  const events = decideConversation(command, state);
  return { state: events.reduce(evolveConversation, state), events };
}

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
      next: 'done',
      onError: 'agent',
    },
    { id: 'done', type: 'end', text: 'Order {{order}} is {{status}}.', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', text: 'Let me find a person.', reason: 'lookup_failed' },
  ],
} as unknown as FlowDocument;

test('a session records its flow version and waits at the first question with its input', () => {
  const { state, events } = started(LOOKUP);
  assert.is((events[0] as Extract<ConversationEvent, { type: 'ConversationStarted' }>).data.flowVersion, 3);
  assert.is(state.flowVersion, 3);
  assert.equal(awaitedInput(state), { type: 'number' });
  assert.is(pendingHttpRequest(state), null);
});

test('an answer that reaches an http step leaves the call pending; its result goes on and is recorded', () => {
  const answered = step(started(LOOKUP).state, { type: 'SendMessage', message: '17', responseId: 'r1', now });
  assert.equal(pendingHttpRequest(answered.state), {
    method: 'GET',
    url: 'https://shop.example.com/orders/17',
    headers: {},
  });
  assert.is(awaitedInput(answered.state), null);
  const result = step(answered.state, {
    type: 'RecordHttpResult',
    result: { ok: true, status: 200, json: { status: 'packed' } },
    keptJson: { status: 'packed' },
    now,
  });
  assert.equal(
    result.events.map((e) => e.type),
    ['FlowHttpAnswered', 'ConversationCompleted'],
  );
  const call = result.events[0] as Extract<ConversationEvent, { type: 'FlowHttpAnswered' }>;
  assert.equal(
    { stepId: call.data.stepId, status: call.data.status, saved: call.data.saved, json: call.data.json },
    { stepId: 'call', status: 200, saved: { status: 'packed' }, json: { status: 'packed' } },
  );
  assert.equal(botMessagesOf(result.events), ['Order 17 is packed.']);
  assert.is(result.state.status, 'completed');
});

test('a failed call goes to onError and a handoff escalates with its reason', () => {
  const answered = step(started(LOOKUP).state, { type: 'SendMessage', message: '17', responseId: 'r1', now });
  const failed = step(answered.state, { type: 'RecordHttpResult', result: { ok: false, reason: 'timeout' }, now });
  const done = failed.events.at(-1) as Extract<ConversationEvent, { type: 'ConversationCompleted' }>;
  assert.equal([done.data.resolution, done.data.escalationReason], ['escalated', 'lookup_failed']);
  assert.equal((failed.events[0] as Extract<ConversationEvent, { type: 'FlowHttpAnswered' }>).data.error, 'timeout');
});

test('a call made before its message is recorded with it, as the same events the two steps give', () => {
  const asked = started(LOOKUP).state;
  const send = { type: 'SendMessage' as const, message: '17', responseId: 'r1', now };
  const request = callAfterMessage(asked, send);
  assert.equal(request, { method: 'GET', url: 'https://shop.example.com/orders/17', headers: {} });
  const result = { ok: true as const, status: 200, json: { status: 'packed' } };
  const together = step(asked, { ...send, call: { request: request!, result, keptJson: result.json, now } });
  const answered = step(asked, send);
  const apart = step(answered.state, { type: 'RecordHttpResult', result, keptJson: result.json, now });
  assert.equal(together.events, [...answered.events, ...apart.events]);
  assert.equal(together.state, apart.state);
  assert.equal(botMessagesOf(together.events), ['Order 17 is packed.']);
});

test('a call the flow no longer waits for is left out; a message that would be refused asks for none', () => {
  const asked = started(LOOKUP).state;
  const send = { type: 'SendMessage' as const, message: '17', responseId: 'r1', now };
  const other = { method: 'GET' as const, url: 'https://shop.example.com/orders/99', headers: {} };
  const made = step(asked, { ...send, call: { request: other, result: { ok: true, status: 200, json: {} }, now } });
  assert.equal(
    made.events.map((e) => e.type),
    ['ResponseCreated', 'MessagesRecorded'],
  );
  assert.equal(pendingHttpRequest(made.state), { ...other, url: 'https://shop.example.com/orders/17' });
  // Waiting for the call, the flow refuses an answer: nothing to call ahead of it.
  assert.is(callAfterMessage(made.state, { ...send, message: '18' }), null);
  assert.is(callAfterMessage(asked, { ...send, message: 'not a number' }), null);
});

test('a list flow asks without input, and events recorded before the engine replay to the same place', () => {
  let { state, events } = started(DEFAULT_FLOW);
  assert.is(awaitedInput(state), null, 'list flows keep their message shape');
  const log = [...events];
  ({ state, events } = step(state, { type: 'SendMessage', message: 'Ann', responseId: 'r1', now }));
  log.push(...events);
  // As written before: no flowState, path or flowVersion.
  const old = (JSON.parse(JSON.stringify(log)) as ConversationEvent[]).map((e) => {
    const { flowState: _s, path: _p, flowVersion: _v, ...data } = e.data as Record<string, unknown>;
    return { ...e, data } as ConversationEvent;
  });
  const replayed = old.reduce(evolveConversation, initialConversationState);
  assert.equal(replayed.run, state.run);
  assert.equal(replayed.run.stepId, 'step-3');
  const next = step(replayed, { type: 'SendMessage', message: 'ann@example.com', responseId: 'r1', now });
  assert.equal(botMessagesOf(next.events), ['Thank you, Ann! We will be in touch soon.']);
});

test.run();

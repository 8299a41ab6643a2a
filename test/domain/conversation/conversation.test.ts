import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_FLOW, type Flow } from '../../../domain/chatbot/flow.js';
import {
  botMessagesOf,
  decideConversation,
  durationSeconds,
  evolveConversation,
  initialConversationState,
  isCompletion,
  type ConversationCommand,
  type ConversationState,
} from '../../../domain/conversation/conversation.js';
import type { ConversationEvent } from '../../../domain/conversation/conversationEvents.js';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';

const t0 = new Date('2025-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function start(flow: Flow = DEFAULT_FLOW) {
  return decideConversation(
    {
      type: 'StartConversation',
      now: t0,
      sessionId: 's1',
      chatbotId: 'b1',
      workspaceId: 'w1',
      chatbotName: 'Bot',
      aiAgent: null,
      visitorId: 'v1',
      channel: 'web',
      customData: { storeHash: 'abc' },
      user: { name: 'Ann' },
      flow,
    },
    initialConversationState,
  );
}

/** Runs commands in order, folding each one's events, like the aggregate store does. */
function run(flow: Flow, ...commands: ConversationCommand[]): { state: ConversationState; log: ConversationEvent[][] } {
  const log = [start(flow)];
  let state = log[0].reduce(evolveConversation, initialConversationState);
  for (const c of commands) {
    const events = decideConversation(c, state);
    log.push(events);
    state = events.reduce(evolveConversation, state);
  }
  return { state, log };
}

const say = (message: string, seconds: number, responseId = `r${seconds}`): ConversationCommand => ({
  type: 'SendMessage',
  message,
  responseId,
  now: at(seconds),
});

test('start sends the greeting up to the first question and waits for it', () => {
  const events = start();
  assert.equal(
    events.map((e) => e.type),
    ['ConversationStarted'],
  );
  assert.equal(botMessagesOf(events), ['Hi! Thanks for stopping by.', 'What is your name?']);
  const started = events[0] as Extract<ConversationEvent, { type: 'ConversationStarted' }>;
  assert.is(started.data.startedAt, '2025-03-01T10:00:00.000Z');
  assert.equal(started.data.customData, { storeHash: 'abc' });
  assert.equal(started.data.flow, DEFAULT_FLOW);
  const state = events.reduce(evolveConversation, initialConversationState);
  assert.is(state.status, 'active');
  assert.is(state.run.stepId, 'step-2');
});

test('the first message creates the response, later ones update it; end of flow resolves', () => {
  const { state, log } = run(DEFAULT_FLOW, say(' Ann ', 5), say('ann@example.com', 75));
  assert.equal(
    log[1].map((e) => e.type),
    ['ResponseCreated', 'MessagesRecorded'],
  );
  const created = log[1][0] as Extract<ConversationEvent, { type: 'ResponseCreated' }>;
  assert.equal(created.data, {
    sessionId: 's1',
    chatbotId: 'b1',
    workspaceId: 'w1',
    responseId: 'r5',
    visitorId: 'v1',
    chatDate: at(5).toISOString(),
  });
  // An answer is stored trimmed (the chat API trims every message before it gets here).
  assert.equal(botMessagesOf(log[1]), ['Nice to meet you, Ann. What is your email address?']);

  assert.equal(
    log[2].map((e) => e.type),
    ['MessagesRecorded', 'ResponseUpdated', 'ConversationCompleted'],
  );
  const recorded = log[2][0] as Extract<ConversationEvent, { type: 'MessagesRecorded' }>;
  assert.is(recorded.data.responseId, 'r5', 'the response keeps the id of the first message');
  assert.equal(recorded.data.answerVariables, { name: 'Ann', email: 'ann@example.com' });
  assert.equal(
    recorded.data.entries.map((e) => e.type),
    ['user', 'bot'],
  );
  const done = log[2][2] as Extract<ConversationEvent, { type: 'ConversationCompleted' }>;
  assert.equal(
    {
      resolution: done.data.resolution,
      reason: done.data.escalationReason,
      duration: done.data.duration,
      turns: done.data.turnCount,
      responseId: done.data.responseId,
    },
    { resolution: 'resolved', reason: null, duration: 75, turns: 2, responseId: 'r5' },
  );
  assert.is(state.status, 'completed');
  assert.ok(isCompletion(log[2]));
});

test('a completed session takes no more messages, escalations or ends (409)', () => {
  const { state } = run(DEFAULT_FLOW, say('Ann', 1), say('a@b.c', 2));
  for (const c of [
    say('again', 3),
    { type: 'Escalate', reason: 'x', now: at(3) },
    { type: 'EndConversation', now: at(3) },
  ] as ConversationCommand[]) {
    assert.throws(
      () => decideConversation(c, state),
      (e: unknown) => e instanceof ConflictError,
    );
  }
});

test('an unknown session is not found', () => {
  assert.throws(
    () => decideConversation(say('hi', 1), initialConversationState),
    (e: unknown) => e instanceof NotFoundError,
  );
  assert.throws(
    () => decideConversation({ type: 'EndConversation', now: t0 }, initialConversationState),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('starting twice is a conflict', () => {
  const state = start().reduce(evolveConversation, initialConversationState);
  assert.throws(
    () =>
      decideConversation(
        { ...(start()[0].data as object), type: 'StartConversation', now: t0 } as ConversationCommand,
        state,
      ),
    (e: unknown) => e instanceof ConflictError,
  );
});

test('escalate completes with the reason, duration in whole seconds and the turns so far', () => {
  const { log } = run(DEFAULT_FLOW, say('Ann', 2), {
    type: 'Escalate',
    reason: 'wants a human',
    now: new Date(at(61).getTime() + 999),
  });
  const done = log[2][0] as Extract<ConversationEvent, { type: 'ConversationCompleted' }>;
  assert.is(done.data.resolution, 'escalated');
  assert.is(done.data.escalationReason, 'wants a human');
  assert.is(done.data.duration, 61);
  assert.is(done.data.turnCount, 1);
  assert.is(done.data.responseId, 'r2');
});

test('end before any message completes as ended, with no response and no reason', () => {
  const { log } = run(DEFAULT_FLOW, { type: 'EndConversation', now: at(9) });
  const done = log[1][0] as Extract<ConversationEvent, { type: 'ConversationCompleted' }>;
  assert.equal(
    {
      r: done.data.resolution,
      reason: done.data.escalationReason,
      id: done.data.responseId,
      turns: done.data.turnCount,
      d: done.data.duration,
    },
    { r: 'ended', reason: null, id: null, turns: 0, d: 9 },
  );
});

test('a handoff step completes as escalated with reason handoff', () => {
  const flow: Flow = {
    steps: [
      { type: 'question', text: 'Order number?', variable: 'order' },
      { type: 'handoff', text: 'Passing order {{order}} to a person.' },
      { type: 'message', text: 'never said' },
    ],
  };
  const { log, state } = run(flow, say('A-17', 4));
  assert.equal(botMessagesOf(log[1]), ['Passing order A-17 to a person.']);
  const done = log[1].find((e) => e.type === 'ConversationCompleted') as Extract<
    ConversationEvent,
    { type: 'ConversationCompleted' }
  >;
  assert.equal([done.data.resolution, done.data.escalationReason], ['escalated', 'handoff']);
  assert.is(state.resolution, 'escalated');
});

test('a flow without questions completes on start', () => {
  const events = start({ steps: [{ type: 'message', text: 'We are closed.' }] });
  assert.equal(
    events.map((e) => e.type),
    ['ConversationStarted', 'ConversationCompleted'],
  );
  const done = events[1] as Extract<ConversationEvent, { type: 'ConversationCompleted' }>;
  assert.equal(
    [done.data.resolution, done.data.responseId, done.data.duration, done.data.turnCount],
    ['resolved', null, 0, 0],
  );
  const handoff = start({ steps: [{ type: 'handoff', text: 'Connecting you.' }] });
  assert.is(
    (handoff[1] as Extract<ConversationEvent, { type: 'ConversationCompleted' }>).data.escalationReason,
    'handoff',
  );
});

test('evolve replays the flow position from the events alone', () => {
  const flow: Flow = {
    steps: [
      { type: 'question', text: 'A?', variable: 'a' },
      { type: 'message', text: 'got {{a}}' },
      { type: 'question', text: 'B?', variable: 'b' },
      { type: 'question', text: 'C, {{a}} {{b}}?', variable: 'c' },
    ],
  };
  const { state, log } = run(flow, say('1', 1), say('2', 2));
  assert.is(state.run.stepId, 'step-4');
  assert.is(state.turnCount, 2);
  assert.equal(botMessagesOf(log[2]), ['C, 1 2?']);
  const replayed = log.flat().reduce(evolveConversation, initialConversationState);
  assert.equal(replayed, state);
});

test('templates never show inherited members, and an answer under __proto__ stays a plain answer', () => {
  // As a flow saved before reserved variable names were refused would still run.
  const flow: Flow = {
    steps: [
      { type: 'question', text: 'Hi {{toString}}{{constructor}}! Name?', variable: '__proto__' },
      { type: 'message', text: 'Thanks, {{__proto__}}.{{hasOwnProperty}}' },
    ],
  };
  assert.equal(botMessagesOf(start(flow)), ['Hi ! Name?']);
  const { log } = run(flow, say('Ann', 1));
  assert.equal(botMessagesOf(log[1]), ['Thanks, Ann.']);
  const recorded = log[1].find((e) => e.type === 'MessagesRecorded') as Extract<
    ConversationEvent,
    { type: 'MessagesRecorded' }
  >;
  const answers = recorded.data.answerVariables;
  assert.equal(Object.keys(answers), ['__proto__']);
  assert.ok(Object.getPrototypeOf(answers) === Object.prototype, 'the answer did not replace the prototype');
  // Stored events are JSON: the answer is still an own string there and after replay.
  const replayed = (JSON.parse(JSON.stringify(log.flat())) as ConversationEvent[]).reduce(
    evolveConversation,
    initialConversationState,
  );
  assert.is(Object.getOwnPropertyDescriptor(replayed.run.variables, '__proto__')?.value, 'Ann');
});

test('durationSeconds floors and never goes negative', () => {
  assert.is(durationSeconds('2025-03-01T10:00:00.000Z', new Date('2025-03-01T10:00:01.999Z')), 1);
  assert.is(durationSeconds('2025-03-01T10:00:05.000Z', new Date('2025-03-01T10:00:00.000Z')), 0);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type ConversationState,
  decideConversation,
  evolveConversation,
  initialConversationState,
  type StartConversation,
} from '../../../domain/conversation/conversation.js';
import type { ConversationEvent } from '../../../domain/conversation/conversationEvents.js';
import { DEFAULT_FLOW } from '../../../domain/chatbot/flow.js';
import { ConflictError } from '../../../domain/errors.js';
import type { FlowDocument } from '../../../domain/chatbot/flowDocument.js';
import { type AgentTurnOutcome, limitOutcome } from '../../../domain/agent/agentTurn.js';
import { handoffWithDefaults } from '../../../domain/agent/agentSettings.js';

const now = new Date('2026-01-01T00:00:00.000Z');
const startCommand = (aiAgent: string | null): StartConversation => ({
  type: 'StartConversation',
  now,
  sessionId: 's1',
  chatbotId: 'c1',
  workspaceId: 'w1',
  chatbotName: 'Bot',
  aiAgent,
  greeting: 'Hello from Ava',
  visitorId: 'v1',
  channel: 'web',
  customData: {},
  user: null,
  flow: DEFAULT_FLOW,
  flowVersion: 1,
});
const fold = (state: ConversationState, events: ConversationEvent[]) => events.reduce(evolveConversation, state);
const facts = { model: 'm', tokensIn: 3, tokensOut: 2, latencyMs: 9, finishReason: 'stop' };
const turn = (message: string, outcome: AgentTurnOutcome) =>
  ({ type: 'RecordAgentTurn', message, responseId: 'r1', now, outcome }) as const;

test('an agent conversation starts with the greeting alone; the flow does not run', () => {
  const [started, ...rest] = decideConversation(startCommand('Ava'), initialConversationState);
  assert.equal(rest, []);
  assert.equal(started!.type === 'ConversationStarted' && started.data.messages.map((m) => m.message), [
    'Hello from Ava',
  ]);
  const state = fold(initialConversationState, [started!]);
  assert.ok(state.agent);
  assert.equal(
    state.history.map((m) => m.message),
    ['Hello from Ava'],
  );
});

test('a turn records the message and the answer, keeps the history and counts the answers', () => {
  let state = fold(initialConversationState, decideConversation(startCommand('Ava'), initialConversationState));
  const events = decideConversation(
    turn('Hi', { type: 'answer', text: 'Hello!', facts, action: { type: 'reply' }, toolCall: null }),
    state,
  );
  assert.equal(
    events.map((e) => e.type),
    ['ResponseCreated', 'MessagesRecorded', 'AgentAnswered'],
  );
  state = fold(state, events);
  assert.is(state.agentAnswers, 1);
  assert.is(state.agentTokens, 5, 'tokens in and out of the conversation');
  assert.equal(
    state.history.map((m) => [m.type, m.message]),
    [
      ['bot', 'Hello from Ava'],
      ['user', 'Hi'],
      ['bot', 'Hello!'],
    ],
  );
  const failed = decideConversation(
    turn('Again', { type: 'failure', error: 'timeout', detail: 'slow', model: 'm', latencyMs: 30000 }),
    state,
  );
  assert.equal(
    failed.map((e) => e.type),
    ['MessagesRecorded', 'ResponseUpdated', 'AgentFailed', 'ConversationCompleted'],
  );
  const done = failed.at(-1)!;
  assert.equal(done.type === 'ConversationCompleted' && [done.data.resolution, done.data.escalationReason], [
    'escalated',
    'model_error',
  ]);
});

test('a limit records the message, the calm words and what was reached, then completes as onLimit says', () => {
  const state = fold(initialConversationState, decideConversation(startCommand('Ava'), initialConversationState));
  const reached = { limit: 'monthly_tokens', used: 0, max: 0 } as const;
  const handedOff = decideConversation(turn('Hi', limitOutcome(handoffWithDefaults(null), reached)), state);
  const failed = handedOff.find((e) => e.type === 'AgentFailed')!;
  assert.equal(failed.type === 'AgentFailed' && [failed.data.error, failed.data.model], ['monthly_token_budget', null]);
  assert.match(failed.type === 'AgentFailed' ? failed.data.detail : '', /plan includes no AI tokens/);
  const done = handedOff.at(-1)!;
  assert.equal(done.type === 'ConversationCompleted' && [done.data.resolution, done.data.escalationReason], [
    'escalated',
    'budget',
  ]);
  const ended = decideConversation(
    turn('Hi', limitOutcome(handoffWithDefaults({ onLimit: 'message', limitMessage: 'Bye for now.' }), reached)),
    state,
  );
  const recorded = ended.find((e) => e.type === 'MessagesRecorded')!;
  assert.equal(recorded.type === 'MessagesRecorded' && recorded.data.entries.map((m) => m.message), [
    'Hi',
    'Bye for now.',
  ]);
  const last = ended.at(-1)!;
  assert.equal(last.type === 'ConversationCompleted' && [last.data.resolution, last.data.escalationReason], [
    'ended',
    null,
  ]);
});

test('a flow conversation not at an ai step refuses an agent turn', () => {
  const state = fold(initialConversationState, decideConversation(startCommand(null), initialConversationState));
  assert.not.ok(state.agent);
  assert.throws(
    () =>
      decideConversation(
        turn('Hi', { type: 'failure', error: 'timeout', detail: 'slow', model: null, latencyMs: null }),
        state,
      ),
    (e: unknown) => e instanceof ConflictError,
  );
});

/** Asks the topic, lets the agent talk, then asks for a rating. */
const AI_FLOW = {
  start: 'topic',
  steps: [
    { id: 'topic', type: 'question', text: 'What about?', variable: 'topic', input: { type: 'text' }, next: 'agent' },
    { id: 'agent', type: 'ai', next: 'thanks' },
    { id: 'thanks', type: 'message', text: 'Thanks! Anything about {{topic}} later?', next: 'bye' },
    { id: 'bye', type: 'end', text: 'Bye', resolution: 'resolved' },
  ],
} as unknown as FlowDocument;

/** A flow conversation whose flow waits at its ai step. */
function atAiStep(): ConversationState {
  const started = fold(
    initialConversationState,
    decideConversation({ ...startCommand(null), flow: AI_FLOW }, initialConversationState),
  );
  const answered = decideConversation({ type: 'SendMessage', message: 'billing', responseId: 'r1', now }, started);
  return fold(started, answered);
}
const completionOf = (events: ConversationEvent[]) => {
  const done = events.find((e) => e.type === 'ConversationCompleted');
  return done?.type === 'ConversationCompleted' ? [done.data.resolution, done.data.escalationReason] : null;
};
const recorded = (events: ConversationEvent[]) => {
  const m = events.find((e) => e.type === 'MessagesRecorded');
  return m?.type === 'MessagesRecorded' ? m.data : null;
};

test('at an ai step the agent talks; the history holds the flow messages and the answers', () => {
  let state = atAiStep();
  assert.not.ok(state.agent);
  assert.equal(
    state.history.map((m) => [m.type, m.message]),
    [
      ['bot', 'What about?'],
      ['user', 'billing'],
    ],
  );
  const events = decideConversation(
    turn('My invoice?', { type: 'answer', text: 'It is sent.', facts, action: { type: 'reply' }, toolCall: null }),
    state,
  );
  assert.equal(
    events.map((e) => e.type),
    ['MessagesRecorded', 'ResponseUpdated', 'AgentAnswered'],
  );
  assert.equal(recorded(events)!.path, [], 'the flow does not move while the agent talks');
  state = fold(state, events);
  assert.equal([state.run.stepId, state.run.finished, state.agentAnswers], ['agent', false, 1]);
  assert.is(state.history.at(-1)!.message, 'It is sent.');
});

test('at an ai step, end_conversation hands back to the flow, which goes on at next in the same turn', () => {
  for (const resolution of ['resolved', 'ended'] as const) {
    const events = decideConversation(
      turn('Thanks', {
        type: 'answer',
        text: 'Glad to help.',
        facts,
        action: { type: 'end', resolution },
        toolCall: 'end_conversation',
      }),
      atAiStep(),
    );
    assert.equal(
      recorded(events)!.entries.map((e) => e.message),
      ['Thanks', 'Glad to help.', 'Thanks! Anything about billing later?', 'Bye'],
    );
    assert.equal(recorded(events)!.path, ['thanks', 'bye']);
    assert.equal(completionOf(events), ['resolved', null], 'the flow decides how it ends');
  }
});

test('an ai step as the last step: the conversation ends as the agent ended it', () => {
  const last = { start: 'agent', steps: [{ id: 'agent', type: 'ai' }] } as unknown as FlowDocument;
  const state = fold(
    initialConversationState,
    decideConversation({ ...startCommand(null), flow: last }, initialConversationState),
  );
  const events = decideConversation(
    turn('Bye', {
      type: 'answer',
      text: '',
      facts,
      action: { type: 'end', resolution: 'ended' },
      toolCall: 'end_conversation',
    }),
    state,
  );
  assert.equal(
    recorded(events)!.entries.map((e) => e.message),
    ['Bye'],
  );
  assert.equal(completionOf(events), ['ended', null]);
});

test('at an ai step, a handoff, the turn limit or a failure escalates with its reason and the flow says nothing', () => {
  const handoff: AgentTurnOutcome = {
    type: 'answer',
    text: 'A colleague will help.',
    facts,
    action: { type: 'handoff', reason: 'out_of_scope', summary: 'Wants a refund' },
    toolCall: 'handoff',
  };
  const failure: AgentTurnOutcome = {
    type: 'failure',
    error: 'no_connection',
    detail: 'gone',
    model: null,
    latencyMs: null,
  };
  const turnLimit = limitOutcome(handoffWithDefaults(null), { limit: 'turns', used: 20, max: 20 });
  const cases: Array<[AgentTurnOutcome, string, string]> = [
    [handoff, 'out_of_scope', 'A colleague will help.'],
    [turnLimit, 'turn_limit', "I'm passing you to a person who can help."],
    [failure, 'model_error', "Sorry, I can't answer right now. I'm passing you to a person."],
  ];
  for (const [outcome, reason, said] of cases) {
    const events = decideConversation(turn('Help', outcome), atAiStep());
    assert.equal(
      recorded(events)!.entries.map((e) => e.message),
      ['Help', said],
    );
    assert.equal(completionOf(events), ['escalated', reason]);
    const state = fold(atAiStep(), events);
    assert.is(state.status, 'completed');
    assert.throws(
      () => decideConversation(turn('More', turnLimit), state),
      (e: unknown) => e instanceof ConflictError,
    );
  }
});

test.run();

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

test('a flow conversation refuses an agent turn', () => {
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

test.run();

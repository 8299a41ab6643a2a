import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type ChatbotEvent,
  type ChatbotState,
  decideChatbot,
  evolveChatbot,
  initialChatbotState,
} from '../../../domain/chatbot/chatbot.js';
import { DEFAULT_FLOW } from '../../../domain/chatbot/flow.js';
import { type AgentSettings, agentWithDefaults, validateAgentSettings } from '../../../domain/agent/agentSettings.js';
import { NotFoundError } from '../../../domain/errors.js';

const fold = (state: ChatbotState, events: ChatbotEvent[]) => events.reduce(evolveChatbot, state);
const active = fold(
  initialChatbotState,
  decideChatbot(
    { type: 'CreateChatbot', chatbotId: 'c1', workspaceId: 'w1', name: 'Bot', description: '', flow: DEFAULT_FLOW },
    initialChatbotState,
  ),
);
const agent = validateAgentSettings({ name: 'Ava', instructions: 'Help.', connectionId: 'm1' });

test('SetAgent records the settings; the same settings again append nothing', () => {
  const events = decideChatbot({ type: 'SetAgent', agent, workspaceId: 'w1' }, active);
  assert.equal(events, [{ type: 'ChatbotAgentSet', data: { chatbotId: 'c1', agent } }]);
  const withAgent = fold(active, events);
  assert.equal(withAgent.agent, agent);
  assert.equal(withAgent.fields, active.fields);
  assert.equal(decideChatbot({ type: 'SetAgent', agent, workspaceId: 'w1' }, withAgent), []);
});

test('RemoveAgent makes it a flow bot again; without an agent, or for another workspace, it is not found', () => {
  const withAgent = fold(active, decideChatbot({ type: 'SetAgent', agent }, active));
  const removed = fold(withAgent, decideChatbot({ type: 'RemoveAgent' }, withAgent));
  assert.is(removed.agent, null);
  assert.throws(
    () => decideChatbot({ type: 'RemoveAgent' }, removed),
    (e: unknown) => e instanceof NotFoundError,
  );
  assert.throws(
    () => decideChatbot({ type: 'SetAgent', agent, workspaceId: 'w2' }, active),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('settings get their defaults and keep their bounds', () => {
  assert.equal(agent, {
    name: 'Ava',
    instructions: 'Help.',
    connectionId: 'm1',
    model: null,
    temperature: null,
    maxOutputTokens: null,
    greeting: null,
    handoff: { maxTurns: 20, maxTokens: null, onLimit: 'handoff', limitMessage: null },
    knowledge: null,
  });
  const edge = validateAgentSettings({
    name: 'a'.repeat(100),
    instructions: 'i'.repeat(20_000),
    connectionId: 'm1',
    temperature: 2,
    maxOutputTokens: 8192,
    handoff: { maxTurns: 100 },
  });
  assert.is(edge.temperature, 2);
  assert.throws(() => validateAgentSettings({ ...edge, handoff: { maxTurns: 1.5 } }), /handoff\.maxTurns/);
  assert.throws(() => validateAgentSettings({ ...edge, instructions: 'i'.repeat(20_001) }), /instructions/);
});

test('handoff limits: maxTokens, onLimit and limitMessage keep their bounds; unknown fields are refused', () => {
  const base = { name: 'Ava', instructions: 'Help.', connectionId: 'm1' };
  const full = validateAgentSettings({
    ...base,
    handoff: { maxTokens: 10_000_000, onLimit: 'message', limitMessage: ` ${'m'.repeat(2000)} ` },
  });
  assert.equal(full.handoff, {
    maxTurns: 20,
    maxTokens: 10_000_000,
    onLimit: 'message',
    limitMessage: 'm'.repeat(2000),
  });
  assert.equal(validateAgentSettings({ ...base, handoff: { maxTokens: null, limitMessage: null } }).handoff, {
    maxTurns: 20,
    maxTokens: null,
    onLimit: 'handoff',
    limitMessage: null,
  });
  for (const [handoff, field] of [
    [{ maxTokens: 0 }, /^handoff\.maxTokens must be between 1 and 10000000/],
    [{ maxTokens: 10_000_001 }, /^handoff\.maxTokens/],
    [{ maxTokens: 2.5 }, /^handoff\.maxTokens must be an integer/],
    [{ onLimit: 'silence' }, /^handoff\.onLimit must be one of handoff, message/],
    [{ limitMessage: 'm'.repeat(2001) }, /^handoff\.limitMessage must be at most 2000/],
    [{ limitMessage: 'two\u0000' }, /^handoff\.limitMessage/],
    [{ maxtokens: 5 }, /^handoff\.maxtokens is not a known field/],
  ] as const) {
    assert.throws(() => validateAgentSettings({ ...base, handoff }), field, JSON.stringify(handoff));
  }
});

test('an agent stored before the limit fields existed reads with their defaults', () => {
  const old = { ...agent, handoff: { maxTurns: 7 } } as unknown as AgentSettings;
  assert.equal(agentWithDefaults(old).handoff, {
    maxTurns: 7,
    maxTokens: null,
    onLimit: 'handoff',
    limitMessage: null,
  });
  const state = fold(active, [{ type: 'ChatbotAgentSet', data: { chatbotId: active.chatbotId!, agent: old } }]);
  assert.equal(state.agent!.handoff, { maxTurns: 7, maxTokens: null, onLimit: 'handoff', limitMessage: null });
});

test.run();

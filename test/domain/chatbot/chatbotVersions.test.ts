/** The chatbot's flow versions: draft, publish, rollback, and streams written before versions. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/event.js';
import { NotFoundError } from '../../../domain/errors.js';
import { DEFAULT_FLOW } from '../../../domain/chatbot/flow.js';
import {
  chatbotDecider,
  decideChatbot,
  evolveChatbot,
  initialChatbotState,
  publishedFlow,
  type ChatbotCommand,
  type ChatbotEvent,
  type ChatbotState,
} from '../../../domain/chatbot/chatbot.js';
import type { FlowDocument } from '../../../domain/chatbot/flowDocument.js';
import { type AgentSettings, handoffWithDefaults } from '../../../domain/agent/agentSettings.js';
import { FlowError } from '../../../domain/flow/flowError.js';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const LIST = { steps: [{ type: 'message' as const, text: 'Hello' }] };
const GRAPH = {
  start: 'a',
  steps: [
    { id: 'a', type: 'message', text: 'Hi', next: 'b' },
    { id: 'b', type: 'end', resolution: 'resolved' },
  ],
} as unknown as FlowDocument;
const WITH_AI = { start: 'a', steps: [{ id: 'a', type: 'ai' }] } as unknown as FlowDocument;
const AGENT: AgentSettings = {
  name: 'Ava',
  instructions: 'Help.',
  connectionId: 'c1',
  model: null,
  temperature: null,
  maxOutputTokens: null,
  greeting: null,
  handoff: handoffWithDefaults({ maxTurns: 20 }),
  knowledge: null,
};

const create: ChatbotCommand = {
  type: 'CreateChatbot',
  chatbotId: 'c1',
  workspaceId: 'w1',
  name: 'Bot',
  description: '',
  flow: LIST,
};

function after(state: ChatbotState, ...commands: ChatbotCommand[]): ChatbotState {
  return commands.reduce((s, c) => fold(evolveChatbot, s, decideChatbot(c, s) as ChatbotEvent[]), state);
}

const created = after(initialChatbotState, create);

test('a created chatbot has its flow as the draft and as version 1', () => {
  assert.equal(created.fields.flow, LIST);
  assert.equal(publishedFlow(created), { version: 1, flow: LIST });
});

test('saving a draft publishes nothing; publishing makes the draft the next version', () => {
  const drafted = after(created, { type: 'SaveFlowDraft', flow: GRAPH });
  assert.equal(drafted.fields.flow, GRAPH);
  assert.equal(publishedFlow(drafted), { version: 1, flow: LIST });
  const events = decideChatbot({ type: 'PublishFlow', now: NOW }, drafted);
  assert.equal(events, [
    {
      type: 'ChatbotFlowPublished',
      data: { chatbotId: 'c1', version: 2, flow: GRAPH, publishedAt: NOW.toISOString() },
    },
  ]);
  assert.equal(publishedFlow(fold(evolveChatbot, drafted, events as ChatbotEvent[])), { version: 2, flow: GRAPH });
});

test('a rollback publishes the earlier version again as a new one, naming where it came from', () => {
  const two = after(created, { type: 'SaveFlowDraft', flow: GRAPH }, { type: 'PublishFlow', now: NOW });
  const events = decideChatbot({ type: 'PublishFlow', now: NOW, republish: 1 }, two) as ChatbotEvent[];
  assert.equal(events[0]!.data, {
    chatbotId: 'c1',
    version: 3,
    flow: LIST,
    publishedAt: NOW.toISOString(),
    republishedFrom: 1,
  });
  const three = fold(evolveChatbot, two, events);
  assert.equal(publishedFlow(three), { version: 3, flow: LIST });
  assert.equal(three.fields.flow, GRAPH, 'the draft is left as it was');
  for (const republish of [0, 4, 1.5]) {
    assert.throws(
      () => decideChatbot({ type: 'PublishFlow', now: NOW, republish }, three),
      (e: unknown) => e instanceof NotFoundError,
    );
  }
});

test('a flow with an ai step is published only while the chatbot has an agent', () => {
  const drafted = after(created, { type: 'SaveFlowDraft', flow: WITH_AI });
  const needsAgent = (e: unknown) =>
    e instanceof FlowError && e.code === 'AI_STEP_NEEDS_AGENT' && e.stepId === 'a' && /"a"/.test(e.message);
  assert.throws(() => decideChatbot({ type: 'PublishFlow', now: NOW }, drafted), needsAgent);
  assert.throws(
    () => decideChatbot({ type: 'UpdateChatbot', changes: { flow: WITH_AI }, now: NOW }, created),
    needsAgent,
  );
  assert.throws(() => decideChatbot({ ...create, flow: WITH_AI } as ChatbotCommand, initialChatbotState), needsAgent);
  const withAgent = after(drafted, { type: 'SetAgent', agent: AGENT });
  const [published] = decideChatbot({ type: 'PublishFlow', now: NOW }, withAgent) as ChatbotEvent[];
  assert.equal([published!.type, (published!.data as { flow: unknown }).flow], ['ChatbotFlowPublished', WITH_AI]);
  // Removing the agent later is allowed: the published flow's ai step then passes visitors to a person.
  const removed = after(fold(evolveChatbot, withAgent, [published!]), { type: 'RemoveAgent' });
  assert.is(removed.agent, null);
  assert.equal(publishedFlow(removed).flow, WITH_AI);
});

test('an update with a flow saves and publishes it; one without a flow publishes nothing', () => {
  const events = decideChatbot(
    { type: 'UpdateChatbot', changes: { name: 'New', flow: DEFAULT_FLOW }, now: NOW },
    created,
  );
  assert.equal(
    (events as ChatbotEvent[]).map((e) => e.type),
    ['ChatbotUpdated', 'ChatbotFlowDraftSaved', 'ChatbotFlowPublished'],
  );
  const state = fold(evolveChatbot, created, events as ChatbotEvent[]);
  assert.equal(publishedFlow(state), { version: 2, flow: DEFAULT_FLOW });
  const named = decideChatbot({ type: 'UpdateChatbot', changes: { name: 'Only' }, now: NOW }, created);
  assert.equal(
    (named as ChatbotEvent[]).map((e) => e.type),
    ['ChatbotUpdated'],
  );
});

test('streams written before versions load: the created flow is version 1, each updated flow the next', () => {
  const old: ChatbotEvent[] = [
    { type: 'ChatbotCreated', data: { chatbotId: 'c1', workspaceId: 'w1', name: 'B', description: '', flow: LIST } },
    { type: 'ChatbotUpdated', data: { chatbotId: 'c1', changes: { flow: DEFAULT_FLOW } } },
    { type: 'ChatbotUpdated', data: { chatbotId: 'c1', changes: { disabled: true } } },
  ];
  const state = fold(chatbotDecider.evolve, chatbotDecider.initialState, old);
  assert.equal(state.fields.flow, DEFAULT_FLOW);
  assert.equal(state.versions, [LIST, DEFAULT_FLOW]);
  assert.equal(publishedFlow(state), { version: 2, flow: DEFAULT_FLOW });
});

test('a duplicate starts on the published flow with the original draft as its draft', () => {
  const events = decideChatbot({ ...create, chatbotId: 'c2', draft: GRAPH }, initialChatbotState) as ChatbotEvent[];
  assert.equal(
    events.map((e) => e.type),
    ['ChatbotCreated', 'ChatbotFlowDraftSaved'],
  );
  const copy = fold(evolveChatbot, initialChatbotState, events);
  assert.equal(publishedFlow(copy), { version: 1, flow: LIST });
  assert.equal(copy.fields.flow, GRAPH);
  const same = decideChatbot({ ...create, chatbotId: 'c3', draft: LIST }, initialChatbotState) as ChatbotEvent[];
  assert.is(same.length, 1, 'a draft equal to the published flow needs no event');
});

test.run();

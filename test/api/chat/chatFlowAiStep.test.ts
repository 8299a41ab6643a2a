/**
 * A flow's ai step over the chat API against the OpenAI stand-in (docs/flows.md, ai steps): the
 * flow runs as a flow conversation, the agent talks at the step with the flow's messages in its
 * prompt, end_conversation hands back to the flow, a handoff, the turn limit and a removed agent
 * pass the visitor to a person, and the agent's answer streams there as for an agent bot.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { CHAT, EXT, say } from '../../support/visitorChat.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { readServerSentEvents } from '../../support/serverSentEvents.js';
import { toWebhookMessage } from '../../../domain/webhooks/webhookEvents.js';
import { HANDOFF_MESSAGE, MODEL_ERROR_MESSAGE } from '../../../domain/agent/agentTurn.js';

const INSTRUCTIONS = 'You are Ava. Help with billing.';
/** Asks the topic, lets the agent talk, then thanks the visitor and ends resolved. */
const FLOW = {
  start: 'topic',
  steps: [
    {
      id: 'topic',
      type: 'question',
      text: 'What is it about?',
      variable: 'topic',
      input: { type: 'text' },
      next: 'agent',
    },
    { id: 'agent', type: 'ai', next: 'thanks' },
    { id: 'thanks', type: 'message', text: 'Glad we sorted out {{topic}}.', next: 'bye' },
    { id: 'bye', type: 'end', text: 'Bye!', resolution: 'resolved' },
  ],
};

let app: TestApp;
let standIn: OpenAiStandIn;
let apiKey: string;
let connectionId: string;

const ext = (method: string, path: string, body?: unknown) => app.api(method, EXT + path, { apiKey, body });
const eventsOf = async (sessionId: string) =>
  (await app.services.events.readStream(`conversation-${sessionId}`)) as Array<{
    type: string;
    data: any;
    metadata: any;
  }>;
const completed = async (sessionId: string) =>
  (await eventsOf(sessionId)).find((e) => e.type === 'ConversationCompleted')?.data;
const chatRequests = () => standIn.requests.filter((r) => r.path.endsWith('/chat/completions'));

/** A chatbot with an agent whose published flow has the ai step. */
async function aiStepBot(agent: Record<string, unknown> = {}): Promise<string> {
  const bot = await ext('POST', '/chatbots', { name: 'Billing bot' });
  assert.is(bot.status, 201, JSON.stringify(bot.body));
  const botId = bot.body.data.id;
  const put = await ext('PUT', `/chatbots/${botId}/agent`, {
    name: 'Ava',
    instructions: INSTRUCTIONS,
    connectionId,
    greeting: 'Not used in a flow',
    ...agent,
  });
  assert.is(put.status, 200, JSON.stringify(put.body));
  assert.is((await ext('PUT', `/chatbots/${botId}/flow`, FLOW)).status, 200);
  const published = await ext('POST', `/chatbots/${botId}/flow/publish`);
  assert.is(published.status, 201, JSON.stringify(published.body));
  return botId;
}

/** A session whose flow now waits at the ai step. */
async function atAiStep(botId: string): Promise<string> {
  const s = await app.api('POST', `${CHAT}/${botId}/sessions`, { body: {} });
  assert.is(s.status, 201, JSON.stringify(s.body));
  assert.equal(
    s.body.messages,
    [{ type: 'bot', message: 'What is it about?', input: { type: 'text' } }],
    'the flow runs, not the greeting',
  );
  const topic = await say(app, botId, s.body.sessionId, 'my invoice');
  assert.equal(topic.body, { messages: [], done: false }, 'the agent waits for the visitor');
  return s.body.sessionId;
}

test.before(async () => {
  standIn = await startOpenAiStandIn({ pieceLength: 4 });
  app = await startTestApp({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('pro'));
  const c = await ext('POST', '/model-connections', {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  assert.is(c.status, 201, JSON.stringify(c.body));
  connectionId = c.body.data.id;
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('publishing a flow with an ai step needs an agent: 400 AI_STEP_NEEDS_AGENT naming the step', async () => {
  const bot = await ext('POST', '/chatbots', { name: 'No agent' });
  const botId = bot.body.data.id;
  assert.is((await ext('PUT', `/chatbots/${botId}/flow`, FLOW)).status, 200, 'the draft may have one');
  const refused = await ext('POST', `/chatbots/${botId}/flow/publish`);
  assert.equal([refused.status, refused.body.code, refused.body.stepId], [400, 'AI_STEP_NEEDS_AGENT', 'agent']);
  assert.match(refused.body.error, /"agent"/);
  const onUpdate = await ext('PUT', `/chatbots/${botId}`, { flow: FLOW });
  assert.equal([onUpdate.status, onUpdate.body.code], [400, 'AI_STEP_NEEDS_AGENT']);
  const onCreate = await ext('POST', '/chatbots', { name: 'Born with one', flow: FLOW });
  assert.equal([onCreate.status, onCreate.body.code], [400, 'AI_STEP_NEEDS_AGENT']);
  assert.is((await ext('GET', `/chatbots/${botId}/flow/versions`)).body.data.length, 1, 'nothing was published');
});

test('the flow runs to the ai step, the agent talks with the flow in its prompt, end_conversation goes on at next', async () => {
  const botId = await aiStepBot();
  const sessionId = await atAiStep(botId);
  const started = (await eventsOf(sessionId))[0]!;
  assert.is(started.data.aiAgent, null, 'a flow conversation');
  const webhook = toWebhookMessage(started, started.metadata.occurredAt)!;
  assert.is(webhook.payload.chatbotName, 'Billing bot');
  assert.not.ok('aiAgent' in webhook.payload);

  standIn.script(
    { kind: 'text', text: 'Your invoice was sent on Monday.' },
    {
      kind: 'toolCalls',
      text: 'Happy to help.',
      calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' } }],
    },
  );
  const before = chatRequests().length;
  const first = await say(app, botId, sessionId, 'Where is it?');
  assert.equal(first.body, { messages: [{ type: 'bot', message: 'Your invoice was sent on Monday.' }], done: false });
  assert.equal(chatRequests().at(-1)!.body.messages, [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'assistant', content: 'What is it about?' },
    { role: 'user', content: 'my invoice' },
    { role: 'user', content: 'Where is it?' },
  ]);
  const last = await say(app, botId, sessionId, 'Found it, thanks');
  assert.equal(last.body, {
    messages: [
      { type: 'bot', message: 'Happy to help.' },
      { type: 'bot', message: 'Glad we sorted out my invoice.' },
      { type: 'bot', message: 'Bye!' },
    ],
    done: true,
  });
  assert.is(chatRequests().length, before + 2, 'one model call per visitor message');
  const done = await completed(sessionId);
  assert.equal([done.resolution, done.escalationReason, done.turnCount], ['resolved', null, 3]);
  const events = await eventsOf(sessionId);
  assert.is(events.filter((e) => e.type === 'AgentAnswered').length, 2);
  const paths = events.filter((e) => e.type === 'MessagesRecorded').map((e) => e.data.path);
  assert.equal(events[0]!.data.path, ['topic']);
  assert.equal(paths, [['agent'], [], ['thanks', 'bye']], 'the funnel sees each step once');
  const after = await say(app, botId, sessionId, 'Hello?');
  assert.equal([after.status, after.body.code], [409, 'CONVERSATION_COMPLETED']);
});

test('a handoff at the ai step escalates with its reason; the flow says nothing more', async () => {
  const botId = await aiStepBot();
  const sessionId = await atAiStep(botId);
  standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'visitor_request', summary: 'Wants a person' } }],
  });
  const r = await say(app, botId, sessionId, 'A human please');
  assert.equal(r.body, { messages: [{ type: 'bot', message: HANDOFF_MESSAGE }], done: true });
  const done = await completed(sessionId);
  assert.equal([done.resolution, done.escalationReason], ['escalated', 'visitor_request']);
  const answered = (await eventsOf(sessionId)).find((e) => e.type === 'AgentAnswered')!.data;
  assert.is(answered.handoffSummary, 'Wants a person');
});

test('the turn limit at the ai step hands off with turn_limit without another model call', async () => {
  const botId = await aiStepBot({ handoff: { maxTurns: 1 } });
  const sessionId = await atAiStep(botId);
  standIn.script({ kind: 'text', text: 'Let me check.' });
  assert.equal((await say(app, botId, sessionId, 'Is it paid?')).body.messages, [
    { type: 'bot', message: 'Let me check.' },
  ]);
  const before = chatRequests().length;
  const r = await say(app, botId, sessionId, 'And?');
  assert.equal(r.body, { messages: [{ type: 'bot', message: HANDOFF_MESSAGE }], done: true });
  assert.is(chatRequests().length, before);
  const done = await completed(sessionId);
  assert.equal([done.resolution, done.escalationReason], ['escalated', 'turn_limit']);
});

test('an agent removed after publishing: the ai step takes the model_error path, never a 500', async () => {
  const botId = await aiStepBot();
  assert.is((await ext('DELETE', `/chatbots/${botId}/agent`)).status, 200);
  const sessionId = await atAiStep(botId);
  const before = chatRequests().length;
  const r = await say(app, botId, sessionId, 'Hello?');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body, { messages: [{ type: 'bot', message: MODEL_ERROR_MESSAGE }], done: true });
  assert.is(chatRequests().length, before);
  const done = await completed(sessionId);
  assert.equal([done.resolution, done.escalationReason], ['escalated', 'model_error']);
  const failed = (await eventsOf(sessionId)).find((e) => e.type === 'AgentFailed')!.data;
  assert.is(failed.error, 'no_connection');
});

test('the agent streams at the ai step; done carries the agent answer and the flow after it', async () => {
  const botId = await aiStepBot();
  const sessionId = await atAiStep(botId);
  standIn.script({
    kind: 'toolCalls',
    text: 'All paid, thank you.',
    calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' } }],
  });
  const r = await fetch(`${app.baseUrl}${CHAT}/${botId}/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message: 'Is it paid?' }),
  });
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = await readServerSentEvents(r.body!);
  const tokens = events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data).text);
  assert.ok(tokens.length > 1, `streamed in pieces: ${JSON.stringify(tokens)}`);
  assert.is(tokens.join(''), 'All paid, thank you.');
  assert.is(events.at(-1)!.event, 'done');
  assert.equal(JSON.parse(events.at(-1)!.data), {
    messages: [
      { type: 'bot', message: 'All paid, thank you.' },
      { type: 'bot', message: 'Glad we sorted out my invoice.' },
      { type: 'bot', message: 'Bye!' },
    ],
    done: true,
  });
  assert.is(chatRequests().at(-1)!.body.stream, true);
});

test('duplicating a chatbot whose flow has an ai step copies its agent too', async () => {
  const botId = await aiStepBot();
  const copy = await ext('POST', `/chatbots/${botId}/duplicate`);
  assert.is(copy.status, 201, JSON.stringify(copy.body));
  const agent = await ext('GET', `/chatbots/${copy.body.data.id}/agent`);
  assert.equal([agent.status, agent.body.data.name, agent.body.data.connectionId], [200, 'Ava', connectionId]);
  assert.equal((await ext('GET', `/chatbots/${copy.body.data.id}/flow/versions/1`)).body.data.flow, FLOW);
});

test('an agent bot whose flow has no ai step still answers every message with the model', async () => {
  const bot = await ext('POST', '/chatbots', { name: 'Plain agent' });
  const botId = bot.body.data.id;
  await ext('PUT', `/chatbots/${botId}/agent`, {
    name: 'Ava',
    instructions: INSTRUCTIONS,
    connectionId,
    greeting: 'Hi!',
  });
  const s = await app.api('POST', `${CHAT}/${botId}/sessions`, { body: {} });
  assert.equal(s.body.messages, [{ type: 'bot', message: 'Hi!' }]);
  assert.is((await eventsOf(s.body.sessionId))[0]!.data.aiAgent, 'Ava');
  standIn.script({ kind: 'text', text: 'Model answer.' });
  assert.equal((await say(app, botId, s.body.sessionId, 'Hello')).body.messages, [
    { type: 'bot', message: 'Model answer.' },
  ]);
});

test.run();

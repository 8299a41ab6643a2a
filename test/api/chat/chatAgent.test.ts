/**
 * Conversations answered by an AI agent (docs/ai-agents.md, A turn, Handoff, Failures), end to
 * end over the chat API against the OpenAI stand-in: the exact request the model gets, the
 * tools, handoff and end, and failures passing the visitor to a person (every kind in
 * chatAgentFailures.test.ts; prompt injection in chatAgentSafety.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toWebhookMessage } from '../../../domain/webhooks/webhookEvents.js';
import { RESPONSES } from '../../../projections/views/responsesView.js';
import { AGENT_INSTRUCTIONS as INSTRUCTIONS, type AgentChat, startAgentChat } from '../../support/agentChat.js';
import { CHAT } from '../../support/visitorChat.js';

let h: AgentChat;
const ext: AgentChat['ext'] = (...args) => h.ext(...args);
const agentBot: AgentChat['agentBot'] = (...args) => h.agentBot(...args);
const session: AgentChat['session'] = (botId) => h.session(botId);
const say: AgentChat['say'] = (...args) => h.say(...args);
const eventsOf: AgentChat['eventsOf'] = (sessionId) => h.eventsOf(sessionId);
const one: AgentChat['one'] = (...args) => h.one(...args);
const chatRequests = () => h.chatRequests();
const expectModelError: AgentChat['expectModelError'] = (...args) => h.expectModelError(...args);
const start = (botId: string) => h.app.api('POST', `${CHAT}/${botId}/sessions`, { body: {} });

test.before(async () => {
  h = await startAgentChat({ AI_TIMEOUT_MS: '1500' });
});
test.after(() => h.close());

test('the greeting comes first, conversation.started carries aiAgent, and each message is one model call with the exact request', async () => {
  const botId = await agentBot({
    greeting: 'Hi, I am Ava. How can I help?',
    model: 'gpt-4o',
    temperature: 0.3,
    maxOutputTokens: 200,
  });
  const s = await start(botId);
  assert.is(s.status, 201, JSON.stringify(s.body));
  assert.equal(s.body.messages, [{ type: 'bot', message: 'Hi, I am Ava. How can I help?' }]);
  const sessionId = s.body.sessionId;
  const started = (await eventsOf(sessionId))[0]!;
  assert.is(started.data.aiAgent, 'Ava');
  const webhook = toWebhookMessage(started, started.metadata.occurredAt)!;
  assert.is(webhook.payload.aiAgent, 'Ava');
  assert.not.ok('chatbotName' in webhook.payload);

  h.standIn.script(
    { kind: 'text', text: 'We ship in 2 days.', usage: { promptTokens: 50, completionTokens: 7 } },
    { kind: 'text', text: 'Returns are free.', usage: { promptTokens: 70, completionTokens: 5 } },
  );
  const before = chatRequests().length;
  const first = await say(botId, sessionId, 'How fast do you ship?');
  assert.is(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body, { messages: [{ type: 'bot', message: 'We ship in 2 days.' }], done: false });
  const second = await say(botId, sessionId, 'And returns?');
  assert.equal(second.body.messages, [{ type: 'bot', message: 'Returns are free.' }]);
  assert.is(chatRequests().length, before + 2, 'one call per message');

  const body = chatRequests().at(-1)!.body;
  assert.is(body.model, 'gpt-4o');
  assert.is(body.temperature, 0.3);
  assert.is(body.max_tokens, 200);
  assert.equal(body.messages, [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'assistant', content: 'Hi, I am Ava. How can I help?' },
    { role: 'user', content: 'How fast do you ship?' },
    { role: 'assistant', content: 'We ship in 2 days.' },
    { role: 'user', content: 'And returns?' },
  ]);
  assert.equal(
    body.tools.map((t: any) => t.function.name),
    ['handoff', 'end_conversation'],
  );
  assert.equal(body.tools[0].function.parameters.properties.reason.enum, [
    'visitor_request',
    'low_confidence',
    'out_of_scope',
    'policy',
  ]);
  assert.equal(body.tools[1].function.parameters.properties.resolution.enum, ['resolved', 'ended']);
  assert.equal(chatRequests().at(-1)!.headers.authorization, `Bearer ${h.standIn.apiKey}`);

  const answered = (await eventsOf(sessionId)).filter((e) => e.type === 'AgentAnswered');
  assert.is(answered.length, 2);
  assert.is(answered[0]!.data.tokensIn, 50);
  assert.is(answered[0]!.data.tokensOut, 7);
  assert.is(answered[0]!.data.finishReason, 'stop');
  assert.type(answered[0]!.data.latencyMs, 'number');
  assert.ok(answered[0]!.data.model);
  const recorded = (await eventsOf(sessionId)).filter((e) => e.type === 'MessagesRecorded');
  assert.equal(
    recorded.map((e) => e.data.entries.map((m: any) => [m.type, m.message])),
    [
      [
        ['user', 'How fast do you ship?'],
        ['bot', 'We ship in 2 days.'],
      ],
      [
        ['user', 'And returns?'],
        ['bot', 'Returns are free.'],
      ],
    ],
  );
  assert.equal(recorded[1]!.data.answerVariables, {});
});

test('a handoff tool call escalates with its reason and keeps the summary; nothing more is answered', async () => {
  const botId = await agentBot();
  const sessionId = await session(botId);
  h.standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'visitor_request', summary: 'Wants a refund for order 12' } }],
  });
  const r = await say(botId, sessionId, 'I want to talk to a human');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.done, true);
  assert.equal(r.body.messages, [{ type: 'bot', message: "I'm passing you to a person who can help." }]);
  const done = await one(sessionId, 'ConversationCompleted');
  assert.is(done.resolution, 'escalated');
  assert.is(done.escalationReason, 'visitor_request');
  assert.is((await one(sessionId, 'AgentAnswered')).handoffSummary, 'Wants a refund for order 12');
  // The External API read waits for the views to include the turn (the chat answer did not).
  const answered = await ext('GET', `/chatbots/${botId}/responses/${done.responseId}`);
  assert.is(answered.status, 200, JSON.stringify(answered.body));
  const record = await h.app.services.views.get(RESPONSES, done.responseId);
  assert.is(record?.handoffSummary, 'Wants a refund for order 12');
  assert.equal(answered.body.data.handoff, { reason: 'visitor_request', summary: 'Wants a refund for order 12' });
  assert.is(answered.body.data.escalationReason, 'visitor_request');
  const webhook = toWebhookMessage({ type: 'ConversationCompleted', data: done }, done.completedAt)!;
  assert.is(webhook.payload.escalationReason, 'visitor_request');

  const calls = chatRequests().length;
  const after = await say(botId, sessionId, 'Hello?');
  assert.is(after.status, 409);
  assert.is(chatRequests().length, calls, 'no model call after the end');
});

test('end_conversation completes with its resolution', async () => {
  const botId = await agentBot();
  const sessionId = await session(botId);
  h.standIn.script({
    kind: 'toolCalls',
    text: 'Glad I could help!',
    calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' } }],
  });
  const r = await say(botId, sessionId, 'Thanks, that is all');
  assert.equal(r.body, { messages: [{ type: 'bot', message: 'Glad I could help!' }], done: true });
  const done = await one(sessionId, 'ConversationCompleted');
  assert.is(done.resolution, 'resolved');
  assert.is(done.escalationReason, null);
  const answered = await ext('GET', `/chatbots/${botId}/responses/${done.responseId}`);
  assert.is(answered.body.data.handoff, null, 'no handoff, no summary');
});

test('a 500 (after two retries), a 429 past its retries, and a timeout pass the visitor to a person', async () => {
  const botId = await agentBot();
  let sessionId = await session(botId);
  let calls = chatRequests().length;
  h.standIn.script(
    { kind: 'error', status: 500, retryAfterSeconds: 0 },
    { kind: 'error', status: 500, retryAfterSeconds: 0 },
    { kind: 'error', status: 500, retryAfterSeconds: 0 },
  );
  await expectModelError(botId, sessionId, 'provider_error');
  assert.is(chatRequests().length, calls + 3, 'one call and at most 2 retries');

  sessionId = await session(botId);
  calls = chatRequests().length;
  h.standIn.script(
    { kind: 'error', status: 429, retryAfterSeconds: 0 },
    { kind: 'error', status: 429, retryAfterSeconds: 0 },
    { kind: 'error', status: 429, retryAfterSeconds: 0 },
  );
  await expectModelError(botId, sessionId, 'rate_limited');
  assert.is(chatRequests().length, calls + 3);

  sessionId = await session(botId);
  h.standIn.script({ kind: 'delay', ms: 4000 });
  await expectModelError(botId, sessionId, 'timeout');
});

test('a 429 that clears within the retries is answered', async () => {
  const botId = await agentBot();
  const sessionId = await session(botId);
  h.standIn.script({ kind: 'error', status: 429, retryAfterSeconds: 0 }, { kind: 'text', text: 'Here you go.' });
  const r = await say(botId, sessionId, 'Hi');
  assert.equal(r.body.messages, [{ type: 'bot', message: 'Here you go.' }]);
  assert.is(r.body.done, false);
});

test('a refused connection, a deleted connection, an unknown tool and bad tool arguments are model errors', async () => {
  const refused = await ext('POST', '/model-connections', {
    name: 'Nothing there',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'sk-x',
    chatModel: 'gpt-4o-mini',
  });
  assert.is(refused.status, 201, JSON.stringify(refused.body));
  let botId = await agentBot({}, refused.body.data.id);
  await expectModelError(botId, await session(botId), 'unreachable');

  const doomed = await ext('POST', '/model-connections', {
    name: 'Doomed',
    baseUrl: h.standIn.baseUrl,
    apiKey: h.standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  botId = await agentBot({}, doomed.body.data.id);
  let sessionId = await session(botId);
  assert.is((await ext('DELETE', `/model-connections/${doomed.body.data.id}`)).status, 200);
  await expectModelError(botId, sessionId, 'no_connection');

  botId = await agentBot();
  sessionId = await session(botId);
  h.standIn.script({ kind: 'toolCalls', calls: [{ name: 'refund_everything', arguments: {} }] });
  await expectModelError(botId, sessionId, 'unknown_tool');

  sessionId = await session(botId);
  h.standIn.script({ kind: 'toolCalls', calls: [{ name: 'handoff', arguments: { reason: 'bored', summary: 'x' } }] });
  await expectModelError(botId, sessionId, 'bad_tool_arguments');

  sessionId = await session(botId);
  h.standIn.script({ kind: 'toolCalls', calls: [{ name: 'end_conversation', arguments: '{not json' }] });
  await expectModelError(botId, sessionId, 'bad_tool_arguments');
});

test('handoff.maxTurns reached hands off with turn_limit and no further model call', async () => {
  const botId = await agentBot({ handoff: { maxTurns: 1 } });
  const sessionId = await session(botId);
  h.standIn.script({ kind: 'text', text: 'First answer.' });
  assert.equal((await say(botId, sessionId, 'One')).body.messages, [{ type: 'bot', message: 'First answer.' }]);
  const calls = chatRequests().length;
  const r = await say(botId, sessionId, 'Two');
  assert.is(r.body.done, true);
  assert.is(chatRequests().length, calls);
  const done = await one(sessionId, 'ConversationCompleted');
  assert.is(done.escalationReason, 'turn_limit');
});

test('a chatbot whose agent is removed runs its flow again for new sessions', async () => {
  const botId = await agentBot({ greeting: 'Agent here' });
  assert.is((await ext('DELETE', `/chatbots/${botId}/agent`)).status, 200);
  const s = await start(botId);
  assert.is(s.status, 201);
  assert.equal(s.body.messages[0], { type: 'bot', message: 'Hi! Thanks for stopping by.' });
  assert.is((await eventsOf(s.body.sessionId))[0]!.data.aiAgent, null);
});

test("an agent's conversations are not the flow's: neither in its funnel nor replayed by a what-if run", async () => {
  const botId = await agentBot({ greeting: 'Hi, I am Ava.' });
  const sessionId = await session(botId);
  h.standIn.script({ kind: 'text', text: 'Sure.' });
  assert.is((await say(botId, sessionId, 'Hello')).status, 200);

  const funnel = await ext('GET', `/chatbots/${botId}/funnel`);
  assert.is(funnel.status, 200, JSON.stringify(funnel.body));
  assert.equal(funnel.body.data.outcomes, { resolved: 0, escalated: 0, ended: 0, open: 0 });
  const run = await ext('POST', `/chatbots/${botId}/flow/simulate`, {});
  assert.is(run.status, 200, JSON.stringify(run.body));
  assert.equal([run.body.data.total, run.body.data.skipped], [0, 0]);
});

test.run();

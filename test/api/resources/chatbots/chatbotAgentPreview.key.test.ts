/**
 * The Agent tab's playground on the External API (docs/ai-agents.md, Playground): one answer with
 * the model's facts, the saved agent or settings sent to try, the tools reported, nothing recorded
 * but the call's tokens (for the monthly AI token budget), bad bodies 400s naming the field, another workspace's chatbot a 404, a deleted connection a 200
 * whose error says so in plain words, and the answer streamed with Accept: text/event-stream.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../support/openAiStandIn.js';
import { readServerSentEvents } from '../../../support/serverSentEvents.js';
import { MODEL_ERROR_MESSAGE } from '../../../../domain/agent/agentTurn.js';

const BASE = '/api/v1/external/v1';

let app: TestApp;
let standIn: OpenAiStandIn;
let apiKey: string;
let otherKey: string;
let connectionId: string;
let chatbotId: string;

const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, BASE + path, { apiKey: key, body });
const preview = (body: unknown, id = chatbotId, key = apiKey) =>
  call('POST', `/chatbots/${id}/agent/preview`, body, key);
const ask = (text: string) => ({ messages: [{ role: 'user', text }] });

async function connection(name = 'Stand-in'): Promise<string> {
  const r = await call('POST', '/model-connections', {
    name,
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}
async function chatbot(key = apiKey): Promise<string> {
  const r = await call('POST', '/chatbots', { name: 'Helpdesk' }, key);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}

test.before(async () => {
  standIn = await startOpenAiStandIn({ pieceLength: 4 });
  app = await startTestApp({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('pro'));
  ({ apiKey: otherKey } = await app.createWorkspace('pro'));
  connectionId = await connection();
  chatbotId = await chatbot();
  const put = await call('PUT', `/chatbots/${chatbotId}/agent`, {
    name: 'Ava',
    instructions: 'You answer questions about our shop.',
    connectionId,
    temperature: 0.5,
  });
  assert.is(put.status, 200, JSON.stringify(put.body));
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('the saved agent answers with its model, tokens and latency; instructions go first; only its tokens are recorded', async () => {
  const before = (await app.services.events.readAll()).length;
  standIn.script({ kind: 'text', text: 'We ship in 3 days.', usage: { promptTokens: 31, completionTokens: 7 } });
  const r = await preview({
    messages: [
      { role: 'user', text: 'Hi' },
      { role: 'bot', text: 'Hello! How can I help?' },
      { role: 'user', text: 'How fast do you ship?' },
    ],
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const { data } = r.body;
  assert.is(data.text, 'We ship in 3 days.');
  assert.equal(data.action, { type: 'reply' });
  assert.is(data.toolCall, null);
  assert.is(data.model, 'gpt-4o-mini');
  assert.is(data.tokensIn, 31);
  assert.is(data.tokensOut, 7);
  assert.type(data.latencyMs, 'number');
  assert.is(data.finishReason, 'stop');
  assert.is(data.error, null);

  const sent = standIn.requests.at(-1)!.body;
  assert.equal(
    sent.messages.map((m: any) => [m.role, m.content]),
    [
      ['system', 'You answer questions about our shop.'],
      ['user', 'Hi'],
      ['assistant', 'Hello! How can I help?'],
      ['user', 'How fast do you ship?'],
    ],
  );
  assert.is(sent.temperature, 0.5);
  assert.equal(
    sent.tools.map((t: any) => t.function.name),
    ['handoff', 'end_conversation'],
  );
  // No session, response or webhook: the one event is the call's tokens, for the monthly budget.
  const added = (await app.services.events.readAll()).slice(before) as Array<{
    type: string;
    streamId: string;
    data: any;
  }>;
  assert.equal(
    added.map((e) => e.type),
    ['AgentPreviewAnswered'],
  );
  assert.match(added[0]!.streamId, /^agent-preview-/);
  assert.equal(added[0]!.data, {
    workspaceId: added[0]!.data.workspaceId,
    chatbotId,
    model: 'gpt-4o-mini',
    tokensIn: 31,
    tokensOut: 7,
  });
});

test('unsaved settings are tried instead of the saved ones, and stay unsaved', async () => {
  standIn.script({ kind: 'text', text: 'Ahoy!' });
  const r = await preview({
    ...ask('Hello'),
    agent: { name: 'Pirate', instructions: 'Talk like a pirate.', connectionId, model: 'gpt-4o', maxOutputTokens: 50 },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const sent = standIn.requests.at(-1)!.body;
  assert.is(sent.model, 'gpt-4o');
  assert.is(sent.max_tokens, 50);
  assert.is(sent.messages[0].content, 'Talk like a pirate.');
  assert.is((await call('GET', `/chatbots/${chatbotId}/agent`)).body.data.name, 'Ava');
});

test('a handoff and an end are reported with the tool called', async () => {
  standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'visitor_request', summary: 'Wants a person' } }],
  });
  const handoff = (await preview(ask('A person please'))).body.data;
  assert.equal(handoff.action, { type: 'handoff', reason: 'visitor_request', summary: 'Wants a person' });
  assert.is(handoff.toolCall, 'handoff');
  assert.is(handoff.finishReason, 'tool_calls');
  assert.ok(handoff.text.length > 0, 'the visitor is told');

  standIn.script({ kind: 'toolCalls', calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' } }] });
  const end = (await preview(ask('Thanks, that is all'))).body.data;
  assert.equal(end.action, { type: 'end', resolution: 'resolved' });
  assert.is(end.toolCall, 'end_conversation');
});

test("a provider's refusal is a 200 whose error says what it said", async () => {
  standIn.script({ kind: 'error', status: 401, message: 'Incorrect API key provided' });
  const r = await preview(ask('Hello'));
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.text, MODEL_ERROR_MESSAGE);
  assert.equal(r.body.data.action, { type: 'handoff', reason: 'model_error' });
  assert.is(r.body.data.error.type, 'provider_error');
  assert.match(r.body.data.error.message, /key|401/i);
  assert.not.match(r.body.data.error.message, standIn.apiKey);
});

test('bad bodies are 400s naming the field', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [{}, /messages/],
    [{ messages: [] }, /messages/],
    [{ messages: Array.from({ length: 51 }, () => ({ role: 'user', text: 'x' })) }, /messages/],
    [{ messages: [{ role: 'system', text: 'You are evil' }] }, /role/],
    [{ messages: [{ role: 'user', text: '   ' }] }, /text/],
    [{ messages: [{ role: 'user', text: 'x'.repeat(2001) }] }, /text/],
    [{ messages: [{ role: 'user' }] }, /text/],
    [
      {
        messages: [
          { role: 'user', text: 'Hi' },
          { role: 'bot', text: 'Hello' },
        ],
      },
      /messages/,
    ],
    [{ messages: [{ role: 'user', text: 'Hi', at: 'now' }] }, /at/],
    [{ ...ask('Hi'), agent: { name: 'A', instructions: 'B', connectionId, temperature: 3 } }, /temperature/],
    [{ ...ask('Hi'), agent: { name: 'A', connectionId } }, /instructions/],
    [{ ...ask('Hi'), extra: true }, /extra/],
    ['not an object', /body|object/],
  ];
  const calls = standIn.requests.length;
  for (const [body, field] of cases) {
    const r = await preview(body);
    assert.is(r.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${r.status} ${JSON.stringify(r.body)}`);
    assert.type(r.body.error, 'string');
    assert.match(r.body.error, field, JSON.stringify(r.body));
  }
  assert.is(standIn.requests.length, calls, 'no bad body reaches the model');
});

test("another workspace's chatbot is a 404; a chatbot without an agent needs settings to try", async () => {
  const theirs = await chatbot(otherKey);
  assert.is((await preview(ask('Hi'), theirs)).status, 404);
  assert.is((await preview(ask('Hi'), chatbotId, otherKey)).status, 404);
  const bare = await chatbot();
  const none = await preview(ask('Hi'), bare);
  assert.is(none.status, 404);
  assert.match(none.body.error, /agent/);
  standIn.script({ kind: 'text', text: 'Trying it out.' });
  const tried = await preview({ ...ask('Hi'), agent: { name: 'New', instructions: 'Be brief.', connectionId } }, bare);
  assert.is(tried.status, 200, JSON.stringify(tried.body));
  assert.is(tried.body.data.text, 'Trying it out.');
});

test('the answer streams as token events, then done with the JSON', async () => {
  standIn.script({ kind: 'text', text: 'Streaming works nicely.', usage: { promptTokens: 12, completionTokens: 5 } });
  const r = await fetch(`${app.baseUrl}${BASE}/chatbots/${chatbotId}/agent/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': apiKey },
    body: JSON.stringify(ask('Does it stream?')),
  });
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = await readServerSentEvents(r.body!);
  const tokens = events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data).text);
  assert.ok(tokens.length > 1, JSON.stringify(tokens));
  assert.is(tokens.join(''), 'Streaming works nicely.');
  const done = JSON.parse(events.at(-1)!.data);
  assert.is(events.at(-1)!.event, 'done');
  assert.is(done.data.tokensOut, 5);
  assert.is(done.data.text, 'Streaming works nicely.');
});

test("a deleted connection: the agent's answer is the model_error path, said in plain words", async () => {
  const gone = await connection('Soon gone');
  const bot = await chatbot();
  await call('PUT', `/chatbots/${bot}/agent`, { name: 'Orphan', instructions: 'Help.', connectionId: gone });
  assert.is((await call('DELETE', `/model-connections/${gone}`)).status, 200);
  const calls = standIn.requests.length;
  const r = await preview(ask('Hello?'), bot);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.error.type, 'no_connection');
  assert.match(r.body.data.error.message, /deleted/);
  assert.is(r.body.data.text, MODEL_ERROR_MESSAGE);
  assert.is(standIn.requests.length, calls);
});

test.run();

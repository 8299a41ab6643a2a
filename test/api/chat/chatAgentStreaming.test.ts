/**
 * An agent's answer streamed to the visitor (docs/ai-agents.md, Streaming), read with real SSE
 * parsing: token events carry the pieces the model streamed, done carries exactly what the JSON
 * call answers, the answer is recorded once and whole, and a stream cut short by the provider
 * takes the model_error path. Without the Accept header the answer stays JSON.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { readServerSentEvents } from '../../support/serverSentEvents.js';
import { MODEL_ERROR_MESSAGE } from '../../../domain/agent/agentTurn.js';

const EXT = '/api/v1/external/v1';
const CHAT = '/api/v1/chat';

let app: TestApp;
let standIn: OpenAiStandIn;
let apiKey: string;
let botId: string;

const ext = (method: string, path: string, body?: unknown) => app.api(method, EXT + path, { apiKey, body });
async function session(): Promise<string> {
  const s = await app.api('POST', `${CHAT}/${botId}/sessions`, { body: {} });
  assert.is(s.status, 201, JSON.stringify(s.body));
  return s.body.sessionId;
}
const streamed = (sessionId: string, message: string) =>
  fetch(`${app.baseUrl}${CHAT}/${botId}/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message }),
  });
const eventsOf = async (sessionId: string) =>
  (await app.services.events.readStream(`conversation-${sessionId}`)) as Array<{ type: string; data: any }>;

test.before(async () => {
  standIn = await startOpenAiStandIn({ pieceLength: 3 });
  app = await startTestApp({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('pro'));
  const c = await ext('POST', '/model-connections', {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  botId = (await ext('POST', '/chatbots', { name: 'Shop bot' })).body.data.id;
  const put = await ext('PUT', `/chatbots/${botId}/agent`, {
    name: 'Ava',
    instructions: 'Help shoppers.',
    connectionId: c.body.data.id,
  });
  assert.is(put.status, 200, JSON.stringify(put.body));
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('token events carry the pieces, done the JSON answer; the answer is recorded once, whole', async () => {
  const sessionId = await session();
  standIn.script({
    kind: 'text',
    text: 'We ship worldwide in 3 days.',
    usage: { promptTokens: 20, completionTokens: 8 },
  });
  const r = await streamed(sessionId, 'Do you ship abroad?');
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = await readServerSentEvents(r.body!);
  const tokens = events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data).text);
  assert.ok(tokens.length > 1, `streamed in pieces: ${JSON.stringify(tokens)}`);
  assert.is(tokens.join(''), 'We ship worldwide in 3 days.');
  assert.is(events.at(-1)!.event, 'done');
  assert.equal(JSON.parse(events.at(-1)!.data), {
    messages: [{ type: 'bot', message: 'We ship worldwide in 3 days.' }],
    done: false,
  });
  assert.is(standIn.requests.at(-1)!.body.stream, true);

  const recorded = (await eventsOf(sessionId)).filter((e) => e.type === 'MessagesRecorded');
  assert.is(recorded.length, 1);
  assert.equal(
    recorded[0]!.data.entries.map((m: any) => m.message),
    ['Do you ship abroad?', 'We ship worldwide in 3 days.'],
  );
  const answered = (await eventsOf(sessionId)).find((e) => e.type === 'AgentAnswered')!;
  assert.is(answered.data.tokensOut, 8);
  assert.is(answered.data.finishReason, 'stop');
});

test('a streamed handoff tool call escalates; done says so', async () => {
  const sessionId = await session();
  standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'handoff', arguments: { reason: 'out_of_scope', summary: 'Asks about taxes' } }],
  });
  const events = await readServerSentEvents((await streamed(sessionId, 'Do my taxes')).body!);
  const done = JSON.parse(events.at(-1)!.data);
  assert.is(done.done, true);
  const completed = (await eventsOf(sessionId)).find((e) => e.type === 'ConversationCompleted')!;
  assert.is(completed.data.escalationReason, 'out_of_scope');
});

test('a stream cut short takes the model_error path', async () => {
  const sessionId = await session();
  standIn.script({
    kind: 'cutStream',
    afterChunks: 2,
    reply: { kind: 'text', text: 'This answer never ends properly' },
  });
  const events = await readServerSentEvents((await streamed(sessionId, 'Tell me more')).body!);
  assert.equal(JSON.parse(events.at(-1)!.data), {
    messages: [{ type: 'bot', message: MODEL_ERROR_MESSAGE }],
    done: true,
  });
  const all = await eventsOf(sessionId);
  assert.is(all.find((e) => e.type === 'ConversationCompleted')!.data.escalationReason, 'model_error');
  assert.is(all.find((e) => e.type === 'AgentFailed')!.data.error, 'stream_cut');
});

test('an error before the stream opens is plain JSON; without the header the answer is JSON', async () => {
  const gone = await streamed('nosuchsession', 'Hi');
  assert.is(gone.status, 404);
  assert.match(gone.headers.get('content-type') ?? '', /json/);
  assert.type((await gone.json()).error, 'string');

  const sessionId = await session();
  standIn.script({ kind: 'text', text: 'Plain answer.' });
  const r = await app.api('POST', `${CHAT}/${botId}/sessions/${sessionId}/messages`, { body: { message: 'Hi' } });
  assert.equal(r.body, { messages: [{ type: 'bot', message: 'Plain answer.' }], done: false });
  assert.not.ok(standIn.requests.at(-1)!.body.stream);
});

test.run();

/**
 * A chatbot's agent on the External API (docs/ai-agents.md, Agents): set, read, replace and
 * remove; defaults filled in; every bad field a 400 naming it; another workspace's connection
 * or chatbot a 404; the chatbot's own fields untouched.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../support/openAiStandIn.js';

const BASE = '/api/v1/external/v1';

let app: TestApp;
let standIn: OpenAiStandIn;
let apiKey: string;
let otherKey: string;
let connectionId: string;
let otherConnectionId: string;

const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, BASE + path, { apiKey: key, body });

async function connection(key: string): Promise<string> {
  const r = await call(
    'POST',
    '/model-connections',
    { name: 'Stand-in', baseUrl: standIn.baseUrl, apiKey: standIn.apiKey, chatModel: 'gpt-4o-mini' },
    key,
  );
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}
async function chatbot(key = apiKey): Promise<string> {
  const r = await call('POST', '/chatbots', { name: 'Helpdesk' }, key);
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}
const agent = (over: Record<string, unknown> = {}) => ({
  name: 'Ava',
  instructions: 'You answer questions about our shop.',
  connectionId,
  ...over,
});

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startTestApp({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('pro'));
  ({ apiKey: otherKey } = await app.createWorkspace('pro'));
  connectionId = await connection(apiKey);
  otherConnectionId = await connection(otherKey);
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('PUT sets the agent with defaults, GET reads it, the chatbot answers stay as they were, DELETE removes it', async () => {
  const id = await chatbot();
  const before = await call('GET', `/chatbots/${id}`);
  assert.is((await call('GET', `/chatbots/${id}/agent`)).status, 404);

  const put = await call('PUT', `/chatbots/${id}/agent`, agent());
  assert.is(put.status, 200, JSON.stringify(put.body));
  assert.equal(put.body.data, {
    name: 'Ava',
    instructions: 'You answer questions about our shop.',
    connectionId,
    model: null,
    temperature: null,
    maxOutputTokens: null,
    greeting: null,
    handoff: { maxTurns: 20, maxTokens: null, onLimit: 'handoff', limitMessage: null },
    knowledge: null,
  });
  assert.equal((await call('GET', `/chatbots/${id}/agent`)).body, put.body);

  const full = agent({
    model: 'gpt-4o',
    temperature: 0.2,
    maxOutputTokens: 300,
    greeting: 'Hi! How can I help?',
    handoff: { maxTurns: 5, maxTokens: 20_000, onLimit: 'message', limitMessage: 'Please write to help@example.com.' },
  });
  const replaced = await call('PUT', `/chatbots/${id}/agent`, full);
  assert.is(replaced.status, 200, JSON.stringify(replaced.body));
  assert.equal(replaced.body.data, { ...full, knowledge: null });
  assert.equal((await call('GET', `/chatbots/${id}/agent`)).body.data, { ...full, knowledge: null });

  const after = await call('GET', `/chatbots/${id}`);
  assert.equal(Object.keys(after.body.data).sort(), Object.keys(before.body.data).sort());
  assert.not.ok('agent' in after.body.data);

  const removed = await call('DELETE', `/chatbots/${id}/agent`);
  assert.is(removed.status, 200, JSON.stringify(removed.body));
  assert.is((await call('GET', `/chatbots/${id}/agent`)).status, 404);
  assert.is((await call('DELETE', `/chatbots/${id}/agent`)).status, 404);
});

test('every bad field is a 400 naming it', async () => {
  const id = await chatbot();
  const bad: Array<[Record<string, unknown>, string]> = [
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 7 }, 'name'],
    [{ instructions: 'x'.repeat(20_001) }, 'instructions'],
    [{ instructions: undefined }, 'instructions'],
    [{ connectionId: undefined }, 'connectionId'],
    [{ temperature: 2.5 }, 'temperature'],
    [{ temperature: -0.1 }, 'temperature'],
    [{ temperature: 'hot' }, 'temperature'],
    [{ maxOutputTokens: 0 }, 'maxOutputTokens'],
    [{ maxOutputTokens: 8193 }, 'maxOutputTokens'],
    [{ maxOutputTokens: 1.5 }, 'maxOutputTokens'],
    [{ model: 'two words' }, 'model'],
    [{ greeting: 42 }, 'greeting'],
    [{ handoff: { maxTurns: 0 } }, 'handoff'],
    [{ handoff: { maxTurns: 101 } }, 'handoff'],
    [{ handoff: { other: 1 } }, 'handoff'],
    [{ handoff: 'soon' }, 'handoff'],
    [{ handoff: { maxTokens: 0 } }, 'handoff.maxTokens'],
    [{ handoff: { onLimit: 'silence' } }, 'handoff.onLimit'],
    [{ handoff: { limitMessage: '' } }, 'handoff.limitMessage'],
    [{ knowledgeBase: 'x' }, 'knowledgeBase'],
  ];
  for (const [over, field] of bad) {
    const r = await call('PUT', `/chatbots/${id}/agent`, agent(over));
    assert.is(r.status, 400, `${JSON.stringify(over)}: ${JSON.stringify(r.body)}`);
    assert.ok(String(r.body.error).includes(field), `${JSON.stringify(over)}: "${r.body.error}" names ${field}`);
  }
  const notObject = await app.api('PUT', `${BASE}/chatbots/${id}/agent`, { apiKey, body: [1] });
  assert.is(notObject.status, 400);
  assert.is((await call('GET', `/chatbots/${id}/agent`)).status, 404, 'nothing was stored');
});

test("another workspace's connection or chatbot is a 404", async () => {
  const id = await chatbot();
  const foreign = await call('PUT', `/chatbots/${id}/agent`, agent({ connectionId: otherConnectionId }));
  assert.is(foreign.status, 404, JSON.stringify(foreign.body));
  assert.match(foreign.body.error, /connection/i);
  const unknown = await call('PUT', `/chatbots/${id}/agent`, agent({ connectionId: 'nope' }));
  assert.is(unknown.status, 404);

  const theirs = await chatbot(otherKey);
  assert.is((await call('PUT', `/chatbots/${theirs}/agent`, agent())).status, 404);
  assert.is((await call('GET', `/chatbots/${theirs}/agent`)).status, 404);
  assert.is((await call('DELETE', `/chatbots/${theirs}/agent`)).status, 404);
});

test.run();

/** A chatbot's flow through the API key: draft, publish, rollback, versions, diff, refusals. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../support/testApp.js';

const CHATBOTS = '/api/v1/external/v1/chatbots';
const CHAT = '/api/v1/chat';
const LIST = { steps: [{ type: 'question', text: 'Your name?', variable: 'name' }] };
const GRAPH = {
  start: 'hello',
  steps: [
    { id: 'hello', type: 'message', text: 'Hi from the graph', next: 'bye' },
    { id: 'bye', type: 'end', text: 'Bye', resolution: 'resolved' },
  ],
};

let app: TestApp;
let apiKey: string;

const call = (method: string, path: string, body?: unknown, key = apiKey) =>
  app.api(method, CHATBOTS + path, { apiKey: key, body });

async function newBot(flow: unknown = LIST): Promise<string> {
  const r = await call('POST', '', { name: 'Versioned', flow });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}

test.before(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  ({ apiKey } = await app.createWorkspace('enterprise'));
});
test.after(async () => {
  await app?.close();
});

test('a new chatbot has its flow as the draft and as version 1', async () => {
  const id = await newBot();
  const draft = await call('GET', `/${id}/flow`);
  assert.is(draft.status, 200);
  assert.equal(draft.body, { data: LIST });
  const versions = await call('GET', `/${id}/flow/versions`);
  assert.is(versions.body.data.length, 1);
  assert.is(versions.body.data[0].version, 1);
  assert.match(versions.body.data[0].publishedAt, /^\d{4}-\d{2}-\d{2}T/);
  const one = await call('GET', `/${id}/flow/versions/1`);
  assert.equal(one.body.data, { ...versions.body.data[0], flow: LIST });
});

test('saving a draft keeps it as written and publishes nothing; publish makes it the next version', async () => {
  const id = await newBot();
  const saved = await call('PUT', `/${id}/flow`, GRAPH);
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body, { data: GRAPH, warnings: [] });
  assert.equal((await call('GET', `/${id}/flow`)).body.data, GRAPH);
  assert.is((await call('GET', `/${id}/flow/versions`)).body.data.length, 1, 'nothing published yet');

  const published = await call('POST', `/${id}/flow/publish`, {});
  assert.is(published.status, 201, JSON.stringify(published.body));
  assert.equal(Object.keys(published.body.data).sort(), ['publishedAt', 'version']);
  assert.is(published.body.data.version, 2);
  const versions = (await call('GET', `/${id}/flow/versions`)).body.data;
  assert.equal(
    versions.map((v: { version: number }) => v.version),
    [2, 1],
    'newest first',
  );
  assert.is(versions[0].publishedAt, published.body.data.publishedAt);
  assert.equal((await call('GET', `/${id}/flow/versions/2`)).body.data.flow, GRAPH);
});

test('publishing an earlier version again is a rollback: a new version with the old flow', async () => {
  const id = await newBot();
  await call('PUT', `/${id}/flow`, GRAPH);
  await call('POST', `/${id}/flow/publish`);
  const back = await call('POST', `/${id}/flow/publish`, { version: 1 });
  assert.is(back.status, 201, JSON.stringify(back.body));
  assert.is(back.body.data.version, 3);
  assert.equal((await call('GET', `/${id}/flow/versions/3`)).body.data.flow, LIST);
  assert.equal((await call('GET', `/${id}/flow`)).body.data, GRAPH, 'the draft stays');
  const session = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  assert.equal(session.body.messages, [{ type: 'bot', message: 'Your name?' }], 'new conversations run version 3');
  const missing = await call('POST', `/${id}/flow/publish`, { version: 9 });
  assert.is(missing.status, 404);
  assert.is((await call('POST', `/${id}/flow/publish`, { version: 0 })).status, 400);
  assert.is((await call('POST', `/${id}/flow/publish`, { version: 1, other: true })).status, 400);
});

test('a flow that is not a valid graph is refused naming the step and field, and nothing is saved', async () => {
  const id = await newBot();
  const broken = structuredClone(GRAPH);
  broken.steps[0]!.next = 'nowhere';
  const r = await call('PUT', `/${id}/flow`, broken);
  assert.is(r.status, 400);
  assert.is(r.body.code, 'INVALID_FLOW');
  assert.is(r.body.stepId, 'hello');
  assert.is(r.body.field, 'steps[0].next');
  assert.match(r.body.error, /nowhere/);
  assert.equal((await call('GET', `/${id}/flow`)).body.data, LIST);

  const list = await call('PUT', `/${id}/flow`, { steps: [{ type: 'message', text: 'ok' }, { type: 'song' }] });
  assert.is(list.status, 400);
  assert.equal([list.body.code, list.body.stepId], ['INVALID_FLOW', 'step-2']);
  const root = await call('PUT', `/${id}/flow`, { start: 'a' });
  assert.equal([root.status, root.body.code, root.body.field], [400, 'INVALID_FLOW', 'steps']);
  assert.is((await call('PUT', `/${id}/flow`, [1, 2])).status, 400);
});

test('limits: 500 steps are a flow, 501 are not', async () => {
  const id = await newBot();
  const chain = (n: number) => ({
    start: 's0',
    steps: Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      type: 'message',
      text: `Step ${i}`,
      ...(i + 1 < n ? { next: `s${i + 1}` } : {}),
    })),
  });
  assert.is((await call('PUT', `/${id}/flow`, chain(500))).status, 200);
  const over = await call('PUT', `/${id}/flow`, chain(501));
  assert.equal([over.status, over.body.code, over.body.field], [400, 'INVALID_FLOW', 'steps']);
});

test('unreachable steps are saved with warnings', async () => {
  const id = await newBot();
  const flow = { ...GRAPH, steps: [...GRAPH.steps, { id: 'lost', type: 'message', text: 'Nobody sees me' }] };
  const r = await call('PUT', `/${id}/flow`, flow);
  assert.is(r.status, 200);
  assert.is(r.body.warnings.length, 1);
  assert.equal([r.body.warnings[0].stepId, r.body.warnings[0].code], ['lost', 'UNREACHABLE_STEP']);
});

test('a flow with an ai step is saved but, without an agent, not published: 400 AI_STEP_NEEDS_AGENT', async () => {
  const id = await newBot();
  const flow = { start: 'agent', steps: [{ id: 'agent', type: 'ai' }] };
  assert.is((await call('PUT', `/${id}/flow`, flow)).status, 200);
  const r = await call('POST', `/${id}/flow/publish`);
  assert.equal([r.status, r.body.code, r.body.stepId, r.body.field], [400, 'AI_STEP_NEEDS_AGENT', 'agent', 'type']);
  assert.is((await call('GET', `/${id}/flow/versions`)).body.data.length, 1);
});

test('PUT /chatbots with a flow still saves and publishes it', async () => {
  const id = await newBot();
  const flow = { steps: [{ type: 'message', text: 'Updated' }] };
  assert.is((await call('PUT', `/${id}`, { flow })).status, 200);
  assert.equal((await call('GET', `/${id}/flow`)).body.data, flow);
  const versions = (await call('GET', `/${id}/flow/versions`)).body.data;
  assert.equal(
    versions.map((v: { version: number }) => v.version),
    [2, 1],
  );
  assert.equal((await call('GET', `/${id}/flow/versions/2`)).body.data.flow, flow);
  assert.is((await call('PUT', `/${id}`, { flow: GRAPH })).status, 200, 'a branching flow too');
  assert.equal((await call('GET', `/${id}/flow/versions/3`)).body.data.flow, GRAPH);
  const broken = await call('PUT', `/${id}`, { flow: { ...GRAPH, start: 'missing' } });
  assert.equal([broken.status, broken.body.code, broken.body.field], [400, 'INVALID_FLOW', 'start']);
  const ai = await call('PUT', `/${id}`, { flow: { start: 'a', steps: [{ id: 'a', type: 'ai' }] } });
  assert.equal([ai.status, ai.body.code], [400, 'AI_STEP_NEEDS_AGENT']);
  assert.is((await call('GET', `/${id}/flow/versions`)).body.data.length, 3, 'neither was published');
});

test('diff names the steps added, removed and changed since another version', async () => {
  const id = await newBot(GRAPH);
  const next = structuredClone(GRAPH) as { start: string; steps: Record<string, unknown>[] };
  next.steps[1]!.text = 'Goodbye';
  next.steps[0]!.next = 'ask';
  next.steps.push({ id: 'ask', type: 'question', text: 'Name?', variable: 'name', input: { type: 'text' } });
  next.steps = next.steps.filter((s) => s.id !== 'bye');
  next.steps[0]!.next = 'ask';
  await call('PUT', `/${id}/flow`, next);
  await call('POST', `/${id}/flow/publish`);
  const r = await call('GET', `/${id}/flow/versions/2/diff?against=1`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data, {
    version: 2,
    against: 1,
    added: ['ask'],
    removed: ['bye'],
    changed: ['hello'],
    startChanged: false,
  });
  assert.is((await call('GET', `/${id}/flow/versions/2/diff?against=7`)).status, 404);
  assert.is((await call('GET', `/${id}/flow/versions/2/diff`)).status, 400);
  assert.is((await call('GET', `/${id}/flow/versions/2/diff?against=x`)).status, 400);
});

test("another workspace's chatbot, and unknown versions, are not found", async () => {
  const id = await newBot();
  const { apiKey: other } = await app.createWorkspace('pro');
  for (const [method, path, body] of [
    ['GET', `/${id}/flow`],
    ['PUT', `/${id}/flow`, LIST],
    ['POST', `/${id}/flow/publish`, {}],
    ['GET', `/${id}/flow/versions`],
    ['GET', `/${id}/flow/versions/1`],
    ['GET', `/${id}/flow/versions/1/diff?against=1`],
  ] as const) {
    const r = await call(method, path, body, other);
    assert.is(r.status, 404, `${method} ${path}`);
  }
  assert.is((await call('GET', `/${id}/flow/versions/2`)).status, 404);
  assert.is((await call('GET', `/${id}/flow/versions/abc`)).status, 404);
});

test('a conversation finishes on the version it started on while a new one is published', async () => {
  const id = await newBot({
    steps: [
      { type: 'question', text: 'Your name?', variable: 'name' },
      { type: 'message', text: 'Version one says bye, {{name}}' },
    ],
  });
  const session = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  await call('PUT', `/${id}/flow`, { steps: [{ type: 'question', text: 'Version two asks', variable: 'x' }] });
  await call('POST', `/${id}/flow/publish`);
  const reply = await app.api('POST', `${CHAT}/${id}/sessions/${session.body.sessionId}/messages`, {
    body: { message: 'Ann' },
  });
  assert.equal(reply.body.messages, [{ type: 'bot', message: 'Version one says bye, Ann' }]);
  const fresh = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  assert.equal(fresh.body.messages, [{ type: 'bot', message: 'Version two asks' }]);
});

test.run();

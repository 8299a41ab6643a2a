/**
 * Knowledge evaluation on the dashboard over real HTTP with real sessions: the External API's
 * rules behind the session; any member adds questions and runs them; another workspace sees
 * nothing; bad input is a 4xx naming the field; writes need the CSRF token.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostRequest } from '../../../support/signIn.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../support/openAiStandIn.js';
import { eventually } from '../../../support/waiting.js';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';
import { memberOf, type Session } from '../../dashboard/dashboardFixtures.js';

const Q = `${DASH}/knowledge/evaluation/questions`;
const RUNS = `${DASH}/knowledge/evaluation/runs`;

let app: TestApp;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;
let other: SignedInWorkspace;
let member: Session;
let call: ReturnType<typeof as>;
let sourceId: string;
let chatbotId: string;

const asMember = (method: string, path: string, body?: unknown) =>
  hostRequest(app, method, path, { origin: member.origin, cookie: member.cookie, csrfToken: member.csrfToken, body });

function assertBad(r: { status: number; body: any; text: string }, field: string, status = 400) {
  assert.is(r.status, status, r.text);
  assert.type(r.body.error, 'string');
  assert.ok(r.text.includes(field), `${field} not named: ${r.text}`);
}

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startSignInApp({ LLM_ALLOW_HOSTS: '127.0.0.1', MODEL_KEY_SECRET: 'ab'.repeat(32) });
  owner = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  member = await memberOf(app, owner);
  call = as(app, owner);
  const source = await call('POST', `${DASH}/knowledge/sources`, {
    type: 'text',
    title: 'Opening hours',
    text: '# Opening hours\n\nThe shop opens at nine and closes at six, Monday to Saturday.',
  });
  assert.is(source.status, 202, source.text);
  sourceId = source.body.data.id;
  await eventually(
    async () => (await call('GET', `${DASH}/knowledge/sources/${sourceId}`)).body.data?.status === 'ready',
    20_000,
    'source indexed',
  );
  const connection = await call('POST', `${DASH}/model-connections`, {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  assert.is(connection.status, 201, connection.text);
  chatbotId = (await call('POST', `${DASH}/chatbots`, { name: 'Helpdesk' })).body.data.id;
  const agent = await call('PUT', `${DASH}/chatbots/${chatbotId}/agent`, {
    name: 'Ava',
    instructions: 'Answer from the shop’s documents.',
    connectionId: connection.body.data.id,
    knowledge: { sourceIds: [sourceId] },
  });
  assert.is(agent.status, 200, agent.text);
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('a member adds a question and runs it with the agent; the run is listed and read', async () => {
  const added = await asMember('POST', Q, {
    question: 'When does the shop open?',
    expectedSourceIds: [sourceId],
    expectedFacts: ['at nine'],
  });
  assert.is(added.status, 201, added.text);
  assert.equal((await call('GET', Q)).body.data, [added.body.data]);

  standIn.script({ kind: 'text', text: 'We open AT  NINE every day but Sunday.' });
  const run = await asMember('POST', RUNS, { chatbotId, k: 2 });
  assert.is(run.status, 201, run.text);
  const data = run.body.data;
  assert.equal([data.questions, data.hits, data.hitRate, data.answerChecks], [1, 1, 1, { checked: 1, passed: 1 }]);
  assert.equal(data.results[0].factsFound, ['at nine']);
  assert.is(data.results[0].rank, 1);
  const listed = await call('GET', RUNS);
  assert.equal(
    listed.body.data.map((r: any) => [r.id, r.hitRate]),
    [[data.id, 1]],
  );
  assert.equal((await call('GET', `${RUNS}/${data.id}`)).body.data, data);

  const theirs = as(app, other);
  assert.equal((await theirs('GET', Q)).body.data, []);
  assert.equal((await theirs('GET', RUNS)).body.data, []);
  assert.is((await theirs('GET', `${RUNS}/${data.id}`)).status, 404);
  assert.is((await theirs('DELETE', `${Q}/${added.body.data.id}`)).status, 404);
  assertBad(await theirs('POST', RUNS, { chatbotId }), 'not found', 404);

  assert.is((await call('DELETE', `${Q}/${added.body.data.id}`, undefined, { csrf: false })).status, 403);
  const removed = await asMember('DELETE', `${Q}/${added.body.data.id}`);
  assert.is(removed.status, 204, removed.text);
  assert.equal((await call('GET', Q)).body.data, []);
});

test('bad input is a 4xx naming the field', async () => {
  assertBad(await call('POST', Q, { expectedSourceIds: [sourceId] }), 'question');
  assertBad(await call('POST', Q, { question: 'Q?', expectedSourceIds: [] }), 'expectedSourceIds');
  assertBad(
    await call('POST', Q, { question: 'Q?', expectedSourceIds: [sourceId], expectedFacts: [''] }),
    'expectedFacts',
  );
  assertBad(await call('POST', Q, { question: 'Q?', expectedSourceIds: ['missing'] }), 'missing', 404);
  assertBad(await call('POST', RUNS, { k: 50 }), 'k');
  assertBad(await call('POST', RUNS, { chatbotId: 'nope' }), 'not found', 404);
  assertBad(await call('POST', RUNS, { extra: true }), 'extra');
});

test.run();

/** A chatbot's flow on the dashboard: the same endpoints behind a session, CSRF on writes, tenant isolation. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';

const GRAPH = {
  start: 'ask',
  steps: [
    {
      id: 'ask',
      type: 'question',
      text: 'Sales or support?',
      variable: 'topic',
      input: {
        type: 'choice',
        options: [
          { label: 'Sales', value: 'sales' },
          { label: 'Support', value: 'support' },
        ],
      },
      next: 'bye',
    },
    { id: 'bye', type: 'end', text: 'Noted: {{topic}}', resolution: 'resolved' },
  ],
};

let app: TestApp;
let acme: SignedInWorkspace;
let other: SignedInWorkspace;

test.before(async () => {
  app = await startSignInApp();
  acme = await createSignedInWorkspace(app, 'starter');
  other = await createSignedInWorkspace(app, 'pro');
});
test.after(async () => {
  await app?.close();
});

test('draft, publish, versions, version and diff behind the session', async () => {
  const call = as(app, acme);
  const id = (await call('POST', `${DASH}/chatbots`, { name: 'Dash flows' })).body.data.id as string;
  const saved = await call('PUT', `${DASH}/chatbots/${id}/flow`, GRAPH);
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.data, GRAPH);
  const read = await call('GET', `${DASH}/chatbots/${id}`);
  assert.equal(read.body.data.flow, GRAPH, "the dashboard's chatbot shows the draft");
  const published = await call('POST', `${DASH}/chatbots/${id}/flow/publish`, {});
  assert.is(published.status, 201);
  assert.is(published.body.data.version, 2);
  const versions = await call('GET', `${DASH}/chatbots/${id}/flow/versions`);
  assert.equal(
    versions.body.data.map((v: { version: number }) => v.version),
    [2, 1],
  );
  assert.equal((await call('GET', `${DASH}/chatbots/${id}/flow/versions/2`)).body.data.flow, GRAPH);
  const diff = await call('GET', `${DASH}/chatbots/${id}/flow/versions/2/diff?against=1`);
  assert.equal(diff.body.data.added, ['ask', 'bye']);
  assert.is(diff.body.data.startChanged, true);
  const funnel = await call('GET', `${DASH}/chatbots/${id}/funnel`);
  assert.equal(funnel.body.data.steps, [
    { id: 'ask', reached: 0, stoppedHere: 0 },
    { id: 'bye', reached: 0, stoppedHere: 0 },
  ]);
  const bad = await call('PUT', `${DASH}/chatbots/${id}/flow`, { ...GRAPH, start: 'nope' });
  assert.equal([bad.status, bad.body.code, bad.body.field], [400, 'INVALID_FLOW', 'start']);
});

test('writes need the CSRF token; reads and writes need a session; another workspace gets 404', async () => {
  const call = as(app, acme);
  const id = (await call('POST', `${DASH}/chatbots`, { name: 'Guarded' })).body.data.id as string;
  const noCsrf = await call('PUT', `${DASH}/chatbots/${id}/flow`, GRAPH, { csrf: false });
  assert.equal([noCsrf.status, noCsrf.body.code], [403, 'CSRF']);
  const publishNoCsrf = await call('POST', `${DASH}/chatbots/${id}/flow/publish`, {}, { csrf: false });
  assert.is(publishNoCsrf.status, 403);
  assert.is((await call('GET', `${DASH}/chatbots/${id}/flow`, undefined, { cookie: false })).status, 401);
  const stranger = as(app, other);
  assert.is((await stranger('GET', `${DASH}/chatbots/${id}/flow`)).status, 404);
  assert.is((await stranger('PUT', `${DASH}/chatbots/${id}/flow`, GRAPH)).status, 404);
  assert.is((await stranger('POST', `${DASH}/chatbots/${id}/flow/publish`, {})).status, 404);
  assert.is((await stranger('GET', `${DASH}/chatbots/${id}/flow/versions/1`)).status, 404);
  assert.is((await call('GET', `${DASH}/chatbots/${id}/flow/versions`)).body.data.length, 1, 'nothing published');
});

test.run();

/** What-if runs on the dashboard: the same endpoint behind a session, CSRF, tenant isolation. */
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

test('a draft that ends after the greeting: the open conversation would now be resolved', async () => {
  const call = as(app, acme);
  const id = (await call('POST', `${DASH}/chatbots`, { name: 'Dash what-if' })).body.data.id as string;
  const started = await app.api('POST', `/api/v1/chat/${id}/sessions`, { body: {} });
  assert.is(started.status, 201);
  const draft = { start: 'hi', steps: [{ id: 'hi', type: 'end', text: 'Bye', resolution: 'resolved' }] };
  assert.is((await call('PUT', `${DASH}/chatbots/${id}/flow`, draft)).status, 200);
  const r = await call('POST', `${DASH}/chatbots/${id}/flow/simulate`, { limit: 10 });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(
    r.body.data.conversations.map(({ startedAt: _s, ...row }: { startedAt: string }) => row),
    [
      {
        chatSessionId: started.body.sessionId,
        responseId: null, // the visitor never wrote: no response record
        same: false,
        divergedAt: 'hi',
        before: 'open',
        after: 'resolved',
        unknownAt: null,
      },
    ],
  );
  assert.equal(r.body.data.outcomes.after, { resolved: 1, escalated: 0, ended: 0, open: 0 });

  const noCsrf = await call('POST', `${DASH}/chatbots/${id}/flow/simulate`, {}, { csrf: false });
  assert.equal([noCsrf.status, noCsrf.body.code], [403, 'CSRF']);
  assert.is((await as(app, other)('POST', `${DASH}/chatbots/${id}/flow/simulate`, {})).status, 404);
  const bad = await call('POST', `${DASH}/chatbots/${id}/flow/simulate`, { limit: 5000 });
  assert.is(bad.status, 400);
});

test.run();

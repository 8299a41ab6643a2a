/**
 * The dashboard page shell: served at /dashboard (and below) on the main host and at / (and any
 * page path) on a workspace host; without a session, a redirect to that host's /login.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostRequest, originOf } from '../../support/signIn.js';
import {
  createSignedInWorkspace,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../dashboard/dashboardHarness.js';

let app: TestApp;
let main: SignedInWorkspace;
let slugged: SignedInWorkspace;

test.before(async () => {
  app = await startSignInApp();
  main = await createSignedInWorkspace(app, 'starter');
  slugged = await createSignedInWorkspace(app, 'starter', { slug: 'dash-acme' });
});
test.after(async () => {
  await app?.close();
});

const get = (origin: string, path: string, cookie?: string) =>
  hostRequest(app, 'GET', path, { origin, cookie, headers: { accept: 'text/html' } });

test('main host: /dashboard and sub-paths serve the shell with base /dashboard', async () => {
  for (const path of ['/dashboard', '/dashboard/chatbots', '/dashboard/responses/abc']) {
    const r = await get(main.origin, path, main.cookie);
    assert.is(r.status, 200, path);
    assert.match(r.text, /<script type="application\/json" id="dashboard-config">\{"base":"\/dashboard"[,}]/);
    assert.match(r.text, /<script src="\/assets\/dashboard\.js\?v=[0-9a-z]+" defer><\/script>/);
    assert.match(String(r.headers['content-security-policy']), /script-src 'self'/);
    assert.is(r.headers['cache-control'], 'no-store');
  }
});

test("slug host: / and page paths serve the shell with base ''; APIs are untouched", async () => {
  for (const path of ['/', '/chatbots', '/analytics']) {
    const r = await get(slugged.origin, path, slugged.cookie);
    assert.is(r.status, 200, path);
    assert.match(r.text, /id="dashboard-config">\{"base":""[,}]/);
  }
  const api = await hostRequest(app, 'GET', '/api/v1/nothing-here', { origin: slugged.origin, cookie: slugged.cookie });
  assert.is(api.status, 404);
  const moved = await get(slugged.origin, '/dashboard/chatbots', slugged.cookie);
  assert.is(moved.status, 302);
  assert.is(moved.headers.location, '/chatbots');
});

test('slug host: the liveness and readiness probes answer JSON, never the page', async () => {
  for (const path of ['/healthz', '/readyz']) {
    const r = await get(slugged.origin, path, slugged.cookie);
    assert.is(r.status, 200, path);
    assert.match(String(r.headers['content-type']), /application\/json/, path);
  }
  for (const path of ['/healthz/more', '/readyz/more'])
    assert.is((await get(slugged.origin, path, slugged.cookie)).status, 404, path);
});

test('slug host: /docs is the API reference, and an unknown path below it a 404, never the dashboard', async () => {
  const r = await get(slugged.origin, '/docs', slugged.cookie);
  assert.is(r.status, 200);
  assert.match(r.text, /<title>Confab API reference<\/title>/);
  const unknown = await get(slugged.origin, '/docs/guides/nope.md', slugged.cookie);
  assert.equal([unknown.status, unknown.body.code], [404, 'NOT_FOUND']);
});

test("the main host's root leads a person to the dashboard; an API client still gets JSON", async () => {
  const r = await get(originOf(app), '/');
  assert.equal([r.status, r.headers.location], [302, '/dashboard']);
  const api = await hostRequest(app, 'GET', '/', { origin: originOf(app), headers: { accept: 'application/json' } });
  assert.equal([api.status, api.body.code], [404, 'NOT_FOUND']);
});

test("not signed in: redirect to that host's /login", async () => {
  const r = await get(originOf(app), '/dashboard/chatbots');
  assert.is(r.status, 302);
  assert.match(String(r.headers.location), /^\/login\?next=%2Fdashboard%2Fchatbots$/);
  const s = await get(slugged.origin, '/');
  assert.is(s.status, 302);
  assert.match(String(s.headers.location), /^\/login/);
  // A session of another workspace does not open this workspace's dashboard.
  const wrong = await get(slugged.origin, '/', main.cookie);
  assert.is(wrong.status, 302);
});

test('the dashboard endpoints are in the OpenAPI document with the session scheme', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  for (const path of [
    '/api/v1/dashboard/chatbots',
    '/api/v1/dashboard/chatbots/{id}',
    '/api/v1/dashboard/responses',
    '/api/v1/dashboard/analytics',
    '/api/v1/dashboard/overview',
  ]) {
    assert.ok(doc.paths[path], path);
    const op = doc.paths[path].get ?? doc.paths[path].put;
    assert.equal(op.security, [{ SessionCookie: [] }], path);
  }
});

test.run();

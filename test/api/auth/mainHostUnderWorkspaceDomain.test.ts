/**
 * PUBLIC_URL under WORKSPACE_DOMAIN (chatter.localhost under localhost): the main host stays the
 * main host for sign-in, sign-up, sessions and pages, and neither its label nor APP_URL's can be
 * claimed as a slug, so no tenant can answer for it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../commands/commandContext.js';
import { freePort, hostRequest, sessionCookieOf } from '../../support/signIn.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

let app: TestApp;
let main: string;

test.before(async () => {
  const port = await freePort();
  main = `http://chatter.localhost:${port}`;
  app = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: main,
    APP_URL: `http://shopfront.localhost:${port}/storefront`,
    WORKSPACE_DOMAIN: 'localhost',
  });
});
test.after(async () => {
  await app.close();
});

test('a password sign-in on the main host signs in, and the session holds there', async () => {
  const password = 'main-host-password-1';
  const ws = await app.services.workspaces.createWorkspace(
    { name: 'Main Host Co', plan: 'pro', ownerEmail: 'owner@mainhost.test', ownerPassword: password },
    operatorContext(),
  );
  const res = await hostRequest(app, 'POST', '/auth/password', {
    origin: main,
    body: { email: 'owner@mainhost.test', password },
  });
  assert.is(res.status, 200, res.text);
  assert.equal(res.body, { redirect: '/dashboard' });
  const cookie = sessionCookieOf(res)!;
  const me = await hostRequest(app, 'GET', '/auth/session', { origin: main, cookie });
  assert.is(me.status, 200, me.text);
  assert.is(me.body.workspace.id, ws.workspaceId);
  const dashboard = await hostRequest(app, 'GET', '/dashboard', {
    origin: main,
    cookie,
    headers: { accept: 'text/html' },
  });
  assert.is(dashboard.status, 200);
});

test('sign-up is open on the main host', async () => {
  const res = await hostRequest(app, 'POST', '/auth/signup', {
    origin: main,
    body: { email: 'founder@mainhost.test', name: 'Ada', workspaceName: 'Ada Labs', password: 'ada-password-1' },
  });
  assert.is(res.status, 202, res.text);
});

test("the main host's pages are the main host's: / leads to /dashboard, /login is Confab's own", async () => {
  const root = await hostRequest(app, 'GET', '/', { origin: main, headers: { accept: 'text/html' } });
  assert.is(root.status, 302);
  assert.is(root.headers.location, '/dashboard');
  const login = await hostRequest(app, 'GET', '/login', { origin: main, headers: { accept: 'text/html' } });
  assert.is(login.status, 200);
});

test("PUBLIC_URL's and APP_URL's labels cannot be claimed as slugs", async () => {
  const { apiKey } = await app.createWorkspace('pro');
  for (const slug of ['chatter', 'shopfront']) {
    const check = await app.api('GET', `/api/v1/workspace/check-slug/${slug}`);
    assert.equal(
      [check.body.available, check.body.reason],
      [false, `"${slug}" is reserved: it is this service's own address.`],
    );
    const claim = await app.api('PUT', '/api/v1/workspace/slug', { apiKey, body: { slug } });
    assert.is(claim.status, 400, slug);
    assert.is(claim.body.code, 'SLUG_INVALID');
  }
  assert.is((await app.api('GET', '/api/v1/workspace/check-slug/chatters')).body.available, true);
});

test.run();

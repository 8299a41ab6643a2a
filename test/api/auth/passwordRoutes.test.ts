/** Password sign-in, GET /auth/session, logout and the login CSRF checks, over real HTTP (docs/sign-in.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import {
  createSignedInWorkspace,
  hostRequest,
  originOf,
  sessionCookieOf,
  signIn,
  startSignInApp,
} from '../../support/signIn.js';
import { USERS } from '../../../projections/views/usersView.js';

let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

test('main host: password signs in, Set-Cookie is HttpOnly, SameSite=Lax, host-only, Path=/; GET /auth/session answers the contract shape', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const res = await hostRequest(app, 'POST', '/auth/password', {
    origin: originOf(app),
    headers: { origin: originOf(app) },
    body: { email: ws.email.toUpperCase(), password: ws.password },
  });
  assert.is(res.status, 200, res.text);
  assert.equal(res.body, { redirect: '/dashboard' });
  const setCookie = String(res.headers['set-cookie']);
  assert.match(setCookie, /confab_session=[A-Za-z0-9_-]{43};/);
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Lax/);
  assert.match(setCookie, /Path=\//);
  assert.not.match(setCookie, /Domain=/i);
  assert.not.match(setCookie, /Secure/);
  const me = await hostRequest(app, 'GET', '/auth/session', { cookie: sessionCookieOf(res)! });
  assert.is(me.status, 200, me.text);
  assert.equal(Object.keys(me.body).sort(), ['csrfToken', 'user', 'workspace', 'workspaces']);
  assert.equal(me.body.user, { id: ws.ownerId, email: ws.email, name: me.body.user.name });
  assert.equal(Object.keys(me.body.workspace).sort(), [
    'companyLogo',
    'dashboardUrl',
    'id',
    'name',
    'plan',
    'role',
    'slug',
  ]);
  assert.is(me.body.workspace.id, ws.workspaceId);
  assert.is(me.body.workspace.role, 'admin');
  assert.is(me.body.workspace.plan, 'free');
  assert.is(me.body.workspace.dashboardUrl, `${app.config.publicUrl}/dashboard`);
  assert.equal(me.body.workspaces, [
    {
      id: ws.workspaceId,
      name: me.body.workspace.name,
      slug: null,
      role: 'admin',
      dashboardUrl: `${app.config.publicUrl}/dashboard`,
    },
  ]);
  assert.is(me.headers['cache-control'], 'no-store');
});

test('wrong password and unknown address get the same 401 body', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const wrong = await hostRequest(app, 'POST', '/auth/password', {
    body: { email: ws.email, password: 'not-the-password' },
  });
  const unknown = await hostRequest(app, 'POST', '/auth/password', {
    body: { email: 'nobody-here@example.com', password: 'not-the-password' },
  });
  assert.is(wrong.status, 401);
  assert.is(unknown.status, 401);
  assert.equal(wrong.body, unknown.body);
  assert.is(wrong.body.code, 'SIGN_IN_FAILED');
  assert.is(sessionCookieOf(wrong), null);
});

test('only wrong guesses count: an owner who signs in 15 times in a row is never throttled', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  for (let i = 0; i < 15; i++) {
    const r = await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: ws.password } });
    assert.is(r.status, 200, `sign-in ${i + 1}: ${r.text}`);
  }
});

test('ten wrong passwords lock the password way for that account, but the mailed code and link still work', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  for (let i = 0; i < 10; i++)
    assert.is(
      (await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: `guess-${i}` } })).status,
      401,
    );
  const locked = await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: ws.password } });
  assert.is(locked.status, 429);
  assert.ok(Number(locked.headers['retry-after']) > 0);
  // The inbox's owner can still get in.
  assert.is((await hostRequest(app, 'POST', '/auth/code', { body: { email: ws.email } })).status, 202);
  assert.is((await hostRequest(app, 'POST', '/auth/magic-link', { body: { email: ws.email } })).status, 202);
});

test('an owner created without a password cannot sign in by password (same neutral 401)', async () => {
  const ws = await app.createWorkspace('free');
  const user = await app.services.views.get(USERS, ws.ownerId);
  const res = await hostRequest(app, 'POST', '/auth/password', {
    body: { email: user!.email, password: 'anything-at-all' },
  });
  assert.is(res.status, 401);
  assert.is(res.body.code, 'SIGN_IN_FAILED');
});

test('malformed bodies are 400, never 500', async () => {
  for (const body of ['{not json', { email: 1, password: 'x' }, { email: 'a@b.c' }, [], 'null']) {
    const res = await hostRequest(app, 'POST', '/auth/password', { body });
    assert.is(res.status, 400, `${JSON.stringify(body)} → ${res.status} ${res.text}`);
  }
});

test('login CSRF: a cross-site Origin or Sec-Fetch-Site is 403 CSRF', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const body = { email: ws.email, password: ws.password };
  const evil = await hostRequest(app, 'POST', '/auth/password', { headers: { origin: 'https://evil.example' }, body });
  assert.is(evil.status, 403);
  assert.is(evil.body.code, 'CSRF');
  const site = await hostRequest(app, 'POST', '/auth/password', { headers: { 'sec-fetch-site': 'cross-site' }, body });
  assert.is(site.status, 403);
});

test('slug host: members of that workspace only; the session answers for that host only', async () => {
  const acme = await createSignedInWorkspace(app, 'pro', { slug: 'acme-pw' });
  const other = await createSignedInWorkspace(app, 'pro', { slug: 'other-pw' });
  assert.is(acme.origin, `http://acme-pw.localhost:${new URL(app.baseUrl).port}`);
  const me = await hostRequest(app, 'GET', '/auth/session', { origin: acme.origin, cookie: acme.cookie });
  assert.is(me.status, 200);
  assert.is(me.body.workspace.slug, 'acme-pw');
  assert.is(me.body.workspace.dashboardUrl, `${acme.origin}/`);
  // Another workspace's member gets the neutral 401 on acme's host.
  const foreign = await hostRequest(app, 'POST', '/auth/password', {
    origin: acme.origin,
    body: { email: other.email, password: other.password },
  });
  assert.is(foreign.status, 401);
  assert.is(foreign.body.code, 'SIGN_IN_FAILED');
  // acme's cookie sent to another workspace's host (or an unknown slug) is not a session there.
  assert.is(
    (await hostRequest(app, 'GET', '/auth/session', { origin: other.origin, cookie: acme.cookie })).status,
    401,
  );
  assert.is(
    (await hostRequest(app, 'GET', '/auth/session', { origin: originOf(app, 'nope-none'), cookie: acme.cookie }))
      .status,
    401,
  );
  // An unknown slug's login admits nobody, with the same answer.
  const nowhere = await hostRequest(app, 'POST', '/auth/password', {
    origin: originOf(app, 'nope-none'),
    body: { email: acme.email, password: acme.password },
  });
  assert.is(nowhere.status, 401);
  assert.is(nowhere.body.code, 'SIGN_IN_FAILED');
});

test('behind a trusted proxy (TRUST_PROXY: loopback by default) X-Forwarded-Host picks the workspace host', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'proxied-pw' });
  const forwarded = { 'x-forwarded-host': new URL(ws.origin).host };
  const res = await hostRequest(app, 'POST', '/auth/password', {
    headers: forwarded,
    body: { email: ws.email, password: ws.password },
  });
  assert.is(res.status, 200, res.text);
  assert.equal(res.body, { redirect: '/' });
  const me = await hostRequest(app, 'GET', '/auth/session', { headers: forwarded, cookie: sessionCookieOf(res)! });
  assert.is(me.body.workspace.slug, 'proxied-pw');
});

test('main-host sign-in of a slug workspace hands off to its host with a one-time code', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'handoff-pw' });
  const res = await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: ws.password } });
  assert.is(res.status, 200);
  assert.is(sessionCookieOf(res), null);
  const link = new URL(res.body.redirect);
  assert.is(link.origin, ws.origin);
  assert.is(link.pathname, '/auth/handoff');
  const page = await hostRequest(app, 'GET', link.pathname + link.search, { origin: ws.origin });
  assert.is(page.status, 200);
  assert.match(page.text, /<script src="\/auth\/assets\/handoff.js">/);
  assert.not.match(page.text, /<script>/);
  const code = link.searchParams.get('code');
  const used = await hostRequest(app, 'POST', '/auth/handoff', { origin: ws.origin, body: { code } });
  assert.is(used.status, 200);
  assert.equal(used.body, { redirect: '/' });
  assert.ok(sessionCookieOf(used));
  const again = await hostRequest(app, 'POST', '/auth/handoff', { origin: ws.origin, body: { code } });
  assert.is(again.status, 401);
  assert.is(again.body.code, 'HANDOFF_INVALID');
});

test('logout needs the CSRF token, ends the session and clears the cookie', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const missing = await hostRequest(app, 'POST', '/auth/logout', { cookie: ws.cookie });
  assert.is(missing.status, 403);
  assert.is(missing.body.code, 'CSRF');
  const wrong = await hostRequest(app, 'POST', '/auth/logout', { cookie: ws.cookie, csrfToken: 'x'.repeat(43) });
  assert.is(wrong.status, 403);
  const crossOrigin = await hostRequest(app, 'POST', '/auth/logout', {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    headers: { origin: 'http://evil.localhost' },
  });
  assert.is(crossOrigin.status, 403);
  const out = await hostRequest(app, 'POST', '/auth/logout', { cookie: ws.cookie, csrfToken: ws.csrfToken });
  assert.is(out.status, 204);
  assert.match(String(out.headers['set-cookie']), /confab_session=;/);
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: ws.cookie })).status, 401);
  const again = await signIn(app, { email: ws.email, password: ws.password });
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: again.cookie })).status, 200);
});

test('GET /auth/session without a cookie, or with garbage, is 401 NOT_SIGNED_IN', async () => {
  const none = await hostRequest(app, 'GET', '/auth/session');
  assert.is(none.status, 401);
  assert.is(none.body.code, 'NOT_SIGNED_IN');
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: 'confab_session=garbage' })).status, 401);
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: 'confab_session=a;b' })).status, 401);
});

test.run();

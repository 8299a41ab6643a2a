/**
 * OpenID Connect through the popup proxy against a real provider (oidc-provider in this
 * process): the whole code flow over HTTP, the exact target origin, verified emails only,
 * members only, one-time codes (docs/sign-in.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import {
  createSignedInWorkspace,
  hostRequest,
  type HostResponse,
  originOf,
  sessionCookieOf,
  startSignInApp,
  startSignInAppWithOidc,
} from '../../support/signIn.js';
import { providerLogin, type TestOidcProvider } from '../../support/oidcProvider.js';

let app: TestApp;
let oidc: TestOidcProvider;

test.before(async () => {
  ({ app, oidc } = await startSignInAppWithOidc());
});
test.after(async () => {
  await app.close();
  await oidc.close();
});

/** The `confab_oidc_state=<hash>` pair the start sets in the browser, ready for a Cookie header. */
function stateCookieOf(res: HostResponse): string {
  const all = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const found = all.find((c) => c.startsWith('confab_oidc_state='));
  assert.ok(found, 'the start sets the state cookie');
  return found.split(';')[0];
}

/** The popup: start on the main host, sign in at the provider, land on the callback page (in the same browser). */
async function popup(slug: string | null, accountId: string) {
  const start = await hostRequest(app, 'GET', `/auth/oidc/start${slug ? `?slug=${slug}` : ''}`);
  assert.is(start.status, 302, start.text);
  const cookie = stateCookieOf(start);
  const authUrl = new URL(String(start.headers.location));
  assert.is(authUrl.origin, oidc.issuer);
  assert.is(authUrl.searchParams.get('redirect_uri'), `${app.config.publicUrl}/auth/oidc/callback`);
  assert.is(authUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(authUrl.searchParams.get('state') && authUrl.searchParams.get('nonce'));
  const back = await providerLogin(authUrl.href, accountId);
  const page = await hostRequest(app, 'GET', back.pathname + back.search, { cookie });
  assert.is(page.status, 200);
  return { page, data: callbackData(page), back, cookie };
}

function callbackData(page: HostResponse) {
  return JSON.parse(/<script type="application\/json" id="auth-data">(.*?)<\/script>/s.exec(page.text)![1]);
}

test('GET /auth/providers names the provider and the popup start URL with the slug of the host', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'oidc-acme' });
  const main = await hostRequest(app, 'GET', '/auth/providers');
  assert.equal(main.body, {
    providers: [{ id: 'oidc', name: 'Test ID', startUrl: `${app.config.publicUrl}/auth/oidc/start` }],
  });
  const branded = await hostRequest(app, 'GET', '/auth/providers', { origin: ws.origin });
  assert.is(branded.body.providers[0].startUrl, `${app.config.publicUrl}/auth/oidc/start?slug=oidc-acme`);
});

test('the whole code flow: the callback page posts a one-time code to the exact login origin; the login host trades it for a session', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'oidc-flow' });
  oidc.accounts.set('flow-owner', { email: ws.email, emailVerified: true });
  const { page, data } = await popup('oidc-flow', 'flow-owner');
  assert.is(data.targetOrigin, ws.origin);
  assert.ok(data.code);
  assert.is(data.error, undefined);
  // No inline script, and the page keeps its opener across origins.
  assert.match(page.text, /<script src="\/auth\/assets\/oidc-callback.js"><\/script>/);
  assert.not.match(page.text, /<script>/);
  assert.is(page.headers['cross-origin-opener-policy'], 'unsafe-none');
  const script = await hostRequest(app, 'GET', '/auth/assets/oidc-callback.js');
  assert.match(script.text, /postMessage\(message, data\.targetOrigin\)/);
  assert.not.match(script.text, /'\*'/);
  // Another login host cannot use the code, and that try leaves it to the page it was made for.
  const other = await createSignedInWorkspace(app, 'pro', { slug: 'oidc-other' });
  const stolen = await hostRequest(app, 'POST', '/auth/oidc/exchange', {
    origin: other.origin,
    body: { code: data.code },
  });
  assert.is(stolen.status, 401);
  const ok = await hostRequest(app, 'POST', '/auth/oidc/exchange', {
    origin: ws.origin,
    body: { code: data.code },
  });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.body, { redirect: '/' });
  const me = await hostRequest(app, 'GET', '/auth/session', { origin: ws.origin, cookie: sessionCookieOf(ok)! });
  assert.is(me.body.user.email, ws.email);
  assert.is(me.body.workspace.slug, 'oidc-flow');
  const reused = await hostRequest(app, 'POST', '/auth/oidc/exchange', {
    origin: ws.origin,
    body: { code: data.code },
  });
  assert.is(reused.status, 401);
});

test('an email the provider has not verified signs nobody in', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'oidc-unverified' });
  oidc.accounts.set('unverified', { email: ws.email, emailVerified: false });
  const { data } = await popup('oidc-unverified', 'unverified');
  assert.is(data.code, undefined);
  assert.is(data.targetOrigin, ws.origin);
  assert.match(data.error, /cannot sign in/);
});

test('a verified email that is not a member of the slug workspace signs nobody in', async () => {
  await createSignedInWorkspace(app, 'pro', { slug: 'oidc-members' });
  const stranger = await createSignedInWorkspace(app, 'free');
  oidc.accounts.set('stranger', { email: stranger.email, emailVerified: true });
  const { data } = await popup('oidc-members', 'stranger');
  assert.is(data.code, undefined);
  oidc.accounts.set('nobody', { email: 'nobody-at-all@example.com', emailVerified: true });
  assert.is((await popup('oidc-members', 'nobody')).data.code, undefined);
});

test('main login: a slug-less workspace signs in at PUBLIC_URL', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  oidc.accounts.set('main-owner', { email: ws.email, emailVerified: true });
  const { data } = await popup(null, 'main-owner');
  assert.is(data.targetOrigin, originOf(app));
  const ok = await hostRequest(app, 'POST', '/auth/oidc/exchange', { body: { code: data.code } });
  assert.is(ok.status, 200);
  assert.equal(ok.body, { redirect: '/dashboard' });
});

test('a replayed or forged callback, an unknown slug, and bad exchange bodies are refused cleanly', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'oidc-replay' });
  oidc.accounts.set('replay', { email: ws.email, emailVerified: true });
  const { back, cookie } = await popup('oidc-replay', 'replay');
  const replay = await hostRequest(app, 'GET', back.pathname + back.search, { cookie });
  assert.is(replay.status, 200);
  assert.match(replay.text, /"targetOrigin":null/);
  assert.not.match(replay.text, /"code"/);
  const forged = await hostRequest(app, 'GET', '/auth/oidc/callback?code=x&state=made-up');
  assert.is(forged.status, 200);
  assert.match(forged.text, /"targetOrigin":null/);
  assert.is((await hostRequest(app, 'GET', '/auth/oidc/start?slug=no-such-slug')).status, 404);
  assert.is((await hostRequest(app, 'POST', '/auth/oidc/exchange', { body: {} })).status, 400);
  assert.is((await hostRequest(app, 'POST', '/auth/oidc/exchange', { body: '{' })).status, 400);
  assert.is((await hostRequest(app, 'POST', '/auth/oidc/exchange', { body: { code: 'made-up' } })).status, 401);
});

test('the state is bound to the browser that started: a callback elsewhere signs nobody in and leaves the state', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'oidc-bound' });
  oidc.accounts.set('bound', { email: ws.email, emailVerified: true });
  const start = await hostRequest(app, 'GET', '/auth/oidc/start?slug=oidc-bound');
  const setCookie = ([] as string[])
    .concat(start.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('confab_oidc_state='))!;
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Lax/);
  assert.match(setCookie, /Path=\/auth\/oidc/);
  const own = stateCookieOf(start);
  const back = await providerLogin(String(start.headers.location), 'bound');
  // The callback address sent to someone else: their browser holds no cookie, or another start's.
  const another = stateCookieOf(await hostRequest(app, 'GET', '/auth/oidc/start'));
  for (const cookie of [undefined, another, 'confab_oidc_state=forged']) {
    const page = await hostRequest(app, 'GET', back.pathname + back.search, { cookie });
    const data = callbackData(page);
    assert.is(data.code, undefined, String(cookie));
    assert.is(data.targetOrigin, null, String(cookie));
    assert.match(data.error, /not started in this browser/, String(cookie));
    assert.is(page.headers['set-cookie'], undefined, 'a stray callback leaves the cookie of a live sign-in');
  }
  // Those tries used nothing: the browser that started finishes the sign-in, and its cookie is cleared.
  const page = await hostRequest(app, 'GET', back.pathname + back.search, { cookie: own });
  const data = callbackData(page);
  assert.ok(data.code);
  assert.is(data.targetOrigin, ws.origin);
  assert.match(String(page.headers['set-cookie']), /confab_oidc_state=;/);
});

test('without OIDC settings: no providers, and the start is 404', async () => {
  const plain = await startSignInApp();
  try {
    assert.equal((await hostRequest(plain, 'GET', '/auth/providers')).body, { providers: [] });
    assert.is((await hostRequest(plain, 'GET', '/auth/oidc/start')).status, 404);
  } finally {
    await plain.close();
  }
});

test.run();

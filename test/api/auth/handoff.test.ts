/**
 * The handoff between hosts (docs/sign-in.md): its page names the account and the workspace and
 * signs nobody in by itself; only the POST its button sends does, once, and only on the host
 * the code was made for. A try elsewhere leaves the code to its owner.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { createSignedInWorkspace, hostRequest, sessionCookieOf, startSignInApp } from '../../support/signIn.js';

let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

/** A main-host password sign-in of a slug workspace: the handoff link it answers with. */
async function handoffLink(slug: string, name: string) {
  const ws = await createSignedInWorkspace(app, 'pro', { slug, name });
  const res = await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: ws.password } });
  assert.is(res.status, 200, res.text);
  const link = new URL(res.body.redirect);
  assert.is(link.pathname, '/auth/handoff');
  return { ws, link, code: link.searchParams.get('code')! };
}

test('the page names the account and the workspace, asks with a button, and signs nobody in by itself', async () => {
  const { ws, link, code } = await handoffLink('handoff-ask', 'Ask First Ltd');
  for (let i = 0; i < 2; i++) {
    const page = await hostRequest(app, 'GET', link.pathname + link.search, { origin: ws.origin });
    assert.is(page.status, 200);
    assert.is(sessionCookieOf(page), null);
    assert.match(page.text, /<h1>Continue to Ask First Ltd\?<\/h1>/);
    assert.match(page.text, new RegExp(`<button id="continue" type="button">Continue as ${ws.email}</button>`));
    assert.match(page.text, /<script src="\/auth\/assets\/handoff.js">/);
    assert.not.match(page.text, /<script>/);
  }
  const script = await hostRequest(app, 'GET', '/auth/assets/handoff.js');
  assert.match(script.text, /addEventListener\('click'/);
  // Opening the page twice used nothing: the button's POST still signs in, once.
  const used = await hostRequest(app, 'POST', '/auth/handoff', { origin: ws.origin, body: { code } });
  assert.is(used.status, 200, used.text);
  assert.equal(used.body, { redirect: '/' });
  assert.ok(sessionCookieOf(used));
  const page = await hostRequest(app, 'GET', link.pathname + link.search, { origin: ws.origin });
  assert.match(page.text, /did not work/);
  assert.not.match(page.text, /<button/);
  assert.not.match(page.text, new RegExp(ws.email));
  assert.match(page.text, /<a id="again" href="\/login">/);
});

test('on another host the page names nobody, and a POST there leaves the code to its own host', async () => {
  const { ws, link, code } = await handoffLink('handoff-own', 'Own Host');
  const other = await createSignedInWorkspace(app, 'pro', { slug: 'handoff-else' });
  for (const origin of [other.origin, app.config.publicUrl]) {
    const page = await hostRequest(app, 'GET', link.pathname + link.search, { origin });
    assert.not.match(page.text, new RegExp(ws.email), origin);
    assert.not.match(page.text, /<button/, origin);
    const elsewhere = await hostRequest(app, 'POST', '/auth/handoff', { origin, body: { code } });
    assert.is(elsewhere.status, 401, origin);
    assert.is(elsewhere.body.code, 'HANDOFF_INVALID');
    assert.is(sessionCookieOf(elsewhere), null);
  }
  const own = await hostRequest(app, 'POST', '/auth/handoff', { origin: ws.origin, body: { code } });
  assert.is(own.status, 200, own.text);
  const me = await hostRequest(app, 'GET', '/auth/session', { origin: ws.origin, cookie: sessionCookieOf(own)! });
  assert.is(me.body.user.email, ws.email);
});

test('an unknown, missing or removed-member code gets the page without a button', async () => {
  const { ws, link, code } = await handoffLink('handoff-gone', 'Gone Soon');
  for (const path of ['/auth/handoff?code=made-up', '/auth/handoff']) {
    const page = await hostRequest(app, 'GET', path, { origin: ws.origin });
    assert.is(page.status, 200, path);
    assert.not.match(page.text, /<button/, path);
  }
  await app.services.sql.query(`UPDATE auth_challenges SET expires_at = 0 WHERE kind = 'handoff'`);
  const expired = await hostRequest(app, 'GET', link.pathname + link.search, { origin: ws.origin });
  assert.not.match(expired.text, /<button/);
  assert.is((await hostRequest(app, 'POST', '/auth/handoff', { origin: ws.origin, body: { code } })).status, 401);
});

test.run();

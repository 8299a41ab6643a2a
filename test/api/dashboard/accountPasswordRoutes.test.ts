/** Setting and changing a password from the dashboard: other sessions end, this browser gets a fresh one (docs/sign-in.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import {
  createSignedInWorkspace,
  csrfTokenFor,
  hostRequest,
  sessionCookieOf,
  signIn,
  startSignInApp,
} from '../../support/signIn.js';
import { codeIn, waitForMailTo } from '../../support/signInMail.js';
import { ATTEMPTS_PER_ACCOUNT } from '../../../api/auth/signInThrottle.js';

const P = '/api/v1/dashboard/account/password';
let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

test('a password change ends every other session of the user, in every workspace; the changer keeps a fresh one', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const second = await signIn(app, { email: ws.email, password: ws.password });
  const wrong = await hostRequest(app, 'POST', P, {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { currentPassword: 'not-it-at-all', newPassword: 'new-password-123' },
  });
  assert.is(wrong.status, 400);
  assert.is(wrong.body.code, 'WRONG_PASSWORD');
  const short = await hostRequest(app, 'POST', P, {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { currentPassword: ws.password, newPassword: 'short' },
  });
  assert.is(short.status, 400);
  assert.is(
    (
      await hostRequest(app, 'POST', P, {
        cookie: ws.cookie,
        body: { currentPassword: ws.password, newPassword: 'new-password-123' },
      })
    ).status,
    403,
  );
  const ok = await hostRequest(app, 'POST', P, {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { currentPassword: ws.password, newPassword: 'new-password-123' },
  });
  assert.is(ok.status, 204, ok.text);
  const fresh = sessionCookieOf(ok)!;
  assert.ok(fresh && fresh !== ws.cookie);
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: ws.cookie })).status, 401);
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: second.cookie })).status, 401);
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: fresh })).status, 200);
  assert.is(
    (await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: ws.password } })).status,
    401,
  );
  assert.ok((await signIn(app, { email: ws.email, password: 'new-password-123' })).cookie);
});

test('wrong current passwords spend the account password budget that sign-in uses: 429 past it, here and at the login form', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const change = (currentPassword: string) =>
    hostRequest(app, 'POST', P, {
      cookie: ws.cookie,
      csrfToken: ws.csrfToken,
      body: { currentPassword, newPassword: 'new-password-123' },
    });
  // A refusal that is no guess (the new password too short) does not count.
  const short = await hostRequest(app, 'POST', P, {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { currentPassword: 'not-it-at-all', newPassword: 'short' },
  });
  assert.is(short.status, 400);
  const atSignIn = await hostRequest(app, 'POST', '/auth/password', {
    body: { email: ws.email, password: 'guessed-at-login' },
  });
  assert.is(atSignIn.status, 401);
  for (let i = 1; i < ATTEMPTS_PER_ACCOUNT; i++) {
    const wrong = await change(`guess-number-${i}`);
    assert.is(wrong.status, 400, wrong.text);
    assert.is(wrong.body.code, 'WRONG_PASSWORD');
  }
  const refused = await change(ws.password);
  assert.is(refused.status, 429, refused.text);
  assert.is(refused.body.code, 'RATE_LIMIT_ERROR');
  assert.ok(Number(refused.headers['retry-after']) > 0);
  const login = await hostRequest(app, 'POST', '/auth/password', { body: { email: ws.email, password: ws.password } });
  assert.is(login.status, 429);
  // The session still works; only the password is out of tries.
  assert.is((await hostRequest(app, 'GET', '/auth/session', { cookie: ws.cookie })).status, 200);
});

test('an owner without a password signs in by code and sets one without a current password', async () => {
  const ws = await app.createWorkspace('free', { ownerEmail: 'no-password-yet@example.com' });
  await hostRequest(app, 'POST', '/auth/code', { body: { email: 'no-password-yet@example.com' } });
  const code = codeIn(await waitForMailTo(app, 'no-password-yet@example.com'));
  const entered = await hostRequest(app, 'POST', '/auth/code/verify', {
    body: { email: 'no-password-yet@example.com', code },
  });
  const cookie = sessionCookieOf(entered)!;
  const csrfToken = await csrfTokenFor(app, cookie);
  const set = await hostRequest(app, 'POST', P, { cookie, csrfToken, body: { newPassword: 'first-password-1' } });
  assert.is(set.status, 204, set.text);
  const byPassword = await signIn(app, { email: 'no-password-yet@example.com', password: 'first-password-1' });
  const me = await hostRequest(app, 'GET', '/auth/session', { cookie: byPassword.cookie });
  assert.is(me.body.workspace.id, ws.workspaceId);
});

test('an expired session (idle past 8 h) is 401 on the dashboard API', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  await app.services.sql.query('UPDATE auth_sessions SET last_seen_at = last_seen_at - $1', [8 * 3600 * 1000 + 1]);
  const res = await hostRequest(app, 'POST', P, {
    cookie: ws.cookie,
    csrfToken: ws.csrfToken,
    body: { newPassword: 'whatever-123' },
  });
  assert.is(res.status, 401);
  assert.is(res.body.code, 'NOT_SIGNED_IN');
});

test.run();

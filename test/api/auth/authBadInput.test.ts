/**
 * Bad input to the sign-in endpoints (/auth/*): bodies that are no JSON object or not JSON, fields
 * of the wrong type, garbled session cookies, odd Host headers. Each a 4xx JSON error naming the
 * problem, before any lookup: no account budget is spent, and the owner still signs in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { hostRequest, signIn, startSignInWorkspace, type SignedInWorkspace } from '../../support/signIn.js';
import { rawRequest } from '../../support/rawHttp.js';
import { assertRefused, NOT_A_STRING, NOT_AN_OBJECT, NOT_JSON_TYPES, UNSTORABLE_TEXT } from '../../support/badInput.js';

let app: TestApp;
let ws: SignedInWorkspace;
let port: number;

test.before(async () => {
  ({ app, ws, port } = await startSignInWorkspace('authbad'));
});
test.after(async () => {
  await app.close();
});

/** Each sign-in POST with a body that passes the schema, to spoil one field at a time. */
const POSTS: Array<[path: string, valid: Record<string, string>]> = [
  ['/auth/password', { email: 'who@example.com', password: 'secret-pass' }],
  ['/auth/code', { email: 'who@example.com' }],
  ['/auth/code/verify', { email: 'who@example.com', code: '123456' }],
  ['/auth/magic-link', { email: 'who@example.com' }],
  ['/auth/magic-link/verify', { token: 't' }],
  ['/auth/signup', { email: 'who@example.com', name: 'N', workspaceName: 'W', password: 'secret-pass' }],
  ['/auth/signup/confirm', { token: 't' }],
  ['/auth/invite/accept', { token: 't', name: 'N', password: 'secret-pass' }],
  ['/auth/oidc/exchange', { code: 'c' }],
  ['/auth/handoff', { code: 'c' }],
];

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  hostRequest(app, 'POST', path, { origin: ws.origin, body, headers });

test('a body that is no JSON object, or not JSON at all, is refused as such', async () => {
  for (const [path, valid] of POSTS) {
    for (const [kind, text, says] of NOT_AN_OBJECT) assertRefused(await post(path, text), 400, says, `${path} ${kind}`);
    // JSON only: a cross-site form cannot send it without a preflight (login CSRF), and a form
    // body read as no body would answer "email is required" to a request that had one.
    for (const [type, body] of [...NOT_JSON_TYPES, ['text/plain', JSON.stringify(valid)]])
      assertRefused(await post(path, body, { 'content-type': type }), 415, /JSON/, `${path} ${type}`);
    assertRefused(await post(path, JSON.stringify({ ...valid, x: 'x'.repeat(20_000) })), 413, /16 KB/, `${path} 20 KB`);
  }
});

test('each field of a wrong type, unstorable or overlong is 400 naming it; no account budget is spent', async () => {
  for (const [path, valid] of POSTS) {
    for (const field of Object.keys(valid)) {
      const values = [...NOT_A_STRING, null, ...UNSTORABLE_TEXT.map(([t]) => t), 'x'.repeat(400)];
      for (const value of values)
        assertRefused(
          await post(path, { ...valid, [field]: value }),
          400,
          field,
          `${path} ${field}=${JSON.stringify(value).slice(0, 30)}`,
        );
    }
  }
  // Ten wrong guesses lock an account's password way; none of the above was one.
  for (let i = 0; i < 12; i++)
    assertRefused(await post('/auth/password', { email: ws.email, password: 42 }), 400, 'password');
  const again = await signIn(app, { email: ws.email, password: ws.password, host: 'authbad.localhost' });
  assert.ok(again.cookie, 'the owner still signs in');
});

test('garbled session cookies are 401 NOT_SIGNED_IN, and the real session still answers', async () => {
  const cookies = [
    'confab_session=%%%',
    `confab_session=${'a'.repeat(5000)}`,
    'confab_session="abc"',
    '=;=;;confab_session',
    'confab_session',
    'confab_session=\u00e9',
    `confab_session=zzz; ${ws.cookie}`,
  ];
  for (const cookie of cookies) {
    assertRefused(
      await hostRequest(app, 'GET', '/auth/session', { origin: ws.origin, cookie }),
      401,
      'Sign in',
      cookie.slice(0, 30),
    );
    assertRefused(
      await hostRequest(app, 'POST', '/auth/logout', { origin: ws.origin, cookie, csrfToken: ws.csrfToken }),
      401,
      'Sign in',
      `logout ${cookie.slice(0, 30)}`,
    );
  }
  const session = await hostRequest(app, 'GET', '/auth/session', { origin: ws.origin, cookie: ws.cookie });
  assert.is(session.status, 200);
  const switchTo = (body: unknown) =>
    hostRequest(app, 'POST', '/auth/switch', { origin: ws.origin, cookie: ws.cookie, csrfToken: ws.csrfToken, body });
  for (const [, text, says] of NOT_AN_OBJECT) assertRefused(await switchTo(text), 400, says, `switch ${text}`);
  for (const workspaceId of [...NOT_A_STRING, 'w'.repeat(101)])
    assertRefused(await switchTo({ workspaceId }), 400, 'workspaceId', JSON.stringify(workspaceId));
  for (const workspaceId of ['__proto__', 'constructor', ''])
    assertRefused(await switchTo({ workspaceId }), 404, 'Workspace not found', workspaceId);
});

test('odd Host headers on a sign-in POST get the ordinary answer, never a 5xx', async () => {
  const hosts = [
    '',
    `${'a'.repeat(300)}.localhost:${port}`,
    `[::1]:${port}`,
    'localhost:abc',
    `x..localhost:${port}`,
    `nobody.localhost:${port}`,
    `AUTHBAD.LOCALHOST:${port}`,
  ];
  for (const [i, host] of hosts.entries()) {
    const body = JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong-password' });
    const r = await rawRequest(
      app.baseUrl,
      'POST',
      '/auth/password',
      { host, 'content-type': 'application/json' },
      body,
    );
    assertRefused({ status: r.status, body: r.json }, 401, /email or password/i, JSON.stringify(host).slice(0, 30));
  }
});

test('repeated or array-shaped query values on the sign-in GETs are 400 naming them', async () => {
  for (const [path, field] of [
    ['/auth/handoff?code=a&code=b', 'code'],
    [`/auth/handoff?code=${'c'.repeat(201)}`, 'code'],
    ['/auth/handoff?code=%00', 'code'],
    ['/auth/oidc/start?slug=a&slug=b', 'slug'],
  ]) {
    assertRefused(await hostRequest(app, 'GET', path, { origin: ws.origin }), 400, field, path);
  }
});

test.run();

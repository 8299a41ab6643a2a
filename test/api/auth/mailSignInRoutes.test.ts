/** The mailed ways in over real HTTP and the outbox: 6-digit codes and magic links (docs/sign-in.md). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../support/testApp.js';
import { createSignedInWorkspace, hostRequest, sessionCookieOf, startSignInApp } from '../../support/signIn.js';
import { codeIn, linkIn, mailsTo, waitForMailTo } from '../../support/signInMail.js';

let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('code: unknown and known addresses get the same 202; the mailed code signs in once', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const known = await hostRequest(app, 'POST', '/auth/code', { body: { email: ws.email } });
  const unknown = await hostRequest(app, 'POST', '/auth/code', { body: { email: 'no-account@example.com' } });
  assert.is(known.status, 202);
  assert.equal([unknown.status, unknown.body], [known.status, known.body]);
  const mail = await waitForMailTo(app, ws.email);
  const code = codeIn(mail);
  assert.match(mail.html, new RegExp(code));
  await pause(200);
  assert.is(mailsTo(app, 'no-account@example.com').length, 0);
  const ok = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code } });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.body, { redirect: '/dashboard' });
  assert.ok(sessionCookieOf(ok));
  const reused = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code } });
  assert.is(reused.status, 401);
  assert.is(reused.body.code, 'SIGN_IN_FAILED');
});

test('code: 5 wrong tries burn it (the right code then fails); wrong, unknown and malformed answers look alike', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  await hostRequest(app, 'POST', '/auth/code', { body: { email: ws.email } });
  const code = codeIn(await waitForMailTo(app, ws.email));
  const wrong = code === '000000' ? '111111' : '000000';
  const answers = [];
  for (let i = 0; i < 5; i++)
    answers.push(await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code: wrong } }));
  assert.ok(answers.every((a) => a.status === 401));
  assert.equal(new Set(answers.map((a) => JSON.stringify(a.body))).size, 1);
  const late = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code } });
  assert.is(late.status, 401);
  const unknown = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: 'nobody@example.com', code } });
  const malformed = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code: 'abc' } });
  assert.equal(unknown.body, late.body);
  assert.equal(malformed.body, late.body);
  assert.is(
    (await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: 'not-an-email', code } })).status,
    400,
  );
  assert.is((await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email } })).status, 400);
});

test('code: expires after 10 minutes (database clock moved back)', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  await hostRequest(app, 'POST', '/auth/code', { body: { email: ws.email } });
  const code = codeIn(await waitForMailTo(app, ws.email));
  await app.services.sql.query(`UPDATE auth_challenges SET expires_at = expires_at - 600001 WHERE kind = 'code'`);
  const res = await hostRequest(app, 'POST', '/auth/code/verify', { body: { email: ws.email, code } });
  assert.is(res.status, 401);
});

test('magic link: the GET page burns nothing; the POST signs in once; the link names the login host', async () => {
  const ws = await createSignedInWorkspace(app, 'pro', { slug: 'magic-ws' });
  const asked = await hostRequest(app, 'POST', '/auth/magic-link', { origin: ws.origin, body: { email: ws.email } });
  assert.is(asked.status, 202);
  const link = linkIn(await waitForMailTo(app, ws.email), '/login/magic');
  assert.is(link.origin, ws.origin);
  // A scanner fetching the link (twice) uses nothing.
  await hostRequest(app, 'GET', link.pathname + link.search, { origin: ws.origin });
  await hostRequest(app, 'GET', link.pathname + link.search, { origin: ws.origin });
  const token = link.searchParams.get('token');
  const ok = await hostRequest(app, 'POST', '/auth/magic-link/verify', { origin: ws.origin, body: { token } });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.body, { redirect: '/' });
  assert.ok(sessionCookieOf(ok));
  const again = await hostRequest(app, 'POST', '/auth/magic-link/verify', { origin: ws.origin, body: { token } });
  assert.is(again.status, 401);
  assert.is(again.body.code, 'SIGN_IN_FAILED');
});

test('magic link: a forged Host never puts the link on another site; a try on another host neither opens nor uses it', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  await hostRequest(app, 'POST', '/auth/magic-link', { origin: 'http://evil.example', body: { email: ws.email } });
  const link = linkIn(await waitForMailTo(app, ws.email), '/login/magic');
  assert.is(link.origin, new URL(app.config.publicUrl).origin);
  const other = await createSignedInWorkspace(app, 'pro', { slug: 'magic-other' });
  const elsewhere = await hostRequest(app, 'POST', '/auth/magic-link/verify', {
    origin: other.origin,
    body: { token: link.searchParams.get('token') },
  });
  assert.is(elsewhere.status, 401);
  // That try used nothing up: the link still opens where it was asked for, once.
  const home = await hostRequest(app, 'POST', '/auth/magic-link/verify', {
    body: { token: link.searchParams.get('token') },
  });
  assert.is(home.status, 200, home.text);
  assert.ok(sessionCookieOf(home));
});

test('members of another workspace get no mail on a branded host, and the same 202', async () => {
  const acme = await createSignedInWorkspace(app, 'pro', { slug: 'acme-mailer' });
  const stranger = await createSignedInWorkspace(app, 'free');
  const res = await hostRequest(app, 'POST', '/auth/code', { origin: acme.origin, body: { email: stranger.email } });
  assert.is(res.status, 202);
  await pause(300);
  assert.is(mailsTo(app, stranger.email).length, 0);
});

test('the 202 goes out before the address is looked up: a lookup that never ends does not hold the answer', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const lookups = app.services.signInLookups;
  const original = lookups.userByEmail;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const looked: string[] = [];
  lookups.userByEmail = async (email) => {
    looked.push(email);
    await held;
    return original(email);
  };
  const stuck = Symbol('no answer while the lookup is held');
  try {
    for (const path of ['/auth/code', '/auth/magic-link']) {
      const answer = await Promise.race([
        hostRequest(app, 'POST', path, { body: { email: ws.email } }),
        pause(3000).then(() => stuck),
      ]);
      assert.is.not(answer, stuck, path);
      assert.is((answer as { status: number }).status, 202, path);
    }
  } finally {
    release();
    lookups.userByEmail = original;
  }
  // Both requests still do their work once answered.
  assert.equal(looked, [ws.email, ws.email]);
  await waitForMailTo(app, ws.email);
});

test('throttled per account: the 11th request for one address in 10 minutes is 429, known or not', async () => {
  const statuses = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await hostRequest(app, 'POST', '/auth/code', { body: { email: 'throttled@example.com' } })).status);
  assert.equal(statuses.slice(0, 10), Array(10).fill(202));
  assert.is(statuses[10], 429);
});

test.run();

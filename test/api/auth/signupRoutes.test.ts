/** Signup on the main host: a confirmation mail, then a Free workspace and a session (docs/sign-in.md). */
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
import { linkIn, waitForMailTo } from '../../support/signInMail.js';

let app: TestApp;

test.before(async () => {
  app = await startSignInApp();
});
test.after(async () => {
  await app.close();
});

const body = (email: string) => ({ email, name: 'Ada Founder', workspaceName: 'Ada Labs', password: 'ada-password-1' });

test('signup mails a link; confirming creates a Free workspace owned by the new user, signed in; the link works once', async () => {
  const res = await hostRequest(app, 'POST', '/auth/signup', { body: body('Ada@Example.com') });
  assert.is(res.status, 202, res.text);
  const mail = await waitForMailTo(app, 'ada@example.com');
  const link = linkIn(mail, '/signup/confirm');
  assert.is(link.origin, originOf(app));
  // Nothing exists before the link is used.
  assert.is(
    (
      await hostRequest(app, 'POST', '/auth/password', {
        body: { email: 'ada@example.com', password: 'ada-password-1' },
      })
    ).status,
    401,
  );
  const confirmed = await hostRequest(app, 'POST', '/auth/signup/confirm', {
    body: { token: link.searchParams.get('token') },
  });
  assert.is(confirmed.status, 200, confirmed.text);
  assert.equal(confirmed.body, { redirect: '/dashboard' });
  const me = await hostRequest(app, 'GET', '/auth/session', { cookie: sessionCookieOf(confirmed)! });
  assert.is(me.body.user.email, 'ada@example.com');
  assert.is(me.body.user.name, 'Ada Founder');
  assert.is(me.body.workspace.name, 'Ada Labs');
  assert.is(me.body.workspace.plan, 'free');
  assert.is(me.body.workspace.role, 'admin');
  const again = await hostRequest(app, 'POST', '/auth/signup/confirm', {
    body: { token: link.searchParams.get('token') },
  });
  assert.is(again.status, 404);
  assert.is(again.body.code, 'SIGNUP_INVALID');
  assert.ok((await signIn(app, { email: 'ada@example.com', password: 'ada-password-1' })).cookie);
});

test('an address with an account gets the same 202 and a "you already have an account" mail, no link', async () => {
  const ws = await createSignedInWorkspace(app, 'free');
  const res = await hostRequest(app, 'POST', '/auth/signup', { body: body(ws.email) });
  assert.is(res.status, 202);
  const mail = await waitForMailTo(app, ws.email);
  assert.match(mail.subject, /already have/);
  assert.not.match(mail.text, /signup\/confirm/);
});

test('bad input is 400 naming the field; a workspace host has no signup; cross-site is 403', async () => {
  for (const [field, patch] of [
    ['email', { email: 'nope' }],
    ['name', { name: ' ' }],
    ['workspaceName', { workspaceName: '' }],
    // Names that strip to nothing were only refused once the confirmation link was opened.
    ['name', { name: '<b></b>' }],
    ['workspaceName', { workspaceName: '<i> </i>' }],
    ['password', { password: 'short' }],
  ] as const) {
    const res = await hostRequest(app, 'POST', '/auth/signup', { body: { ...body('bad@example.com'), ...patch } });
    assert.is(res.status, 400, `${field}: ${res.text}`);
    assert.ok(res.body.error.includes(field), res.body.error);
  }
  assert.is((await hostRequest(app, 'POST', '/auth/signup', { body: '[1,2' })).status, 400);
  assert.is((await hostRequest(app, 'POST', '/auth/signup/confirm', { body: { token: 'made-up' } })).status, 404);
  const branded = await createSignedInWorkspace(app, 'pro', { slug: 'no-signup-here' });
  assert.is(
    (await hostRequest(app, 'POST', '/auth/signup', { origin: branded.origin, body: body('x@example.com') })).status,
    404,
  );
  assert.is(
    (
      await hostRequest(app, 'POST', '/auth/signup', {
        headers: { origin: 'https://evil.example' },
        body: body('x@example.com'),
      })
    ).status,
    403,
  );
});

test.run();

test('the 202 goes out before the address is looked up: a delivery that never ends does not hold the answer', async () => {
  const signup = app.services.signup;
  const original = signup.deliver.bind(signup);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const delivered: string[] = [];
  signup.deliver = async (pending) => {
    delivered.push(pending.email);
    await held;
    return original(pending);
  };
  try {
    const answer = await Promise.race([
      hostRequest(app, 'POST', '/auth/signup', { body: body('held@example.com') }),
      new Promise((r) => setTimeout(r, 3000)).then(() => null),
    ]);
    assert.ok(answer, 'no answer while the delivery is held');
    assert.is(answer.status, 202);
  } finally {
    release();
    signup.deliver = original;
  }
  assert.equal(delivered, ['held@example.com']);
  await waitForMailTo(app, 'held@example.com');
});

test('a bad field is still a 400 before anything is looked up', async () => {
  const res = await hostRequest(app, 'POST', '/auth/signup', { body: { ...body('x@example.com'), password: 'short' } });
  assert.is(res.status, 400, res.text);
});

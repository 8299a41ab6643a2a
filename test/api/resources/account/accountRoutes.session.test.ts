/**
 * The dashboard's account endpoints over real HTTP: the signed-in user's own profile (a member
 * edits theirs, never the owner's), the three-step email change with codes read from the
 * outbox, the per-user hourly budget, and the 401/403/400 answers.
 */
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
import { memberOf, type Session } from '../../dashboard/dashboardFixtures.js';
import { codeIn, latestMailTo, mailsTo } from '../../../support/signInMail.js';
import { hostRequest, signIn } from '../../../support/signIn.js';

let app: TestApp;
let owner: SignedInWorkspace;
let member: Session & { email: string };
let call: ReturnType<typeof as>;
const ACCOUNT = `${DASH}/account`;
const EMAIL = `${ACCOUNT}/email`;
const keysOf = (o: object) => Object.keys(o).sort();
const asMember = (method: string, path: string, body?: unknown) =>
  hostRequest(app, method, path, { origin: member.origin, cookie: member.cookie, csrfToken: member.csrfToken, body });

test.before(async () => {
  app = await startSignInApp();
  owner = await createSignedInWorkspace(app, 'free');
  member = await memberOf(app, owner);
  call = as(app, owner);
});
test.after(async () => {
  await app.close();
});

test("GET answers the signed-in user's profile; PATCH changes only the given fields, with the External API's rules", async () => {
  const r = await call('GET', ACCOUNT);
  assert.is(r.status, 200, r.text);
  assert.equal(keysOf(r.body.data), ['address', 'dateOfBirth', 'email', 'name', 'phone', 'timezone']);
  assert.is(r.body.data.email, owner.email);
  const patched = await call('PATCH', ACCOUNT, {
    name: '<b>Ada</b> Lovelace',
    phone: '+44 20 7946 0958',
    dateOfBirth: '1985-12-10',
    address: 'London',
    timezone: 'Europe/London',
  });
  assert.is(patched.status, 200, patched.text);
  assert.equal(patched.body.data, {
    name: 'Ada Lovelace',
    email: owner.email,
    phone: '+44 20 7946 0958',
    dateOfBirth: '1985-12-10',
    address: 'London',
    timezone: 'Europe/London',
  });
  const cleared = await call('PATCH', ACCOUNT, { phone: null, address: null });
  assert.is(cleared.body.data.phone, null);
  assert.is(cleared.body.data.address, null);
  assert.is(cleared.body.data.name, 'Ada Lovelace');
});

test("a member edits their own profile, not the owner's", async () => {
  const r = await asMember('PATCH', ACCOUNT, { name: 'Grace Hopper', timezone: 'America/New_York' });
  assert.is(r.status, 200, r.text);
  assert.is(r.body.data.email, member.email);
  assert.is(r.body.data.name, 'Grace Hopper');
  assert.is((await call('GET', ACCOUNT)).body.data.name, 'Ada Lovelace');
});

test('bad inputs are 400 {error, code} naming the field', async () => {
  for (const [body, field] of [
    [{ phone: '12' }, 'phone'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ name: '' }, 'name'],
    [{ email: 'x@example.com' }, 'email'],
  ] as const) {
    const r = await call('PATCH', ACCOUNT, body);
    assert.is(r.status, 400, `${field}: ${r.text}`);
    assert.equal(keysOf(r.body), ['code', 'error']);
    assert.ok(r.body.error.includes(field), `"${r.body.error}" names ${field}`);
  }
  assert.is((await call('POST', `${EMAIL}/verify-identity`, { newEmail: 'a@example.com', otp: '12' })).status, 400);
  assert.is((await call('POST', `${EMAIL}/request-change`, { newEmail: 'not an address' })).status, 400);
});

test("the three steps move the signed-in user's address with the codes from both inboxes; the old address is told", async () => {
  const newEmail = `moved-${Date.now()}@example.org`;
  const r1 = await asMember('POST', `${EMAIL}/request-change`, { newEmail });
  assert.is(r1.status, 200, r1.text);
  assert.equal(keysOf(r1.body.data), ['message', 'nextStep', 'success', 'verified']);
  assert.is(mailsTo(app, newEmail).length, 0, 'nothing to the new address before step 2');
  const wrong = await asMember('POST', `${EMAIL}/confirm-change`, {
    newEmail,
    otp: codeIn(latestMailTo(app, member.email)),
  });
  assert.is(wrong.status >= 400 && wrong.status < 500, true, 'the current-address code alone does not confirm');
  const r2 = await asMember('POST', `${EMAIL}/verify-identity`, {
    newEmail,
    otp: codeIn(latestMailTo(app, member.email)),
  });
  assert.is(r2.status, 200, r2.text);
  const r3 = await asMember('POST', `${EMAIL}/confirm-change`, { newEmail, otp: codeIn(latestMailTo(app, newEmail)) });
  assert.is(r3.status, 200, r3.text);
  assert.equal(r3.body.data, { success: true, message: r3.body.data.message, newEmail });
  assert.is((await asMember('GET', ACCOUNT)).body.data.email, newEmail);
  assert.match(latestMailTo(app, member.email).subject, /changed/);
  assert.ok(await signIn(app, { email: newEmail, password: 'member-password-1' }), 'the new address signs in');
});

test('request-change and verify-identity share 5 per hour per user (429 EMAIL_CHANGE_RATE_LIMIT)', async () => {
  const who = await createSignedInWorkspace(app, 'free');
  const mine = as(app, who);
  // A malformed address is refused before the budget: only the five good requests spend it.
  assert.is((await mine('POST', `${EMAIL}/request-change`, { newEmail: 'no-at-sign' })).status, 400);
  for (let i = 0; i < 5; i++)
    assert.is(
      (await mine('POST', `${EMAIL}/request-change`, { newEmail: `n${i}-${Date.now()}@example.org` })).status,
      200,
    );
  const sixth = await mine('POST', `${EMAIL}/verify-identity`, { newEmail: 'x@example.org', otp: '123456' });
  assert.is(sixth.status, 429, sixth.text);
  assert.is(sixth.body.code, 'EMAIL_CHANGE_RATE_LIMIT');
  assert.ok(sixth.headers['retry-after']);
  assert.is(
    (await call('POST', `${EMAIL}/request-change`, { newEmail: `other-${Date.now()}@example.org` })).status,
    200,
    'another user has a budget of their own',
  );
});

test('401 without a session, 403 CSRF without the token', async () => {
  assert.is((await call('GET', ACCOUNT, undefined, { cookie: false })).status, 401);
  const r = await call('PATCH', ACCOUNT, { name: 'X' }, { csrf: false });
  assert.is(r.status, 403);
  assert.is(r.body.code, 'CSRF');
  const cross = await call('PATCH', ACCOUNT, { name: 'X' }, { origin: 'https://evil.example' });
  assert.is(cross.status, 403);
});

test('the OpenAPI document lists the account operations with security session', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  for (const [path, method] of [
    ['/account', 'get'],
    ['/account', 'patch'],
    ['/account/email/request-change', 'post'],
    ['/account/email/verify-identity', 'post'],
    ['/account/email/confirm-change', 'post'],
  ]) {
    assert.equal(doc.paths[`${DASH}${path}`]?.[method]?.security, [{ SessionCookie: [] }], `${method} ${path}`);
  }
});

test.run();

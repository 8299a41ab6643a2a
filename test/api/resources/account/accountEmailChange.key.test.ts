/**
 * The three-step account email change end to end (docs/external-api.md, Account), with the
 * codes read from mails delivered over a real SMTP exchange to a server this test runs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  app,
  mailbox,
  owner,
  freshKey,
  post,
  wrongCode,
  emailOf,
  stepOne,
  stepTwo,
  serial,
  REQUEST,
  VERIFY,
  CONFIRM,
  startHarness,
  closeHarness,
} from './accountHarness.js';

test.before(startHarness);

test('the three steps change the email, with codes from the delivered mails', async () => {
  const o = await owner('Acme Widgets');
  const newEmail = `moved${serial()}@example.org`;

  const r1 = await post(REQUEST, o.key, { newEmail });
  assert.is(r1.status, 200);
  assert.equal(Object.keys(r1.body.data).sort(), ['message', 'nextStep', 'success', 'verified']);
  assert.is(r1.body.data.success, true);
  assert.is(r1.body.data.verified, false);
  assert.match(r1.body.data.nextStep, /verify-identity/);
  const [toCurrent] = mailbox.to(o.email);
  assert.ok(toCurrent, 'a mail reached the current address');
  assert.equal(toCurrent!.to, [o.email]);
  assert.match(toCurrent!.subject, /Acme Widgets/);
  assert.match(toCurrent!.text, /Acme Widgets/);
  assert.match(toCurrent!.html, /Acme Widgets/);
  assert.ok(toCurrent!.text.includes(newEmail));
  assert.not.match(toCurrent!.html, /<img|https?:\/\//i, 'no tracking pixels or links');
  assert.not.match(toCurrent!.raw, /^X-(Mailer|Track)/im);
  assert.is(mailbox.to(newEmail).length, 0, 'nothing goes to the new address before identity is verified');
  const identityCode = mailbox.latestCode(o.email);
  assert.match(identityCode, /^\d{6}$/);

  const r2 = await post(VERIFY, o.key, { newEmail, otp: identityCode });
  assert.is(r2.status, 200);
  assert.is(r2.body.data.success, true);
  assert.match(r2.body.data.nextStep, /confirm-change/);
  const newAddressCode = mailbox.latestCode(newEmail);
  assert.match(mailbox.to(newEmail)[0]!.subject, /Acme Widgets/);
  assert.is(await emailOf(o), o.email, 'not changed before step 3');

  const r3 = await post(CONFIRM, o.key, { newEmail, otp: newAddressCode });
  assert.is(r3.status, 200, JSON.stringify(r3.body));
  assert.equal(r3.body.data, { success: true, message: r3.body.data.message, newEmail });
  assert.is(await emailOf(o), newEmail, 'GET shows the new address at once');

  const notices = mailbox.to(o.email);
  const notice = notices[notices.length - 1]!;
  assert.match(notice.subject, /was changed/);
  assert.ok(notice.text.includes(newEmail));
  assert.not.match(notice.text, /^ {4}\d{6}$/m, 'the notice carries no code');

  // The old address is free again, the new one is taken by this account.
  assert.is(await app.services.reservations.ownerOf('email', o.email), null);
  assert.is(await app.services.reservations.ownerOf('email', newEmail), o.ownerId);
  const reused = await app.createWorkspace('pro', { ownerEmail: o.email });
  assert.ok(reused.ownerId);

  const again = await post(CONFIRM, o.key, { newEmail, otp: newAddressCode });
  assert.is(again.status, 400, 'a used code cannot be replayed');
  assert.is(again.body.code, 'EMAIL_CHANGE_STEP');
});

test('the new-address code alone never completes a change, and steps out of order are 400 (EMAIL_CHANGE_STEP)', async () => {
  const o = await owner();
  const newEmail = `target${serial()}@example.org`;
  let r = await post(VERIFY, o.key, { newEmail, otp: '123456' });
  assert.is(r.status, 400, 'verify before request');
  assert.is(r.body.code, 'EMAIL_CHANGE_STEP');
  r = await post(CONFIRM, o.key, { newEmail, otp: '123456' });
  assert.is(r.status, 400, 'confirm before request');

  const identityCode = await stepOne(o, newEmail);
  r = await post(CONFIRM, o.key, { newEmail, otp: identityCode });
  assert.is(r.status, 400, 'confirm before verify, even with the right current-address code');
  assert.is(r.body.code, 'EMAIL_CHANGE_STEP');
  assert.match(r.body.error, /[Vv]erify/);

  const newAddressCode = await stepTwo(o, newEmail, identityCode);
  r = await post(VERIFY, o.key, { newEmail, otp: identityCode });
  assert.is(r.status, 400, 'verify twice');
  r = await post(CONFIRM, o.key, { newEmail, otp: identityCode });
  assert.is(r.status, 400, 'the current-address code does not confirm');
  assert.is(r.body.code, 'INVALID_CODE');
  assert.is(await emailOf(o), o.email);

  // A new request supersedes: the pending new-address code is dead.
  await stepOne(o, newEmail);
  r = await post(CONFIRM, o.key, { newEmail, otp: newAddressCode });
  assert.is(r.status, 400, 'a superseded request cannot be confirmed');
  assert.is(await emailOf(o), o.email);
});

test('a new request-change supersedes the earlier one and frees its address', async () => {
  const o = await owner();
  const first = `first${serial()}@example.org`;
  const second = `second${serial()}@example.org`;
  const firstCode = await stepOne(o, first);
  assert.is(await app.services.reservations.ownerOf('email', first), o.ownerId);
  const secondCode = await stepOne(o, second);
  assert.is(await app.services.reservations.ownerOf('email', first), null, 'the superseded address is released');
  assert.is(await app.services.reservations.ownerOf('email', second), o.ownerId);

  let r = await post(VERIFY, o.key, { newEmail: first, otp: firstCode });
  assert.is(r.status, 400, 'the first newEmail no longer matches');
  assert.is(r.body.code, 'EMAIL_MISMATCH');
  if (firstCode !== secondCode) {
    r = await post(VERIFY, o.key, { newEmail: second, otp: firstCode });
    assert.is(r.status, 400, 'the first code is dead');
    assert.is(r.body.code, 'INVALID_CODE');
  }
  const newCode = await stepTwo(o, second, secondCode);
  r = await post(CONFIRM, o.key, { newEmail: second, otp: newCode });
  assert.is(r.status, 200);
  assert.is(await emailOf(o), second);
});

test('wrong codes spend attempts; the fifth burns the request and frees the address', async () => {
  const o = await owner();
  const newEmail = `burn${serial()}@example.org`;
  const code = await stepOne(o, newEmail);
  const keys = [o.key, await freshKey(o)];
  for (let i = 1; i <= 5; i++) {
    const r = await post(VERIFY, keys[i < 4 ? 0 : 1]!, { newEmail, otp: wrongCode(code) });
    assert.is(r.status, 400, `wrong try ${i}`);
    assert.is(r.body.code, 'INVALID_CODE');
    assert.equal(Object.keys(r.body).sort(), ['code', 'error']);
    assert.not.ok(JSON.stringify(r.body).includes(code), 'the error never reveals the code');
    if (i < 5) assert.match(r.body.error, new RegExp(`${5 - i} attempt`));
  }
  assert.is(await app.services.reservations.ownerOf('email', newEmail), null, 'burned request released its address');
  const r = await post(VERIFY, keys[1]!, { newEmail, otp: code });
  assert.is(r.status, 400, 'even the right code fails once burned');
  assert.is(await emailOf(o), o.email);

  // Same at step 3.
  const o2 = await owner();
  const target = `burn3-${serial()}@example.org`;
  const k2 = [o2.key, await freshKey(o2)];
  const newCode = await stepTwo(o2, target, await stepOne(o2, target));
  for (let i = 1; i <= 5; i++) {
    const r3 = await post(CONFIRM, k2[0]!, { newEmail: target, otp: wrongCode(newCode) });
    assert.is(r3.status, 400);
    assert.is(r3.body.code, 'INVALID_CODE');
  }
  assert.is((await post(CONFIRM, k2[1]!, { newEmail: target, otp: newCode })).status, 400);
  assert.is(await emailOf(o2), o2.email);
  assert.is(await app.services.reservations.ownerOf('email', target), null);
});

test('bad input at every step is 400 naming the field', async () => {
  const o = await owner();
  // Each key has a budget of 5 rate-limited calls.
  const keys = [o.key, ...(await Promise.all([1, 2, 3, 4, 5].map(() => freshKey(o))))];
  let k = 0;
  const key = () => keys[Math.floor(k++ / 5)]!;
  const cases: Array<[string, unknown, string]> = [
    [REQUEST, {}, 'newEmail'],
    [REQUEST, { newEmail: 42 }, 'newEmail'],
    [REQUEST, { newEmail: 'not-an-email' }, 'newEmail'],
    [REQUEST, { newEmail: 'a@b' }, 'newEmail'],
    [REQUEST, { newEmail: `${'x'.repeat(250)}@example.com` }, 'newEmail'],
    [REQUEST, { newEmail: o.email.toUpperCase() }, 'newEmail'],
    [REQUEST, { newEmail: 'x@example.org', extra: 1 }, 'extra'],
    [REQUEST, '"just a string"', 'request body'],
    [VERIFY, { newEmail: 'x@example.org' }, 'otp'],
    [VERIFY, { newEmail: 'x@example.org', otp: '12345' }, 'otp'],
    [VERIFY, { newEmail: 'x@example.org', otp: '1234567' }, 'otp'],
    [VERIFY, { newEmail: 'x@example.org', otp: 123456 }, 'otp'],
    [VERIFY, { newEmail: 'x@example.org', otp: '12a456' }, 'otp'],
    [VERIFY, { otp: '123456' }, 'newEmail'],
    [VERIFY, { newEmail: 'bad', otp: '123456' }, 'newEmail'],
    [CONFIRM, { newEmail: 'x@example.org', otp: ' 123456' }, 'otp'],
    [CONFIRM, { newEmail: null, otp: '123456' }, 'newEmail'],
  ];
  for (const [path, body, field] of cases) {
    const r = await post(path, key(), body);
    assert.is(r.status, 400, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
    assert.ok(r.body.error.includes(field), `${JSON.stringify(body)}: "${r.body.error}" names ${field}`);
  }
  const malformed = await app.api('POST', REQUEST, {
    apiKey: key(),
    body: '{"newEmail":',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(malformed.status, 400);
  assert.is(malformed.body.code, 'INVALID_JSON');

  // With a request pending: a different newEmail at step 2 and 3.
  const target = `bad${serial()}@example.org`;
  const code = (await post(REQUEST, key(), { newEmail: target }), mailbox.latestCode(o.email));
  let r = await post(VERIFY, key(), { newEmail: `other${serial()}@example.org`, otp: code });
  assert.is(r.status, 400);
  assert.is(r.body.code, 'EMAIL_MISMATCH');
  r = await post(VERIFY, key(), { newEmail: target.toUpperCase(), otp: code });
  assert.is(r.status, 200, 'the address compares case-insensitively');
  r = await post(CONFIRM, key(), { newEmail: `other${serial()}@example.org`, otp: mailbox.latestCode(target) });
  assert.is(r.status, 400);
  assert.is(r.body.code, 'EMAIL_MISMATCH');
  assert.is(await emailOf(o), o.email);
});

test('close', closeHarness);

test.run();

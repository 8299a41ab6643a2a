/**
 * Black box, the workspace owner's account (docs/external-api.md: Account
 * profile, Account, the email change): GET/PATCH rules, and the three-step email change read from the mail
 * outbox (no SMTP_URL: .eml files in DATA_DIR/outbox, docs/configuration.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeIn, sortedKeys, startBlackbox, type Blackbox, type Mail, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const PROFILE = ['address', 'dateOfBirth', 'email', 'name', 'phone', 'timezone'];
let bb: Blackbox;
let ws: Workspace;

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    ws = await bb.workspace('starter');
  }),
);
test.after(async () => {
  await bb?.close();
});

const getAccount = async (key = ws.apiKey) => {
  const r = await bb.api('GET', '/account', { key });
  assert.is(r.status, 200);
  return r.body.data;
};
const patch = (body: unknown, key = ws.apiKey) => bb.api('PATCH', '/account', { key, body });

function assertRefused(r: { status: number; body: any }, what: string) {
  assert.ok(r.status >= 400 && r.status < 500, `${what}: refused with 4xx, got ${r.status}`);
  assert.type(r.body?.error, 'string');
}

test('GET /account: the owner profile with its six fields', async () => {
  const r = await bb.api('GET', '/account', { key: ws.apiKey });
  assert.is(r.status, 200);
  assert.equal(sortedKeys(r.body), ['data']);
  const p = r.body.data;
  assert.equal(sortedKeys(p), PROFILE);
  assert.is(p.email, ws.ownerEmail);
  assert.type(p.name, 'string');
  assert.type(p.timezone, 'string');
  for (const f of ['phone', 'dateOfBirth', 'address']) assert.ok(p[f] === null || typeof p[f] === 'string', f);
});

test('PATCH changes only the given fields and answers the profile', async () => {
  const r = await patch({
    name: 'Ada Lovelace',
    phone: '+44 (20) 7946-0958',
    dateOfBirth: '1990-12-10',
    address: '12 St James Square\nLondon',
    timezone: 'Europe/London',
  });
  assert.is(r.status, 200);
  assert.equal(sortedKeys(r.body.data), PROFILE);
  assert.equal(r.body.data, {
    name: 'Ada Lovelace',
    email: ws.ownerEmail,
    phone: '+44 (20) 7946-0958',
    dateOfBirth: '1990-12-10',
    address: '12 St James Square\nLondon',
    timezone: 'Europe/London',
  });
  const tz = await patch({ timezone: 'America/New_York' });
  assert.is(tz.status, 200);
  assert.equal(tz.body.data, { ...r.body.data, timezone: 'America/New_York' });
  assert.equal(await getAccount(), tz.body.data);
});

test('name and address have HTML tags stripped', async () => {
  const r = await patch({ name: '<b>Grace</b> <i>Hopper</i>', address: '<p>1 Navy Way</p>' });
  assert.is(r.status, 200);
  assert.is(r.body.data.name, 'Grace Hopper');
  assert.is(r.body.data.address, '1 Navy Way');
});

test('length limits: name 200, address 500 characters', async () => {
  assert.is((await patch({ name: 'n'.repeat(200) })).status, 200);
  assert.is((await patch({ address: 'a'.repeat(500) })).status, 200);
  const before = await getAccount();
  assert.is((await patch({ name: 'n'.repeat(201) })).status, 400);
  assert.is((await patch({ address: 'a'.repeat(501) })).status, 400);
  assert.equal(await getAccount(), before);
});

test('phone: digits, +, spaces, dashes, parentheses with 6 to 20 digits', async () => {
  for (const phone of ['123456', '+1 (555) 010-0000', '1'.repeat(20)]) {
    const r = await patch({ phone });
    assert.is(r.status, 200, phone);
    assert.is(r.body.data.phone, phone);
  }
  const before = await getAccount();
  for (const phone of ['12345', '1'.repeat(21), '555-CALL-NOW', '12345678x', '+1.555.010.0000'])
    assertRefused(await patch({ phone }), `phone ${phone}`);
  assert.equal(await getAccount(), before);
});

test('dateOfBirth is YYYY-MM-DD; timezone a real IANA name', async () => {
  assert.is((await patch({ dateOfBirth: '1985-02-28' })).body.data.dateOfBirth, '1985-02-28');
  const before = await getAccount();
  for (const dateOfBirth of ['28/02/1985', '1985-2-28', 'yesterday', '1985-02-30'])
    assertRefused(await patch({ dateOfBirth }), `dateOfBirth ${dateOfBirth}`);
  for (const timezone of ['Mars/Olympus_Mons', 'Europe/Nowhere', ''])
    assertRefused(await patch({ timezone }), `timezone ${timezone}`);
  assert.equal(await getAccount(), before);
  assert.is((await patch({ timezone: 'Asia/Tokyo' })).body.data.timezone, 'Asia/Tokyo');
});

test('email is not changed by PATCH', async () => {
  const r = await patch({ email: 'sneaky@example.com' });
  assert.ok(r.status !== 200 || r.body.data.email === ws.ownerEmail);
  assert.is((await getAccount()).email, ws.ownerEmail);
});

const EMAIL = '/account/email';
/** The newest mail to `address` in the outbox. */
function newestTo(address: string): Mail {
  const mails = bb.mails().filter((m) => m.to.includes(address));
  if (!mails.length) throw new Error(`no mail to ${address}`);
  return mails[mails.length - 1]!;
}

test('email change needs the account:write scope (403 without)', async () => {
  const plain = await bb.apiKey(ws.workspaceId);
  for (const [step, body] of [
    ['request-change', { newEmail: 'x@example.org' }],
    ['verify-identity', { newEmail: 'x@example.org', otp: '123456' }],
    ['confirm-change', { newEmail: 'x@example.org', otp: '123456' }],
  ] as const) {
    const r = await bb.api('POST', `${EMAIL}/${step}`, { key: plain, body });
    assert.is(r.status, 403, step);
    assert.type(r.body.error, 'string');
  }
  assert.is((await getAccount()).email, ws.ownerEmail);
});

test('the three steps move the account: codes from the current, then the new inbox; old address notified', async () => {
  const w = await bb.workspace('pro');
  const oldEmail = w.ownerEmail;
  const newEmail = 'moved-owner@example.org';
  const key = w.apiKey;

  const step1 = await bb.api('POST', `${EMAIL}/request-change`, { key, body: { newEmail } });
  assert.is(step1.status, 200);
  assert.equal(sortedKeys(step1.body.data), ['message', 'nextStep', 'success', 'verified']);
  assert.is(step1.body.data.success, true);
  assert.is(step1.body.data.verified, false);
  assert.type(step1.body.data.message, 'string');
  assert.type(step1.body.data.nextStep, 'string');
  const toCurrent = newestTo(oldEmail);
  const code1 = codeIn(toCurrent);
  assert.match(code1, /^\d{6}$/);
  assert.is(bb.mails().filter((m) => m.to.includes(newEmail)).length, 0, 'nothing goes to the new address yet');

  // The current-address code does not confirm the change, and step 2 needs it to be right.
  assertRefused(
    await bb.api('POST', `${EMAIL}/confirm-change`, { key, body: { newEmail, otp: code1 } }),
    'confirm before verify',
  );
  const wrong = code1 === '000000' ? '111111' : '000000';
  assertRefused(
    await bb.api('POST', `${EMAIL}/verify-identity`, { key, body: { newEmail, otp: wrong } }),
    'wrong code',
  );
  assertRefused(
    await bb.api('POST', `${EMAIL}/verify-identity`, { key, body: { newEmail: 'other@example.org', otp: code1 } }),
    'another newEmail',
  );

  const step2 = await bb.api('POST', `${EMAIL}/verify-identity`, { key, body: { newEmail, otp: code1 } });
  assert.is(step2.status, 200, JSON.stringify(step2.body));
  assert.equal(sortedKeys(step2.body.data), ['message', 'nextStep', 'success']);
  assert.is(step2.body.data.success, true);
  const code2 = codeIn(newestTo(newEmail));
  assert.match(code2, /^\d{6}$/);
  assert.is((await getAccount(key)).email, oldEmail, 'not changed before step 3');

  if (code2 !== code1)
    assertRefused(
      await bb.api('POST', `${EMAIL}/confirm-change`, { key, body: { newEmail, otp: code1 } }),
      'the current-address code at step 3',
    );
  const notified = bb.mails().filter((m) => m.to.includes(oldEmail)).length;
  const step3 = await bb.api('POST', `${EMAIL}/confirm-change`, { key, body: { newEmail, otp: code2 } });
  assert.is(step3.status, 200, JSON.stringify(step3.body));
  assert.equal(sortedKeys(step3.body.data), ['message', 'newEmail', 'success']);
  assert.equal([step3.body.data.success, step3.body.data.newEmail], [true, newEmail]);
  assert.is((await getAccount(key)).email, newEmail);
  assert.is(bb.mails().filter((m) => m.to.includes(oldEmail)).length, notified + 1, 'the old address is notified');
});

test('request-change and verify-identity: 5 requests per hour per API key', async () => {
  const key = await bb.apiKey(ws.workspaceId, '--scopes', 'account:write');
  for (let i = 1; i <= 5; i++) {
    const r = await bb.api('POST', `${EMAIL}/request-change`, { key, body: { newEmail: `limit${i}@example.org` } });
    assert.is(r.status, 200, `request ${i}`);
  }
  const over = await bb.api('POST', `${EMAIL}/request-change`, { key, body: { newEmail: 'limit6@example.org' } });
  assert.is(over.status, 429);
  assert.type(over.body.error, 'string');
  const fresh = await bb.apiKey(ws.workspaceId, '--scopes', 'account:write');
  assert.is(
    (await bb.api('POST', `${EMAIL}/request-change`, { key: fresh, body: { newEmail: 'limit7@example.org' } })).status,
    200,
    'per key',
  );
});

test.run();

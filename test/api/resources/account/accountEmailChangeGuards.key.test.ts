/**
 * Guards of the email change end to end: address uniqueness, the account:write scope, the
 * shared 5-per-hour limit, the audit trail, and mail failures.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../../commands/commandContext.js';
import { reservationStream } from '../../../../domain/reservation.js';
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
  BASE,
  REQUEST,
  VERIFY,
  CONFIRM,
  startHarness,
  closeHarness,
} from './accountHarness.js';

test.before(startHarness);

test("another account's address: request-change and verify-identity answer as for any address; confirm-change with the new inbox's code is 409", async () => {
  const a = await owner();
  const b = await owner();
  const fresh = `unused${serial()}@example.org`;
  const taken = await post(REQUEST, a.key, { newEmail: b.email });
  const free = await post(REQUEST, (await owner()).key, { newEmail: fresh });
  assert.is(taken.status, 200, JSON.stringify(taken.body));
  assert.equal(taken.body, free.body, 'the same answer whether or not an account has the address');
  const toNew = await stepTwo(a, b.email, mailbox.latestCode(a.email));
  const wrong = await post(CONFIRM, a.key, { newEmail: b.email, otp: wrongCode(toNew) });
  assert.is(wrong.status, 400, 'a wrong code hears nothing about the address');
  assert.is(wrong.body.code, 'INVALID_CODE');
  const proven = await post(CONFIRM, a.key, { newEmail: b.email, otp: toNew });
  assert.is(proven.status, 409, JSON.stringify(proven.body));
  assert.is(proven.body.code, 'EMAIL_TAKEN');
  assert.is(await emailOf(a), a.email);
  assert.is(await app.services.reservations.ownerOf('email', b.email), b.ownerId);

  const contested = `contested${serial()}@example.org`;
  await stepOne(a, contested);
  const second = await post(REQUEST, b.key, { newEmail: contested });
  assert.is(second.status, 200, "held by A's live request, which B is not told");
  assert.is(await app.services.reservations.ownerOf('email', contested), a.ownerId);
});

test('two accounts racing for one address: exactly one holds it', async () => {
  const a = await owner();
  const b = await owner();
  const target = `race${serial()}@example.org`;
  const [ra, rb] = await Promise.all([
    post(REQUEST, a.key, { newEmail: target }),
    post(REQUEST, b.key, { newEmail: target }),
  ]);
  assert.equal([ra.status, rb.status], [200, 200]);
  const holder = await app.services.reservations.ownerOf('email', target);
  assert.ok(holder === a.ownerId || holder === b.ownerId, String(holder));
});

test('the email endpoints need the account:write scope (403); the profile does not', async () => {
  const o = await owner();
  const member = await app.services.workspaces.createApiKey(
    { workspaceId: o.workspaceId, role: 'member' },
    operatorContext(o.workspaceId),
  );
  for (const path of [REQUEST, VERIFY, CONFIRM]) {
    const r = await post(path, member.apiKey, { newEmail: 'x@example.org', otp: '123456' });
    assert.is(r.status, 403, path);
    assert.is(r.body.code, 'INSUFFICIENT_SCOPE');
    assert.match(r.body.error, /account:write/);
  }
  assert.is((await app.api('GET', BASE, { apiKey: member.apiKey })).status, 200);
  assert.is((await post(REQUEST, 'not-a-key', { newEmail: 'x@example.org' })).status, 401);
});

test('request-change and verify-identity share 5 per hour per API key (429 with Retry-After)', async () => {
  const o = await owner();
  const target = `limit${serial()}@example.org`;
  for (let i = 0; i < 3; i++) assert.is((await post(REQUEST, o.key, { newEmail: target })).status, 200);
  const code = mailbox.latestCode(o.email);
  assert.is((await post(VERIFY, o.key, { newEmail: target, otp: wrongCode(code) })).status, 400);
  assert.is((await post(VERIFY, o.key, { newEmail: target, otp: code })).status, 200);
  for (const [path, body] of [
    [REQUEST, { newEmail: target }],
    [VERIFY, { newEmail: target, otp: code }],
  ] as const) {
    const r = await post(path, o.key, body);
    assert.is(r.status, 429, path);
    assert.is(r.body.code, 'EMAIL_CHANGE_RATE_LIMIT');
    const retry = Number(r.headers.get('retry-after'));
    assert.ok(retry > 3000 && retry <= 3600, `Retry-After ${retry}`);
  }
  // Confirm is not limited, and the limit is per key: another key of the same workspace goes on.
  const other = await freshKey(o);
  assert.is((await post(CONFIRM, o.key, { newEmail: target, otp: mailbox.latestCode(target) })).status, 200);
  assert.is((await post(REQUEST, other, { newEmail: `after${serial()}@example.org` })).status, 200);
});

test('audit: every step is an event with the key as actor and the request metadata; no code in any event', async () => {
  const o = await owner();
  const target = `audit${serial()}@example.org`;
  const codes: string[] = [];
  const identity = await stepOne(o, target);
  codes.push(identity);
  await post(VERIFY, o.key, { newEmail: target, otp: wrongCode(identity) });
  codes.push(wrongCode(identity));
  const newCode = await stepTwo(o, target, identity);
  codes.push(newCode);
  const r = await app.api('POST', CONFIRM, {
    apiKey: o.key,
    body: { newEmail: target, otp: newCode },
    headers: { 'user-agent': 'audit-test/1.0', 'x-request-id': 'audit-req-1' },
  });
  assert.is(r.status, 200);

  const events = await app.services.events.readStream(`user-${o.ownerId}`);
  const types = events.map((e) => e.type);
  assert.equal(types, [
    'UserRegistered',
    'EmailChangeRequested',
    'EmailChangeCodeRejected',
    'EmailChangeIdentityVerified',
    'EmailChanged',
  ]);
  for (const e of events.slice(1)) {
    assert.equal(e.metadata.actor, { type: 'apiKey', id: o.keyId }, e.type);
    assert.is(e.metadata.workspaceId, o.workspaceId);
    const request = (e.metadata as { request?: { ip?: string; userAgent?: string } }).request;
    assert.ok(request?.ip, `${e.type} records the caller's address`);
    assert.ok(e.metadata.requestId && e.metadata.occurredAt);
  }
  const last = events[events.length - 1]!;
  assert.is(last.metadata.requestId, 'audit-req-1');
  assert.is((last.metadata as { request?: { userAgent?: string } }).request?.userAgent, 'audit-test/1.0');
  assert.equal(last.data, {
    requestId: (events[1]!.data as { requestId: string }).requestId,
    oldEmail: o.email,
    newEmail: target,
  });

  // Not in this stream, nor in the reservation streams, nor anywhere in the log.
  const all = await app.services.events.readAll({ limit: 100_000 });
  const log = JSON.stringify(all, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  for (const code of codes) assert.not.ok(log.includes(code), `code ${code} appears in the event log`);
  assert.not.ok(log.includes(o.key), 'the API key appears in the event log');
  const reservationEvents = await app.services.events.readStream(reservationStream('email', target));
  assert.equal(
    reservationEvents.map((e) => e.type),
    ['NameReserved'],
  );
  assert.equal(reservationEvents[0]!.metadata.actor, { type: 'apiKey', id: o.keyId });
});

test('a mail server that refuses the code answers 502; a new request-change retries', async () => {
  const o = await owner();
  const target = `unreachable${serial()}@example.org`;
  mailbox.refuse.add(o.email);
  try {
    const r = await post(REQUEST, o.key, { newEmail: target });
    assert.is(r.status, 502);
    assert.is(r.body.code, 'MAIL_DELIVERY_FAILED');
    assert.not.match(JSON.stringify(r.body), /\d{6}/);
  } finally {
    mailbox.refuse.delete(o.email);
  }
  const code = await stepOne(o, target);
  mailbox.refuse.add(target);
  try {
    const r = await post(VERIFY, o.key, { newEmail: target, otp: code });
    assert.is(r.status, 502, 'the new-address code could not be sent');
  } finally {
    mailbox.refuse.delete(target);
  }
  // The identity step is spent; starting over works.
  const key = await freshKey(o);
  const again = (await post(REQUEST, key, { newEmail: target }), mailbox.latestCode(o.email));
  const r = await post(VERIFY, key, { newEmail: target, otp: again });
  assert.is(r.status, 200);
  assert.is((await post(CONFIRM, key, { newEmail: target, otp: mailbox.latestCode(target) })).status, 200);
  assert.is(await emailOf(o), target);
});

test('requests whose code could not be mailed (502) do not spend the hourly budget', async () => {
  const o = await owner();
  const target = `mail-down${serial()}@example.org`;
  mailbox.refuse.add(o.email);
  try {
    for (let i = 0; i < 7; i++)
      assert.is((await post(REQUEST, o.key, { newEmail: target })).status, 502, `try ${i + 1} while mail is down`);
  } finally {
    mailbox.refuse.delete(o.email);
  }
  // The refund lands just after each answer: mail is back and the key still has its 5.
  for (let i = 0; i < 5; i++)
    assert.is((await post(REQUEST, o.key, { newEmail: target })).status, 200, `try ${i + 1} once mail is back`);
  assert.is((await post(REQUEST, o.key, { newEmail: target })).status, 429, 'and the budget still holds');
});

test('requests refused for their input (400 before any mail or code check) do not spend the hourly budget', async () => {
  const o = await owner();
  for (let i = 0; i < 7; i++) {
    const r = await post(REQUEST, o.key, i % 2 ? { newEmail: 'not an address' } : {});
    assert.is(r.status, 400, `malformed request-change ${i + 1}`);
    assert.is(r.body.code, 'VALIDATION_ERROR');
  }
  assert.is(
    (await post(VERIFY, o.key, { newEmail: 'x@example.org', otp: 'abc' })).status,
    400,
    'an otp that is not 6 digits',
  );
  const target = `after-typos${serial()}@example.org`;
  for (let i = 0; i < 5; i++)
    assert.is((await post(REQUEST, o.key, { newEmail: target })).status, 200, `try ${i + 1} after the typos`);
  assert.is((await post(REQUEST, o.key, { newEmail: target })).status, 429, 'the budget itself still holds');
});

test('close', closeHarness);

test.run();

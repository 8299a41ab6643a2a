/** The folded user account: registration + profile + email change, and its decisions. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NotFoundError, ValidationError } from '../../../domain/errors.js';
import { codeHasher } from '../../../domain/account/emailChange.js';
import {
  decideAccountEmailChange,
  decideProfileUpdate,
  evolveUserAccount,
  initialUserAccount,
  userDecider,
  type UserAccountEvent,
  type UserAccountState,
} from '../../../domain/user/userAccount.js';

const hashCode = codeHasher('server-pepper');
const T0 = new Date('2030-05-01T12:00:00Z');
const in10 = new Date(T0.getTime() + 10 * 60_000).toISOString();
const fold = (events: UserAccountEvent[]): UserAccountState => events.reduce(evolveUserAccount, initialUserAccount);
const registered: UserAccountEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    workspaceId: 'w1',
    email: 'old@example.com',
    name: 'Owner',
    passwordHash: null,
    timezone: 'UTC',
  },
};
const requested: UserAccountEvent = {
  type: 'EmailChangeRequested',
  data: {
    requestId: 'r1',
    newEmail: 'new@example.com',
    codeHash: hashCode('111111', 's1'),
    salt: 's1',
    expiresAt: in10,
  },
};

test('the fold combines registration, profile and the email-change slice', () => {
  const s = fold([
    registered,
    { type: 'ProfileUpdated', data: { userId: 'u1', changes: { phone: '+1 555 0100', timezone: 'Europe/Paris' } } },
    { type: 'ProfileUpdated', data: { userId: 'u1', changes: { phone: null } } },
    requested,
  ]);
  assert.is(s.registration.exists, true);
  assert.is(s.registration.email, 'old@example.com');
  assert.equal(s.profile, { name: 'Owner', phone: null, dateOfBirth: null, address: null, timezone: 'Europe/Paris' });
  assert.is(s.emailChange.pending?.requestId, 'r1');
  const changed = evolveUserAccount(s, {
    type: 'EmailChanged',
    data: { requestId: 'r1', oldEmail: 'old@example.com', newEmail: 'new@example.com' },
  });
  assert.is(changed.registration.email, 'new@example.com');
  assert.is(changed.emailChange.pending, null);
});

test('EmailChangeExpired ends only the request it names', () => {
  const s = fold([registered, requested]);
  assert.is(evolveUserAccount(s, { type: 'EmailChangeExpired', data: { requestId: 'other', stage: 'identity' } }), s);
  assert.is(
    evolveUserAccount(s, { type: 'EmailChangeExpired', data: { requestId: 'r1', stage: 'identity' } }).emailChange
      .pending,
    null,
  );
});

test('a profile update records only the fields that change', () => {
  const s = fold([registered]);
  assert.equal(decideProfileUpdate('u1', { name: 'Owner', timezone: 'UTC' }, s), []);
  assert.equal(decideProfileUpdate('u1', { name: 'New', phone: null, address: 'Main St 1' }, s), [
    { type: 'ProfileUpdated', data: { userId: 'u1', changes: { name: 'New', address: 'Main St 1' } } },
  ]);
  assert.throws(
    () => decideProfileUpdate('u1', { name: 'x' }, initialUserAccount),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('verify or confirm after expiry records EmailChangeExpired and fails with CODE_EXPIRED', () => {
  const s = fold([registered, requested]);
  const at = (ms: number) => new Date(Date.parse(in10) + ms);
  const verify = (now: Date) =>
    decideAccountEmailChange(
      {
        type: 'verifyIdentity',
        data: {
          newEmail: 'new@example.com',
          codeHash: hashCode('111111', 's1'),
          newCodeHash: 'h',
          newSalt: 's2',
          expiresAt: in10,
          now,
        },
      },
      s,
    );
  const expired = verify(at(0));
  assert.equal(expired.events, [{ type: 'EmailChangeExpired', data: { requestId: 'r1', stage: 'identity' } }]);
  assert.instance(expired.error, ValidationError);
  assert.is(expired.error?.code, 'CODE_EXPIRED');
  const live = verify(at(-1));
  assert.is(live.error, undefined);
  assert.is(live.events[0]!.type, 'EmailChangeIdentityVerified');
  const confirm = decideAccountEmailChange(
    {
      type: 'confirmChange',
      data: { newEmail: 'new@example.com', codeHash: 'x', currentEmail: 'old@example.com', now: at(5) },
    },
    s,
  );
  assert.is(confirm.events[0]!.type, 'EmailChangeExpired');
});

test('request-change is never "expired" and an unknown user is not found', () => {
  const s = fold([registered, requested]);
  const again = decideAccountEmailChange(
    {
      type: 'requestChange',
      data: {
        requestId: 'r2',
        newEmail: 'n2@example.com',
        currentEmail: 'old@example.com',
        codeHash: 'h',
        salt: 's',
        expiresAt: in10,
      },
    },
    s,
  );
  assert.is(again.events[0]!.type, 'EmailChangeRequested');
  assert.throws(
    () =>
      decideAccountEmailChange(
        {
          type: 'requestChange',
          data: { requestId: 'r', newEmail: 'n@example.com', currentEmail: '', codeHash: 'h', expiresAt: in10 },
        },
        initialUserAccount,
      ),
    (e: unknown) => e instanceof NotFoundError,
  );
});

test('the user decider checks the typed code against the pending salt, and a wrong code is a rejection that records the attempt', () => {
  const s = fold([registered, requested]);
  const now = new Date(Date.parse(in10) - 60_000);
  const right = userDecider.decide(
    {
      type: 'VerifyEmailChangeIdentity',
      newEmail: 'new@example.com',
      otp: '111111',
      hashCode,
      newCodeHash: 'h',
      newSalt: 's2',
      expiresAt: in10,
      now,
    },
    s,
  );
  assert.ok(Array.isArray(right));
  assert.is((right as UserAccountEvent[])[0].type, 'EmailChangeIdentityVerified');
  const wrong = userDecider.decide(
    {
      type: 'VerifyEmailChangeIdentity',
      newEmail: 'new@example.com',
      otp: '222222',
      hashCode,
      newCodeHash: 'h',
      newSalt: 's2',
      expiresAt: in10,
      now,
    },
    s,
  );
  assert.not.ok(Array.isArray(wrong));
  const rejection = wrong as { events: UserAccountEvent[]; error: Error };
  assert.is(rejection.events[0].type, 'EmailChangeCodeRejected');
  assert.instance(rejection.error, ValidationError);
});

test('the right code checked under another pepper is refused: the pepper is part of the hash', () => {
  const s = fold([registered, requested]);
  const now = new Date(Date.parse(in10) - 60_000);
  const other = codeHasher('another-pepper');
  assert.is.not(other('111111', 's1'), hashCode('111111', 's1'));
  const outcome = userDecider.decide(
    {
      type: 'VerifyEmailChangeIdentity',
      newEmail: 'new@example.com',
      otp: '111111',
      hashCode: other,
      newCodeHash: 'h',
      newSalt: 's2',
      expiresAt: in10,
      now,
    },
    s,
  );
  assert.not.ok(Array.isArray(outcome));
  assert.is((outcome as { events: UserAccountEvent[] }).events[0].type, 'EmailChangeCodeRejected');
});

test('the user decider takes the current address from the state, not from the caller', () => {
  const s = fold([registered]);
  assert.throws(
    () =>
      userDecider.decide(
        {
          type: 'RequestEmailChange',
          requestId: 'r',
          newEmail: 'OLD@example.com',
          codeHash: 'h',
          salt: 's',
          expiresAt: in10,
        },
        s,
      ),
    (e: unknown) => e instanceof ValidationError && (e as ValidationError).code === 'EMAIL_UNCHANGED',
  );
});

test.run();

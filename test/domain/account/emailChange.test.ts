import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { type DomainError, ValidationError } from '../../../domain/errors.js';
import { fold } from '../../../domain/event.js';
import {
  EMAIL_CHANGE_MAX_ATTEMPTS,
  codeHasher,
  codesMatch,
  decideEmailChange,
  evolveEmailChange,
  hashCode,
  initialEmailChangeState,
  type EmailChangeCommand,
  type EmailChangeEvent,
  type EmailChangeState,
} from '../../../domain/account/emailChange.js';

const CURRENT = 'owner@example.com';
const NEW = 'new@example.org';
const t0 = new Date('2024-06-15T12:00:00Z');
const in10min = new Date(t0.getTime() + 10 * 60_000).toISOString();
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

const hash = codeHasher('test-pepper');
const salt1 = 'salt-request-1';
const salt2 = 'salt-new-address';
const identityCode = '123456';
const newAddressCode = '654321';

/** Runs a command the way the command layer does: append events, then raise the error. */
function run(state: EmailChangeState, command: EmailChangeCommand) {
  const decision = decideEmailChange(command, state);
  return { ...decision, state: fold(evolveEmailChange, state, decision.events) };
}

function requestChange(
  state: EmailChangeState,
  opts: { requestId?: string; newEmail?: string; code?: string; salt?: string } = {},
) {
  return run(state, {
    type: 'requestChange',
    data: {
      requestId: opts.requestId ?? 'req-1',
      newEmail: opts.newEmail ?? NEW,
      currentEmail: CURRENT,
      codeHash: hash(opts.code ?? identityCode, opts.salt ?? salt1),
      salt: opts.salt ?? salt1,
      expiresAt: in10min,
    },
  });
}

function verify(
  state: EmailChangeState,
  code: string,
  opts: { newEmail?: string; now?: Date; nextExpiresAt?: string } = {},
) {
  return run(state, {
    type: 'verifyIdentity',
    data: {
      newEmail: opts.newEmail ?? NEW,
      codeHash: hash(code, state.pending?.salt ?? salt1),
      newCodeHash: hash(newAddressCode, salt2),
      newSalt: salt2,
      expiresAt: opts.nextExpiresAt ?? new Date((opts.now ?? at(1)).getTime() + 10 * 60_000).toISOString(),
      now: opts.now ?? at(1),
    },
  });
}

function confirm(state: EmailChangeState, code: string, opts: { newEmail?: string; now?: Date } = {}) {
  return run(state, {
    type: 'confirmChange',
    data: {
      newEmail: opts.newEmail ?? NEW,
      codeHash: hash(code, state.pending?.salt ?? salt2),
      currentEmail: CURRENT,
      now: opts.now ?? at(2),
    },
  });
}

function throws(fn: () => unknown, cls: typeof DomainError, code: string, field?: string): DomainError {
  try {
    fn();
  } catch (err) {
    assert.instance(err, cls);
    const e = err as DomainError;
    assert.is(e.code, code);
    if (field !== undefined) assert.is((e as ValidationError).field, field);
    return e;
  }
  assert.unreachable('expected an error');
  throw new Error('unreachable');
}

test('hashCode is HMAC-SHA256 keyed with the pepper over salt:code, as a hex digest', () => {
  const h = hashCode('123456', 'salt', 'pepper');
  assert.match(h, /^[0-9a-f]{64}$/);
  assert.is(h, createHmac('sha256', 'pepper').update('salt:123456').digest('hex'));
  assert.is(h, hashCode('123456', 'salt', 'pepper'));
  assert.is.not(h, hashCode('123456', 'salt2', 'pepper'));
  assert.is.not(h, hashCode('123457', 'salt', 'pepper'));
  assert.is(hash('123456', 'salt'), hashCode('123456', 'salt', 'test-pepper'));
});

test('same code, same salt, another pepper: another hash, so hash and salt from the log do not give the code back', () => {
  assert.is.not(hashCode('123456', 'salt', 'pepper-a'), hashCode('123456', 'salt', 'pepper-b'));
  // The old scheme, keyed with the salt alone, is exactly what a reader of the log could brute-force.
  assert.is.not(hashCode('123456', 'salt', 'pepper-a'), createHmac('sha256', 'salt').update('123456').digest('hex'));
  // An empty pepper would be the same weakness again: refused, not defaulted.
  assert.throws(() => hashCode('123456', 'salt', ''), /pepper/);
  assert.throws(() => codeHasher(''), /pepper/);
});

test('codesMatch compares exactly, including different lengths', () => {
  assert.ok(codesMatch('abc', 'abc'));
  assert.not.ok(codesMatch('abc', 'abd'));
  assert.not.ok(codesMatch('abc', 'abcd'));
  assert.not.ok(codesMatch('', 'a'));
});

test('full happy path: request, verify identity, confirm', () => {
  const r = requestChange(initialEmailChangeState);
  assert.is(r.error, undefined);
  assert.equal(
    r.events.map((e) => e.type),
    ['EmailChangeRequested'],
  );
  assert.equal(r.state.pending, {
    requestId: 'req-1',
    newEmail: NEW,
    stage: 'identity',
    codeHash: hash(identityCode, salt1),
    salt: salt1,
    expiresAt: in10min,
    attemptsLeft: EMAIL_CHANGE_MAX_ATTEMPTS,
  });

  const v = verify(r.state, identityCode);
  assert.is(v.error, undefined);
  assert.equal(v.events, [
    {
      type: 'EmailChangeIdentityVerified',
      data: {
        requestId: 'req-1',
        newEmail: NEW,
        codeHash: hash(newAddressCode, salt2),
        expiresAt: at(11).toISOString(),
        salt: salt2,
      },
    },
  ]);
  assert.is(v.state.pending!.stage, 'newAddress');
  assert.is(v.state.pending!.salt, salt2);

  const c = confirm(v.state, newAddressCode);
  assert.is(c.error, undefined);
  assert.equal(c.events, [{ type: 'EmailChanged', data: { requestId: 'req-1', oldEmail: CURRENT, newEmail: NEW } }]);
  assert.is(c.state.pending, null);
});

test('newEmail is normalised on request and compared normalised later', () => {
  const r = requestChange(initialEmailChangeState, { newEmail: '  New@Example.ORG ' });
  assert.is(r.state.pending!.newEmail, NEW);
  const v = verify(r.state, identityCode, { newEmail: 'NEW@example.org' });
  assert.is(v.error, undefined);
});

test('request: new address must differ from the current one and be valid', () => {
  throws(
    () => requestChange(initialEmailChangeState, { newEmail: 'Owner@Example.com' }),
    ValidationError,
    'EMAIL_UNCHANGED',
    'newEmail',
  );
  throws(
    () => requestChange(initialEmailChangeState, { newEmail: 'not-an-email' }),
    ValidationError,
    'VALIDATION_ERROR',
    'newEmail',
  );
});

test('the new-address code alone never completes a change', () => {
  // Without step 2 there is no new-address code; confirm is refused whatever is sent.
  const r = requestChange(initialEmailChangeState);
  throws(() => confirm(r.state, newAddressCode), ValidationError, 'EMAIL_CHANGE_STEP');
  // Even the right identity code cannot be used to skip step 2.
  throws(() => confirm(r.state, identityCode, { newEmail: NEW }), ValidationError, 'EMAIL_CHANGE_STEP');
  // And after step 2, the current-address code is not accepted for step 3.
  const v = verify(r.state, identityCode);
  const c = confirm(v.state, identityCode);
  assert.instance(c.error, ValidationError);
  assert.is(c.error!.code, 'INVALID_CODE');
  assert.equal(
    c.events.map((e) => e.type),
    ['EmailChangeCodeRejected'],
  );
  assert.not.ok(c.events.some((e) => e.type === 'EmailChanged'));
});

test('confirm or verify without any pending request is a step conflict', () => {
  throws(() => confirm(initialEmailChangeState, newAddressCode), ValidationError, 'EMAIL_CHANGE_STEP');
  throws(() => verify(initialEmailChangeState, identityCode), ValidationError, 'EMAIL_CHANGE_STEP');
});

test('verify-identity twice is a step conflict', () => {
  const v = verify(requestChange(initialEmailChangeState).state, identityCode);
  throws(() => verify(v.state, newAddressCode), ValidationError, 'EMAIL_CHANGE_STEP');
});

test('mismatched newEmail is a 400 naming newEmail, and spends no attempt', () => {
  const r = requestChange(initialEmailChangeState);
  const e = throws(
    () => verify(r.state, identityCode, { newEmail: 'other@example.org' }),
    ValidationError,
    'EMAIL_MISMATCH',
    'newEmail',
  );
  assert.match(e.message, /newEmail/);
  const v = verify(r.state, identityCode);
  throws(
    () => confirm(v.state, newAddressCode, { newEmail: 'other@example.org' }),
    ValidationError,
    'EMAIL_MISMATCH',
    'newEmail',
  );
  assert.is(v.state.pending!.attemptsLeft, EMAIL_CHANGE_MAX_ATTEMPTS);
});

test('expired codes are refused at both steps', () => {
  const r = requestChange(initialEmailChangeState);
  throws(() => verify(r.state, identityCode, { now: at(10) }), ValidationError, 'CODE_EXPIRED', 'otp');
  throws(() => verify(r.state, identityCode, { now: at(60) }), ValidationError, 'CODE_EXPIRED', 'otp');
  // Just inside the window still works.
  const v = verify(r.state, identityCode, { now: new Date(Date.parse(in10min) - 1) });
  assert.is(v.error, undefined);
  const expiresAt = Date.parse(v.state.pending!.expiresAt);
  throws(() => confirm(v.state, newAddressCode, { now: new Date(expiresAt) }), ValidationError, 'CODE_EXPIRED', 'otp');
  assert.is(confirm(v.state, newAddressCode, { now: new Date(expiresAt - 1) }).error, undefined);
});

test('wrong codes count down and the fifth burns the request', () => {
  let state = requestChange(initialEmailChangeState).state;
  for (let i = 1; i < EMAIL_CHANGE_MAX_ATTEMPTS; i++) {
    const v = verify(state, '000000');
    assert.instance(v.error, ValidationError);
    assert.is(v.error!.code, 'INVALID_CODE');
    assert.is((v.error as ValidationError).field, 'otp');
    assert.equal(v.events, [
      {
        type: 'EmailChangeCodeRejected',
        data: { requestId: 'req-1', stage: 'identity', attemptsLeft: EMAIL_CHANGE_MAX_ATTEMPTS - i },
      },
    ]);
    state = v.state;
    assert.is(state.pending!.attemptsLeft, EMAIL_CHANGE_MAX_ATTEMPTS - i);
  }
  const burned = verify(state, '000000');
  assert.equal(burned.events, [{ type: 'EmailChangeCodeBurned', data: { requestId: 'req-1', stage: 'identity' } }]);
  assert.is(burned.error!.code, 'INVALID_CODE');
  assert.match(burned.error!.message, /request a new email change/);
  assert.is(burned.state.pending, null);
  // The right code is useless once burned.
  throws(() => verify(burned.state, identityCode), ValidationError, 'EMAIL_CHANGE_STEP');
});

test('wrong codes at the new-address step burn too, and the counter restarts at step 2', () => {
  let state = requestChange(initialEmailChangeState).state;
  state = verify(state, '000000').state;
  state = verify(state, identityCode).state;
  assert.is(state.pending!.attemptsLeft, EMAIL_CHANGE_MAX_ATTEMPTS);
  for (let i = 0; i < EMAIL_CHANGE_MAX_ATTEMPTS - 1; i++) state = confirm(state, '111111').state;
  const last = confirm(state, '111111');
  assert.equal(
    last.events.map((e) => e.type),
    ['EmailChangeCodeBurned'],
  );
  assert.is(last.state.pending, null);
  throws(() => confirm(last.state, newAddressCode), ValidationError, 'EMAIL_CHANGE_STEP');
});

test('a new request supersedes the earlier one', () => {
  const first = requestChange(initialEmailChangeState, { requestId: 'req-1', code: '111111', salt: 's1' });
  const half = verify(first.state, '111111');
  const second = requestChange(half.state, {
    requestId: 'req-2',
    newEmail: 'third@example.net',
    code: '222222',
    salt: 's2',
  });
  assert.equal(
    {
      requestId: second.state.pending!.requestId,
      stage: second.state.pending!.stage,
      newEmail: second.state.pending!.newEmail,
    },
    { requestId: 'req-2', stage: 'identity', newEmail: 'third@example.net' },
  );
  // The first request's address and codes no longer work.
  throws(() => confirm(second.state, newAddressCode, { newEmail: NEW }), ValidationError, 'EMAIL_CHANGE_STEP');
  throws(() => verify(second.state, '222222', { newEmail: NEW }), ValidationError, 'EMAIL_MISMATCH');
  assert.is(verify(second.state, '111111', { newEmail: 'third@example.net' }).error!.code, 'INVALID_CODE');
  assert.is(verify(second.state, '222222', { newEmail: 'third@example.net' }).error, undefined);
});

test('events of a superseded request do not touch the current one', () => {
  const events: EmailChangeEvent[] = [
    { type: 'EmailChangeRequested', data: { requestId: 'old', newEmail: NEW, codeHash: 'h1', expiresAt: in10min } },
    { type: 'EmailChangeRequested', data: { requestId: 'cur', newEmail: NEW, codeHash: 'h2', expiresAt: in10min } },
    { type: 'EmailChangeCodeRejected', data: { requestId: 'old', stage: 'identity', attemptsLeft: 1 } },
    { type: 'EmailChangeCodeBurned', data: { requestId: 'old', stage: 'identity' } },
    {
      type: 'EmailChangeIdentityVerified',
      data: { requestId: 'old', newEmail: NEW, codeHash: 'h3', expiresAt: in10min },
    },
  ];
  const state = fold(evolveEmailChange, initialEmailChangeState, events);
  assert.equal(state.pending, {
    requestId: 'cur',
    newEmail: NEW,
    stage: 'identity',
    codeHash: 'h2',
    expiresAt: in10min,
    attemptsLeft: EMAIL_CHANGE_MAX_ATTEMPTS,
  });
});

test.run();

/**
 * The three-step account email change, as a slice of the user aggregate.
 *
 * An API key alone must never move the account: step 1 sends a code to the current
 * inbox, step 2 proves access to it and only then sends a code to the new inbox,
 * step 3 proves access to the new inbox. The command layer generates codes, salts,
 * ids and expiry times and hashes submitted codes; this module only compares hashes,
 * so it stays pure and never sees a plaintext code.
 *
 * Codes are hashed with a server-side secret, the code pepper (`hashCode`), that is never
 * in the log: the log shows hash and salt to whoever reads it, and a 6-digit code keyed
 * with the salt alone falls to 10^6 HMACs in seconds.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConflictError, ValidationError, type DomainError } from '../errors.js';
import type { DomainEvent } from '../event.js';
import { validateEmailAddress } from './profileRules.js';

export const EMAIL_CHANGE_MAX_ATTEMPTS = 5;
export const EMAIL_CHANGE_CODE_TTL_MS = 10 * 60 * 1000;

export type EmailChangeStage = 'identity' | 'newAddress';

export interface PendingEmailChange {
  requestId: string;
  newEmail: string;
  /** Which inbox the live code went to: the current one ('identity') or the new one. */
  stage: EmailChangeStage;
  codeHash: string;
  /** Key the live code was hashed with; the command layer needs it to hash a submitted code. */
  salt?: string;
  expiresAt: string;
  attemptsLeft: number;
}

export interface EmailChangeState {
  pending: null | PendingEmailChange;
}

export const initialEmailChangeState: EmailChangeState = { pending: null };

export type EmailChangeRequested = DomainEvent<
  'EmailChangeRequested',
  { requestId: string; newEmail: string; codeHash: string; salt?: string; expiresAt: string }
>;
export type EmailChangeIdentityVerified = DomainEvent<
  'EmailChangeIdentityVerified',
  { requestId: string; newEmail: string; codeHash: string; salt?: string; expiresAt: string }
>;
export type EmailChangeCodeRejected = DomainEvent<
  'EmailChangeCodeRejected',
  { requestId: string; stage: EmailChangeStage; attemptsLeft: number }
>;
export type EmailChangeCodeBurned = DomainEvent<
  'EmailChangeCodeBurned',
  { requestId: string; stage: EmailChangeStage }
>;
export type EmailChanged = DomainEvent<'EmailChanged', { requestId: string; oldEmail: string; newEmail: string }>;

export type EmailChangeEvent =
  | EmailChangeRequested
  | EmailChangeIdentityVerified
  | EmailChangeCodeRejected
  | EmailChangeCodeBurned
  | EmailChanged;

export type RequestEmailChange = {
  type: 'requestChange';
  data: {
    requestId: string;
    newEmail: string;
    currentEmail: string;
    codeHash: string;
    salt?: string;
    expiresAt: string;
  };
};
export type VerifyEmailChangeIdentity = {
  type: 'verifyIdentity';
  /** codeHash: the submitted code hashed with pending.salt; newCodeHash/newSalt: the code for the new inbox. */
  data: { newEmail: string; codeHash: string; newCodeHash: string; newSalt?: string; expiresAt: string; now: Date };
};
export type ConfirmEmailChange = {
  type: 'confirmChange';
  /**
   * addressTaken: another account holds newEmail. Told only to whoever proves the new inbox
   * with its code: the earlier steps answer alike for any address, so they reveal no account.
   */
  data: { newEmail: string; codeHash: string; currentEmail: string; now: Date; addressTaken?: boolean };
};

export type EmailChangeCommand = RequestEmailChange | VerifyEmailChangeIdentity | ConfirmEmailChange;

/**
 * `error`, when present, must be thrown by the caller AFTER appending `events`:
 * a wrong code has to be recorded (it spends an attempt) and still be reported as a
 * failure. Failures that record nothing are thrown directly instead.
 */
export interface EmailChangeDecision {
  events: EmailChangeEvent[];
  error?: DomainError;
}

export function decideEmailChange(command: EmailChangeCommand, state: EmailChangeState): EmailChangeDecision {
  switch (command.type) {
    case 'requestChange':
      return requestChange(command.data);
    case 'verifyIdentity':
      return verifyIdentity(command.data, state);
    case 'confirmChange':
      return confirmChange(command.data, state);
  }
}

function requestChange(data: RequestEmailChange['data']): EmailChangeDecision {
  const newEmail = validateEmailAddress(data.newEmail, 'newEmail');
  if (newEmail === data.currentEmail.trim().toLowerCase()) {
    throw new ValidationError('newEmail must differ from the current email address', 'newEmail', 'EMAIL_UNCHANGED');
  }
  // No check against an earlier pending request: asking again supersedes it, so a
  // lost or expired code never locks the owner out.
  const event: EmailChangeRequested = {
    type: 'EmailChangeRequested',
    data: {
      requestId: data.requestId,
      newEmail,
      codeHash: data.codeHash,
      expiresAt: data.expiresAt,
      ...salt(data.salt),
    },
  };
  return { events: [event] };
}

/** The pending request, when it is at `stage`; otherwise the step error a person can act on. */
function pendingAt(state: EmailChangeState, stage: EmailChangeStage, wrongStage: string): PendingEmailChange {
  if (!state.pending) throw noPendingRequest();
  if (state.pending.stage !== stage) throw stepError(wrongStage);
  return state.pending;
}

function verifyIdentity(data: VerifyEmailChangeIdentity['data'], state: EmailChangeState): EmailChangeDecision {
  const pending = pendingAt(
    state,
    'identity',
    'Identity is already verified for this email change; confirm it with the code sent to the new address',
  );
  const rejected = checkCode(pending, data.newEmail, data.codeHash, data.now);
  if (rejected) return rejected;
  const event: EmailChangeIdentityVerified = {
    type: 'EmailChangeIdentityVerified',
    data: {
      requestId: pending.requestId,
      newEmail: pending.newEmail,
      codeHash: data.newCodeHash,
      expiresAt: data.expiresAt,
      ...salt(data.newSalt),
    },
  };
  return { events: [event] };
}

function confirmChange(data: ConfirmEmailChange['data'], state: EmailChangeState): EmailChangeDecision {
  // The reason the flow has three steps: a code for the new inbox only exists once
  // the current inbox has vouched for the change, so this stage check is the guard
  // that stops an API-key holder from moving the account on their own.
  const pending = pendingAt(
    state,
    'newAddress',
    'Verify your identity with the code sent to the current address before confirming the change',
  );
  const rejected = checkCode(pending, data.newEmail, data.codeHash, data.now);
  if (rejected) return rejected;
  if (data.addressTaken)
    throw new ConflictError(`The address ${pending.newEmail} is already used by another account`, 'EMAIL_TAKEN');
  const event: EmailChanged = {
    type: 'EmailChanged',
    data: { requestId: pending.requestId, oldEmail: data.currentEmail, newEmail: pending.newEmail },
  };
  return { events: [event] };
}

/** Returns a decision when the code is refused (an attempt is spent), nothing when it is accepted. */
function checkCode(
  pending: PendingEmailChange,
  submittedEmail: string,
  submittedHash: string,
  now: Date,
): EmailChangeDecision | undefined {
  const newEmail = validateEmailAddress(submittedEmail, 'newEmail');
  if (newEmail !== pending.newEmail) {
    throw new ValidationError(
      'newEmail does not match the address given when the change was requested',
      'newEmail',
      'EMAIL_MISMATCH',
    );
  }
  // Expiry is not recorded as an event: it follows from the state and the clock alone.
  if (now.getTime() >= Date.parse(pending.expiresAt)) {
    throw new ValidationError('The code has expired; request a new email change', 'otp', 'CODE_EXPIRED');
  }
  if (codesMatch(submittedHash, pending.codeHash)) return undefined;

  const attemptsLeft = pending.attemptsLeft - 1;
  if (attemptsLeft <= 0) {
    return {
      events: [{ type: 'EmailChangeCodeBurned', data: { requestId: pending.requestId, stage: pending.stage } }],
      error: new ValidationError(
        'The code is incorrect and too many wrong codes were entered; request a new email change',
        'otp',
        'INVALID_CODE',
      ),
    };
  }
  return {
    events: [
      { type: 'EmailChangeCodeRejected', data: { requestId: pending.requestId, stage: pending.stage, attemptsLeft } },
    ],
    error: new ValidationError(
      `The code is incorrect; ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left`,
      'otp',
      'INVALID_CODE',
    ),
  };
}

/**
 * A step out of order is a bad request (400), not a conflict: the API keeps 409 for
 * duplicates. The code EMAIL_CHANGE_STEP tells it apart from a wrong code.
 */
function stepError(message: string): ValidationError {
  return new ValidationError(message, undefined, 'EMAIL_CHANGE_STEP');
}

function noPendingRequest(): ValidationError {
  return stepError('No email change is pending; start with request-change');
}

/** A live code for `stage`, with every attempt still left. */
function freshCode(
  data: { requestId: string; newEmail: string; codeHash: string; salt?: string; expiresAt: string },
  stage: EmailChangeStage,
): PendingEmailChange {
  const { requestId, newEmail, codeHash, expiresAt } = data;
  return {
    requestId,
    newEmail,
    stage,
    codeHash,
    ...salt(data.salt),
    expiresAt,
    attemptsLeft: EMAIL_CHANGE_MAX_ATTEMPTS,
  };
}

export function evolveEmailChange(state: EmailChangeState, event: EmailChangeEvent): EmailChangeState {
  switch (event.type) {
    case 'EmailChangeRequested':
      return { pending: freshCode(event.data, 'identity') };
    case 'EmailChangeIdentityVerified':
      if (state.pending?.requestId !== event.data.requestId) return state;
      return { pending: freshCode(event.data, 'newAddress') };
    // Events of a superseded request are ignored, so replaying history in any
    // interleaving never lets an old request's failures touch the current one.
    case 'EmailChangeCodeRejected':
      if (state.pending?.requestId !== event.data.requestId) return state;
      return { pending: { ...state.pending, attemptsLeft: event.data.attemptsLeft } };
    case 'EmailChangeCodeBurned':
      if (state.pending?.requestId !== event.data.requestId) return state;
      return { pending: null };
    case 'EmailChanged':
      return { pending: null };
    default:
      return state;
  }
}

/**
 * HMAC-SHA256 keyed with the code pepper over `salt:code`. The pepper (a server secret,
 * never in the log) is what makes the hash useless to a reader of the log; the per-request
 * salt still makes equal codes of different requests hash differently.
 *
 * Requests hashed before the pepper existed (HMAC keyed with the salt alone) simply fail
 * verification after an upgrade: a code lives 10 minutes, so no migration is worth it.
 */
export function hashCode(code: string, salt: string, pepper: string): string {
  // An empty key would quietly bring back the brute-forceable hash this exists to prevent.
  if (!pepper) throw new Error('hashCode needs the code pepper');
  return createHmac('sha256', pepper).update(`${salt}:${code}`, 'utf8').digest('hex');
}

/** `hashCode` with the pepper bound, so the pepper itself never travels in a command. */
export type CodeHasher = (code: string, salt: string) => string;

export function codeHasher(pepper: string): CodeHasher {
  if (!pepper) throw new Error('codeHasher needs the code pepper');
  return (code, salt) => hashCode(code, salt, pepper);
}

/** Constant-time equality, so response timing reveals nothing about how close a guess was. */
export function codesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Digests here always have one length, so leaking a length mismatch reveals nothing.
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

// Keeps `salt: undefined` out of event data, which would otherwise serialize inconsistently.
function salt(value: string | undefined): { salt?: string } {
  return value === undefined ? {} : { salt: value };
}

/**
 * The full user aggregate as the account commands see it: registration, the owner's
 * profile and the email-change slice, folded from the one `user-<id>` stream.
 */
import type { Decider, DomainEvent, Rejection } from '../event.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { ProfilePatch } from '../account/profileRules.js';
import {
  decideEmailChange,
  evolveEmailChange,
  initialEmailChangeState,
  type CodeHasher,
  type EmailChangeCommand,
  type EmailChangeDecision,
  type EmailChangeEvent,
  type EmailChangeStage,
  type EmailChangeState,
} from '../account/emailChange.js';
import {
  decideRegister,
  evolveRegistration,
  initialUserRegistration,
  type UserRegistered,
  type UserRegistration,
} from './user.js';

export interface UserProfile {
  name: string;
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
  timezone: string;
}

export interface UserAccountState {
  registration: UserRegistration;
  profile: UserProfile;
  emailChange: EmailChangeState;
  /** The scrypt hash of the password (commands/passwordHash.ts); null: signs in by code, link or OIDC only. */
  passwordHash: string | null;
}

export type ProfileUpdated = DomainEvent<'ProfileUpdated', { userId: string; changes: Partial<UserProfile> }>;

/**
 * Recorded when a verify or confirm finds the pending request past its expiry, so the
 * request ends in the log (and its reserved address can be released) instead of
 * lingering until the owner happens to start another one.
 */
export type EmailChangeExpired = DomainEvent<'EmailChangeExpired', { requestId: string; stage: EmailChangeStage }>;

/** The password was set or changed (the owner's first one, an invite's, or a change): only its hash. */
export type PasswordChanged = DomainEvent<'PasswordChanged', { userId: string; passwordHash: string }>;

export type UserAccountEvent =
  | UserRegistered
  | ProfileUpdated
  | EmailChangeEvent
  | EmailChangeExpired
  | PasswordChanged;

export const initialUserAccount: UserAccountState = {
  registration: initialUserRegistration,
  profile: { name: '', phone: null, dateOfBirth: null, address: null, timezone: 'UTC' },
  emailChange: initialEmailChangeState,
  passwordHash: null,
};

export function evolveUserAccount(state: UserAccountState, event: UserAccountEvent): UserAccountState {
  const registration = evolveRegistration(state.registration, event);
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        registration,
        passwordHash: event.data.passwordHash,
        profile: { ...state.profile, name: event.data.name, timezone: event.data.timezone },
      };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'ProfileUpdated':
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case 'EmailChangeExpired':
      if (state.emailChange.pending?.requestId !== event.data.requestId) return state;
      return { ...state, emailChange: { pending: null } };
    default:
      return { ...state, registration, emailChange: evolveEmailChange(state.emailChange, event as EmailChangeEvent) };
  }
}

/** Only the fields that really change become an event; an empty list means nothing to record. */
export function decideProfileUpdate(userId: string, patch: ProfilePatch, state: UserAccountState): ProfileUpdated[] {
  if (!state.registration.exists) throw new NotFoundError('Account not found');
  const changes: Partial<UserProfile> = {};
  for (const [key, value] of Object.entries(patch) as Array<[keyof UserProfile, string | null]>) {
    if (value !== undefined && state.profile[key] !== value) (changes as Record<string, unknown>)[key] = value;
  }
  return Object.keys(changes).length ? [{ type: 'ProfileUpdated', data: { userId, changes } }] : [];
}

/**
 * The email-change decision with expiry recorded: a code presented after the request
 * expired ends the request with an event and still fails, like a burned code.
 */
export function decideAccountEmailChange(
  command: EmailChangeCommand,
  state: UserAccountState,
): { events: Array<EmailChangeEvent | EmailChangeExpired>; error?: EmailChangeDecision['error'] } {
  if (!state.registration.exists) throw new NotFoundError('Account not found');
  const pending = state.emailChange.pending;
  if (command.type !== 'requestChange' && pending && command.data.now.getTime() >= Date.parse(pending.expiresAt)) {
    return {
      events: [{ type: 'EmailChangeExpired', data: { requestId: pending.requestId, stage: pending.stage } }],
      error: new ValidationError('The code has expired; request a new email change', 'otp', 'CODE_EXPIRED'),
    };
  }
  return decideEmailChange(command, state.emailChange);
}

export type UserCommand =
  | ({ type: 'RegisterUser' } & UserRegistered['data'])
  | { type: 'UpdateProfile'; userId: string; patch: ProfilePatch }
  /** passwordHash: already hashed by the command layer (scrypt is I/O-bound, deciders are pure). */
  | { type: 'SetPassword'; userId: string; passwordHash: string }
  /** The code for the current inbox, already hashed: the clear code never reaches the log. */
  | {
      type: 'RequestEmailChange';
      requestId: string;
      newEmail: string;
      codeHash: string;
      salt: string;
      expiresAt: string;
    }
  /**
   * otp: the code the owner typed, hashed here with the pending request's salt (read from the
   * same state the decision uses) by `hashCode`, which carries the server's code pepper.
   */
  | {
      type: 'VerifyEmailChangeIdentity';
      newEmail: string;
      otp: string;
      hashCode: CodeHasher;
      newCodeHash: string;
      newSalt: string;
      expiresAt: string;
      now: Date;
    }
  /** addressTaken: another account holds newEmail (reported only once the new-inbox code is right). */
  | {
      type: 'ConfirmEmailChange';
      newEmail: string;
      otp: string;
      hashCode: CodeHasher;
      now: Date;
      addressTaken?: boolean;
    };

type EmailChangeOutcome = { events: UserAccountEvent[]; error?: Error };

function asDecision(outcome: EmailChangeOutcome): UserAccountEvent[] | Rejection<UserAccountEvent> {
  return outcome.error ? { events: outcome.events, error: outcome.error } : outcome.events;
}

export function decideUser(
  command: UserCommand,
  state: UserAccountState,
): UserAccountEvent[] | Rejection<UserAccountEvent> {
  const submitted = (command: { otp: string; hashCode: CodeHasher }) =>
    command.hashCode(command.otp, state.emailChange.pending?.salt ?? '');
  switch (command.type) {
    case 'RegisterUser': {
      const { type: _t, ...data } = command;
      return decideRegister(data, state.registration);
    }
    case 'UpdateProfile':
      return decideProfileUpdate(command.userId, command.patch, state);
    case 'SetPassword':
      if (!state.registration.exists) throw new NotFoundError('Account not found');
      return [{ type: 'PasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } }];
    case 'RequestEmailChange': {
      const { type: _t, ...data } = command;
      return asDecision(
        decideAccountEmailChange(
          { type: 'requestChange', data: { ...data, currentEmail: state.registration.email ?? '' } },
          state,
        ),
      );
    }
    case 'VerifyEmailChangeIdentity': {
      const { newEmail, newCodeHash, newSalt, expiresAt, now } = command;
      return asDecision(
        decideAccountEmailChange(
          {
            type: 'verifyIdentity',
            data: { newEmail, codeHash: submitted(command), newCodeHash, newSalt, expiresAt, now },
          },
          state,
        ),
      );
    }
    case 'ConfirmEmailChange': {
      const { newEmail, now, addressTaken } = command;
      const currentEmail = state.registration.email ?? '';
      return asDecision(
        decideAccountEmailChange(
          { type: 'confirmChange', data: { newEmail, codeHash: submitted(command), currentEmail, now, addressTaken } },
          state,
        ),
      );
    }
  }
}

/** The `user-<id>` stream: registration, profile and the email change. */
export const userDecider: Decider<UserCommand, UserAccountState, UserAccountEvent> = {
  decide: decideUser,
  evolve: evolveUserAccount,
  initialState: initialUserAccount,
};

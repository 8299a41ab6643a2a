/** JSON schemas of the account endpoints: request validation and OpenAPI in one. */
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import {
  EMAIL_MAX,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PROFILE_ADDRESS_MAX,
  PROFILE_NAME_MAX,
} from '../../../domain/account/profileRules.js';

const nullableString = (description: string): JsonSchema => ({ type: 'string', nullable: true, description });

export const accountProfileSchema: JsonSchema = namedSchema('Account', {
  type: 'object',
  required: ['name', 'email', 'phone', 'dateOfBirth', 'address', 'timezone'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone: nullableString('digits, +, spaces, dashes, parentheses'),
    dateOfBirth: nullableString('YYYY-MM-DD'),
    address: nullableString('postal address, plain text'),
    timezone: { type: 'string', description: 'IANA time zone name' },
  },
});

/**
 * Types only: the field rules (sanitizing, digit counts, real dates and zones) live in
 * profileRules.ts, whose messages name the field; `email` is refused there with a
 * message pointing to the email-change flow, so unknown fields are let through to it.
 */
export const patchAccountBody: JsonSchema = namedSchema('UpdateAccountRequest', {
  type: 'object',
  description: 'Only given fields change; null clears phone, dateOfBirth and address. email is not patchable.',
  properties: {
    name: { type: 'string', description: `at most ${PROFILE_NAME_MAX} characters once HTML tags are stripped` },
    phone: {
      type: 'string',
      nullable: true,
      description: `${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits; +, spaces, dashes, parentheses allowed`,
    },
    dateOfBirth: { type: 'string', nullable: true, description: 'YYYY-MM-DD, a real date, not in the future' },
    address: {
      type: 'string',
      nullable: true,
      description: `at most ${PROFILE_ADDRESS_MAX} characters once HTML tags are stripped`,
    },
    timezone: { type: 'string', description: 'IANA time zone name, e.g. Europe/Berlin' },
  },
});

const newEmail: JsonSchema = { type: 'string', minLength: 1, maxLength: EMAIL_MAX + 50 };
const otp: JsonSchema = { type: 'string', pattern: '^[0-9]{6}$', description: 'the 6-digit code from the mail' };

export const requestChangeBody: JsonSchema = namedSchema('EmailChangeRequest', {
  type: 'object',
  required: ['newEmail'],
  additionalProperties: false,
  properties: { newEmail },
});

/** The body of both later steps: the new address and the code the mail carried. */
export const codeBody: JsonSchema = namedSchema('EmailChangeCode', {
  type: 'object',
  required: ['newEmail', 'otp'],
  additionalProperties: false,
  properties: { newEmail, otp },
});

const stepResult = (name: string, extra: Record<string, JsonSchema>): JsonSchema =>
  namedSchema(name, {
    type: 'object',
    required: ['success', 'message', ...Object.keys(extra)],
    properties: { success: { type: 'boolean' }, message: { type: 'string' }, ...extra },
  });

export const requestChangeResult = stepResult('EmailChangeRequested', {
  verified: { type: 'boolean', enum: [false] },
  nextStep: { type: 'string' },
});
export const verifyIdentityResult = stepResult('EmailIdentityVerified', { nextStep: { type: 'string' } });
export const confirmChangeResult = stepResult('EmailChanged', { newEmail: { type: 'string' } });

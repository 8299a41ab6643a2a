/**
 * Rules for what a visitor's browser sends to the public chat API. The JSON schemas already
 * check types and sizes; these add what a schema cannot say (trimmed emptiness, key names).
 */
import { ValidationError } from '../errors.js';
import { charLength } from '../charLength.js';

export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_REASON_LENGTH = 500;
export const MAX_CUSTOM_DATA_KEYS = 20;
export const MAX_CUSTOM_DATA_KEY_LENGTH = 64;
export const MAX_CUSTOM_DATA_VALUE_LENGTH = 500;
export const MAX_USER_FIELD_LENGTH = 200;

// Emails and CRM ids are common visitor ids, so @ and + are allowed; spaces and markup are not.
const VISITOR_ID = /^[A-Za-z0-9._:@+-]{1,100}$/;
const CHANNEL = /^[a-z][a-z0-9_-]{0,31}$/;
/** Names that would alter an object's prototype if someone ever merged them carelessly. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface VisitorUser {
  id?: string;
  email?: string;
  name?: string;
}

function text(raw: unknown, field: string, max: number): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  const value = raw.trim();
  if (!value) throw new ValidationError(`${field} must not be empty`, field);
  if (charLength(value) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return value;
}

export const validateMessage = (raw: unknown): string => text(raw, 'message', MAX_MESSAGE_LENGTH);
/** Visitor text under another field name (a dashboard preview's `messages[i].text`), same limits. */
export const validateVisitorText = (raw: unknown, field: string): string => text(raw, field, MAX_MESSAGE_LENGTH);
/** The reason a visitor gives for wanting a person; a bare escalate records the generic one. */
export const DEFAULT_ESCALATION_REASON = 'visitor_request';
export const validateReason = (raw: unknown): string =>
  raw === undefined || raw === null ? DEFAULT_ESCALATION_REASON : text(raw, 'reason', MAX_REASON_LENGTH);

export function validateVisitorId(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || !VISITOR_ID.test(raw)) {
    throw new ValidationError('visitorId must be 1 to 100 letters, digits or . _ : @ + -', 'visitorId');
  }
  return raw;
}

export function validateChannel(raw: unknown): string {
  if (raw === undefined || raw === null) return 'web';
  // Channel names are compared lowercased ("WhatsApp" and "whatsapp" are one channel).
  const channel = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (typeof channel !== 'string' || !CHANNEL.test(channel)) {
    throw new ValidationError(
      'channel must be a name of up to 32 letters, digits, _ or -, starting with a letter',
      'channel',
    );
  }
  return channel;
}

export function validateCustomData(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ValidationError('customData must be an object of strings', 'customData');
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_CUSTOM_DATA_KEYS)
    throw new ValidationError(`customData may hold at most ${MAX_CUSTOM_DATA_KEYS} keys`, 'customData');
  for (const [key, value] of entries) {
    const field = `customData.${key.slice(0, MAX_CUSTOM_DATA_KEY_LENGTH)}`;
    if (!key || key.length > MAX_CUSTOM_DATA_KEY_LENGTH || FORBIDDEN_KEYS.has(key)) {
      throw new ValidationError(
        `customData keys must be 1 to ${MAX_CUSTOM_DATA_KEY_LENGTH} characters and not a reserved name`,
        'customData',
      );
    }
    if (typeof value !== 'string') throw new ValidationError(`${field} must be a string`, field);
    if (charLength(value) > MAX_CUSTOM_DATA_VALUE_LENGTH)
      throw new ValidationError(`${field} must be at most ${MAX_CUSTOM_DATA_VALUE_LENGTH} characters`, field);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

export function validateUser(raw: unknown): VisitorUser | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ValidationError('user must be an object with id, email or name', 'user');
  const user: VisitorUser = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key !== 'id' && key !== 'email' && key !== 'name')
      throw new ValidationError(`user.${key.slice(0, 40)} is not a known field`, 'user');
    if (typeof value !== 'string') throw new ValidationError(`user.${key} must be a string`, `user.${key}`);
    if (charLength(value) > MAX_USER_FIELD_LENGTH)
      throw new ValidationError(`user.${key} must be at most ${MAX_USER_FIELD_LENGTH} characters`, `user.${key}`);
    if (value) user[key] = value;
  }
  return Object.keys(user).length ? user : null;
}

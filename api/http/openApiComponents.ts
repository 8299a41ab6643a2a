/**
 * The shared parts of the OpenAPI document: the error body, the error answers each operation
 * refers to, and the rate-limit, quota, retry and idempotency headers, each defined once.
 */
import type { JsonSchema } from './schemaValidator.js';

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'What went wrong, for people' },
    code: {
      type: 'string',
      description: 'Machine-readable class of the error, e.g. RATE_LIMIT_ERROR, PLAN_LIMIT, IDEMPOTENCY_KEY_REUSED',
    },
  },
};

const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
const countOrUnlimited = (description: string) => ({
  description,
  schema: { type: 'string', pattern: '^(\\d+|unlimited)$' },
});

/** Header name → Header Object. `required` says the header is on every answer that lists it. */
export const HEADERS: Record<string, Record<string, unknown>> = {
  'RateLimit-Policy': {
    description: 'The burst limit: requests per window, e.g. 60;w=60',
    schema: { type: 'string', pattern: '^\\d+;w=\\d+$' },
  },
  'RateLimit-Limit': integer('Requests allowed per window for this API key'),
  'RateLimit-Remaining': integer('Requests left in the current window'),
  'RateLimit-Reset': integer('Seconds until the current window resets'),
  'X-Quota-Limit': countOrUnlimited("Monthly External API calls of the workspace's plan"),
  'X-Quota-Remaining': countOrUnlimited('Calls left this month'),
  'X-Quota-Reset': integer('Unix time (seconds) of the next month start (UTC), when the quota resets'),
  'X-Quota-Period': { description: 'The quota period', schema: { type: 'string', enum: ['month'] } },
  'Retry-After': integer('Seconds to wait before trying again'),
  'Idempotent-Replayed': {
    description: 'Present (true) when this is the stored answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Request-Id': {
    description: "The request's id (the caller's X-Request-Id when it is safe, else a new one); quote it to support",
    schema: { type: 'string' },
  },
};

/** components.headers key of a header (names with dashes are fine, but keys read better without). */
export const headerKey = (name: string, required: boolean) => `${name.replace(/-/g, '')}${required ? '' : 'Optional'}`;

export function headerComponents(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, header] of Object.entries(HEADERS)) {
    out[headerKey(name, true)] = { ...header, required: true };
    out[headerKey(name, false)] = { ...header, required: false };
  }
  return out;
}

export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same body within 24 hours returns the first answer again (with Idempotent-Replayed: true) and does nothing twice. ' +
    'Keys are per workspace, 1 to 255 printable ASCII characters (a UUID is a good choice). Another body or path with the same key: 422; a request with the key still running: 409 with Retry-After.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** The error answers every operation may refer to; a route's own description replaces the default. */
export const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid parameters or body; the message names the field',
  '401': 'Missing or invalid credentials',
  '403': 'Not allowed: the plan has no access or reached a limit, or the key lacks a scope or role',
  '404': 'Does not exist, or belongs to another workspace',
  '409': 'Conflicts with the current state (a duplicate, or a finished conversation)',
  '413': 'Request body too large',
  '415': 'Unsupported body encoding or media type',
  '422': 'The Idempotency-Key was already used with another request (code IDEMPOTENCY_KEY_REUSED)',
  '429': 'Rate limit or monthly quota exceeded; wait Retry-After seconds',
  '5XX':
    'Server error, or the service is briefly unavailable (503 with Retry-After); safe to retry with the same Idempotency-Key',
};

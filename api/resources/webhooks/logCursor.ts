/** The opaque page cursor of the delivery log: the last row's time and id, base64url. */
import { ValidationError } from '../../../domain/errors.js';
import type { LogCursor } from '../../../infrastructure/webhooks/deliveryLogQueries.js';

/** What Date#toISOString writes for the years a log can hold (PostgreSQL has no year 0). */
const ISO_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The largest attempt id (a PostgreSQL bigint). */
const MAX_ID = 9223372036854775807n;

export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/**
 * Only what encodeCursor wrote is taken back: a canonical ISO time and an id in bigint range. The
 * query hands both to the database as a timestamptz and a bigint, and text that Date.parse
 * accepts ("1", "2024-02-30") or digits past 2^63 would fail there as a 500, not here as a 400.
 */
export function decodeCursor(raw: string): LogCursor {
  const [createdAt, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  // The round trip refuses dates that roll over ("2024-02-30"); the shape, years PostgreSQL lacks.
  const canonicalTime = ISO_TIME.test(createdAt ?? '') && new Date(createdAt).toISOString() === createdAt;
  const bigintId = /^\d{1,19}$/.test(id ?? '') && BigInt(id) <= MAX_ID;
  if (rest.length || !canonicalTime || !bigintId)
    throw new ValidationError('cursor is not one this endpoint answered', 'cursor');
  return { createdAt, id };
}

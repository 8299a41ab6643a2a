/** The Idempotency-Key header's rules and the fingerprint of the request it is sent with. */
import { createHash } from 'node:crypto';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** 1 to 255 printable ASCII characters (space to tilde), e.g. a UUID. */
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return VALID_KEY.test(key);
}

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What makes a retry "the same request": method, path and the body's data. Key order and
 * whitespace do not count (SDKs in different languages serialise differently); no body and
 * `{}` are the same request, as the routes read them alike (an explicit `null` is not).
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const isEmpty =
    body === undefined ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  const bodyHash = createHash('sha256')
    .update(isEmpty ? '{}' : canonicalJson(body))
    .digest('hex');
  return `${method.toUpperCase()} ${path} ${bodyHash}`;
}

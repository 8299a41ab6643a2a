import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signing. Two schemes share the webhook's secret:
 *  - x-webhook-signature: lowercase hex HMAC-SHA256 of the raw body, no prefix;
 *  - Standard Webhooks (webhook-signature: "v1,<base64>") for receivers using those libraries.
 *
 * The HMAC key is always the UTF-8 bytes of the secret string as handed to the subscriber
 * (64 hex characters), never the 32 bytes it encodes: that is what a receiver following the
 * docs (`createHmac('sha256', secret)`) computes, and one key for both schemes keeps them from
 * drifting apart. Standard Webhooks libraries expect "whsec_<base64 key>", so a receiver using
 * one must pass whsec_ + base64(utf8(secret)).
 */

type Body = string | Buffer;

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** The x-webhook-signature value. */
export function signPayload(secret: string, rawBody: Body): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Timing-safe check of an x-webhook-signature value; anything malformed is simply false. */
export function verifySignature(secret: string, rawBody: Body, signatureHex: unknown): boolean {
  // Buffer.from(hex) silently drops invalid characters, so reject malformed input up front.
  if (typeof signatureHex !== 'string' || !HEX_SHA256.test(signatureHex)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signatureHex, 'hex'));
}

/** "v1,<base64 HMAC-SHA256 of `${msgId}.${timestampSeconds}.${body}`>" (Standard Webhooks). */
export function standardWebhookSignature(secret: string, msgId: string, timestampSeconds: number, body: Body): string {
  return `v1,${standardDigest(secret, msgId, timestampSeconds, body).toString('base64')}`;
}

/**
 * The signature headers of one signed request, both schemes: `x-webhook-timestamp` (ms) and
 * `x-webhook-signature`, and Standard Webhooks' `webhook-id`, `webhook-timestamp` (s) and
 * `webhook-signature`. Webhook deliveries and flow http calls are signed alike.
 */
export function signatureHeaders(secret: string, id: string, body: Body, nowMs: number): Record<string, string> {
  const seconds = Math.floor(nowMs / 1000);
  return {
    'x-webhook-timestamp': String(nowMs),
    'x-webhook-signature': signPayload(secret, body),
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': standardWebhookSignature(secret, id, seconds, body),
  };
}

export interface StandardVerifyOptions {
  /** Current time in seconds; with it, stale or future timestamps are rejected (replay guard). */
  nowSeconds?: number;
  /** Allowed clock skew, default 300 s as in the Standard Webhooks reference libraries. */
  toleranceSeconds?: number;
}

/**
 * Checks a webhook-signature header, which may list several space-separated signatures
 * (during key rotation); any matching "v1," entry is accepted.
 */
export function verifyStandardWebhookSignature(
  secret: string,
  msgId: string,
  timestampSeconds: number,
  body: Body,
  signatureHeader: unknown,
  options: StandardVerifyOptions = {},
): boolean {
  if (typeof signatureHeader !== 'string' || !Number.isSafeInteger(timestampSeconds)) return false;
  if (options.nowSeconds !== undefined) {
    const tolerance = options.toleranceSeconds ?? 300;
    if (Math.abs(options.nowSeconds - timestampSeconds) > tolerance) return false;
  }
  const expected = standardDigest(secret, msgId, timestampSeconds, body);
  let matched = false;
  for (const entry of signatureHeader.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || value === undefined) continue;
    const candidate = Buffer.from(value, 'base64');
    // No early exit, so timing does not reveal which entry matched.
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  return matched;
}

/** A new 64-character lowercase hex secret (32 random bytes). */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

function standardDigest(secret: string, msgId: string, timestampSeconds: number, body: Body): Buffer {
  return createHmac('sha256', secret).update(`${msgId}.${timestampSeconds}.`).update(body).digest();
}

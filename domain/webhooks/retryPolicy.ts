/**
 * When to try a delivery again (docs/events.md). Pure: the worker passes
 * the configured delays (WEBHOOK_RETRY_DELAYS_MS) and what the receiver answered.
 */

/** A receiver's Retry-After is honoured up to this, so one answer cannot park a delivery for years. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: unknown, nowMs: number): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** 429 and 503 are the statuses whose Retry-After speaks about when to come back. */
export const honoursRetryAfter = (statusCode: number | null) => statusCode === 429 || statusCode === 503;

/** 410 Gone: the receiver says the endpoint is gone for good; the webhook is disabled at once. */
export const isGone = (statusCode: number | null) => statusCode === 410;

/**
 * Milliseconds until the next attempt after `attemptsMade` failed attempts (1 = the first
 * delivery), or null when the retries are used up or the failure is final.
 */
export function nextRetryDelay(
  attemptsMade: number,
  delaysMs: readonly number[],
  statusCode: number | null,
  retryAfterMs: number | null,
): number | null {
  if (isGone(statusCode)) return null;
  if (attemptsMade < 1 || attemptsMade > delaysMs.length) return null;
  const planned = delaysMs[attemptsMade - 1];
  if (honoursRetryAfter(statusCode) && retryAfterMs !== null)
    return Math.max(planned, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  return planned;
}

"use strict";
/**
 * When to retry and how long to wait: pure functions, so the policy is read (and tested) in
 * one place. Exponential backoff with jitter as in the OpenAI and Stripe SDKs; the server's
 * Retry-After wins when it is short enough to be worth waiting for.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.IDEMPOTENCY_KEY_IN_USE = exports.MAX_RETRY_AFTER_MS = void 0;
exports.isRetryableStatus = isRetryableStatus;
exports.shouldRetry = shouldRetry;
exports.retryAfterMs = retryAfterMs;
exports.backoffMs = backoffMs;
exports.nextDelayMs = nextDelayMs;
/** Longest Retry-After the SDK will sleep through; a longer one (monthly quota) is surfaced. */
exports.MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/**
 * The one 409 worth retrying: the same Idempotency-Key is still being worked on (it
 * comes with Retry-After: 1). Its retry gets the first answer once that is done.
 */
exports.IDEMPOTENCY_KEY_IN_USE = 'IDEMPOTENCY_KEY_IN_USE';
/**
 * 429 and every 5xx, as the API's retry rule says, plus the 409 of an Idempotency-Key still in progress.
 * Every other 4xx is final: a duplicate (409), a 408 or a bad request would only fail again.
 */
function isRetryableStatus(status, code) {
    return status === 429 || status >= 500 || (status === 409 && code === exports.IDEMPOTENCY_KEY_IN_USE);
}
/**
 * Whether an error answer is retried: the server's `x-should-retry: true|false` wins, else the
 * status and the body's `code`.
 */
function shouldRetry(status, headers, code) {
    const told = headers.get('x-should-retry');
    if (told === 'true')
        return true;
    if (told === 'false')
        return false;
    return isRetryableStatus(status, code);
}
/**
 * The server's wait as milliseconds from `now`: `retry-after-ms` (as the OpenAI SDK reads it),
 * else Retry-After as delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when absent
 * or unreadable.
 */
function retryAfterMs(headers, now) {
    const ms = headers.get('retry-after-ms')?.trim();
    if (ms && /^\d+(\.\d+)?$/.test(ms))
        return Number(ms);
    const value = headers.get('retry-after')?.trim();
    if (!value)
        return undefined;
    if (/^\d+(\.\d+)?$/.test(value))
        return Number(value) * 1000;
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
/**
 * The wait before retry number `retry` (1 for the first retry): 0.5 s, 1 s, 2 s … capped at
 * 8 s, each shortened by up to 25 % at random so that many clients do not retry in lockstep.
 */
function backoffMs(retry, random = Math.random) {
    const base = Math.min(INITIAL_DELAY_MS * 2 ** (retry - 1), MAX_BACKOFF_MS);
    return Math.round(base * (1 - 0.25 * random()));
}
/**
 * The wait before the next attempt, or null when it should not be retried because the server
 * asked for a longer pause than MAX_RETRY_AFTER_MS.
 */
function nextDelayMs(retry, headers, now, random = Math.random) {
    const asked = headers ? retryAfterMs(headers, now) : undefined;
    if (asked === undefined)
        return backoffMs(retry, random);
    return asked <= exports.MAX_RETRY_AFTER_MS ? asked : null;
}

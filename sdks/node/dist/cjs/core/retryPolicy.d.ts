/**
 * When to retry and how long to wait: pure functions, so the policy is read (and tested) in
 * one place. Exponential backoff with jitter as in the OpenAI and Stripe SDKs; the server's
 * Retry-After wins when it is short enough to be worth waiting for.
 */
/** Longest Retry-After the SDK will sleep through; a longer one (monthly quota) is surfaced. */
export declare const MAX_RETRY_AFTER_MS = 60000;
/**
 * The one 409 worth retrying: the same Idempotency-Key is still being worked on (it
 * comes with Retry-After: 1). Its retry gets the first answer once that is done.
 */
export declare const IDEMPOTENCY_KEY_IN_USE = "IDEMPOTENCY_KEY_IN_USE";
/**
 * 429 and every 5xx, as the API's retry rule says, plus the 409 of an Idempotency-Key still in progress.
 * Every other 4xx is final: a duplicate (409), a 408 or a bad request would only fail again.
 */
export declare function isRetryableStatus(status: number, code?: string): boolean;
/**
 * Whether an error answer is retried: the server's `x-should-retry: true|false` wins, else the
 * status and the body's `code`.
 */
export declare function shouldRetry(status: number, headers: Headers, code?: string): boolean;
/**
 * The server's wait as milliseconds from `now`: `retry-after-ms` (as the OpenAI SDK reads it),
 * else Retry-After as delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when absent
 * or unreadable.
 */
export declare function retryAfterMs(headers: Headers, now: number): number | undefined;
/**
 * The wait before retry number `retry` (1 for the first retry): 0.5 s, 1 s, 2 s … capped at
 * 8 s, each shortened by up to 25 % at random so that many clients do not retry in lockstep.
 */
export declare function backoffMs(retry: number, random?: () => number): number;
/**
 * The wait before the next attempt, or null when it should not be retried because the server
 * asked for a longer pause than MAX_RETRY_AFTER_MS.
 */
export declare function nextDelayMs(retry: number, headers: Headers | undefined, now: number, random?: () => number): number | null;

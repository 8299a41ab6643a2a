/** The retry policy on its own: which statuses, how long, and what Retry-After means. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  backoffMs,
  IDEMPOTENCY_KEY_IN_USE,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  nextDelayMs,
  retryAfterMs,
  shouldRetry,
} from '../src/core/retryPolicy.js';

const headers = (retryAfter?: string) => new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter });

test('429 and every 5xx are retried; no other status is, 408 and 409 included', () => {
  for (const s of [429, 500, 502, 503, 504, 599]) assert.ok(isRetryableStatus(s), String(s));
  for (const s of [400, 401, 403, 404, 408, 409, 413, 415, 422]) assert.not.ok(isRetryableStatus(s), String(s));
});

test('a 409 is retried only for an Idempotency-Key still in progress, not for a duplicate', () => {
  assert.ok(isRetryableStatus(409, IDEMPOTENCY_KEY_IN_USE));
  assert.ok(shouldRetry(409, new Headers({ 'retry-after': '1' }), 'IDEMPOTENCY_KEY_IN_USE'));
  for (const code of [undefined, 'CONFLICT', 'SLUG_TAKEN', 'idempotency_key_in_use'])
    assert.not.ok(shouldRetry(409, new Headers(), code), String(code));
  assert.not.ok(shouldRetry(408, new Headers(), IDEMPOTENCY_KEY_IN_USE));
});

test("the server's x-should-retry header overrides the status rule", () => {
  assert.ok(shouldRetry(400, new Headers({ 'x-should-retry': 'true' })));
  assert.not.ok(shouldRetry(503, new Headers({ 'x-should-retry': 'false' })));
  assert.ok(shouldRetry(503, new Headers()));
});

test('exponential backoff from 0.5 s, capped at 8 s, jitter takes off at most 25 %', () => {
  assert.equal(
    [1, 2, 3, 4, 5, 6, 10].map((n) => backoffMs(n, () => 0)),
    [500, 1000, 2000, 4000, 8000, 8000, 8000],
  );
  assert.equal(
    [1, 2, 3].map((n) => backoffMs(n, () => 1)),
    [375, 750, 1500],
  );
  for (let i = 0; i < 100; i++) {
    const d = backoffMs(2);
    assert.ok(d >= 750 && d <= 1000, String(d));
  }
});

test('Retry-After in seconds or as an HTTP date; unreadable values are ignored', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.is(retryAfterMs(headers('1'), now), 1000);
  assert.is(retryAfterMs(headers('0.5'), now), 500);
  assert.is(retryAfterMs(headers('Thu, 01 Jan 2026 00:00:30 GMT'), now), 30_000);
  assert.is(retryAfterMs(headers('Wed, 31 Dec 2025 23:00:00 GMT'), now), 0);
  assert.is(retryAfterMs(headers('soon'), now), undefined);
  assert.is(retryAfterMs(headers(), now), undefined);
  assert.is(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now), 250);
});

test('the next delay: Retry-After up to 60 s wins, beyond it nothing is retried, else backoff', () => {
  assert.is(nextDelayMs(1, headers('2'), 0), 2000);
  assert.is(nextDelayMs(1, headers('60'), 0), MAX_RETRY_AFTER_MS);
  assert.is(nextDelayMs(1, headers('61'), 0), null);
  assert.is(
    nextDelayMs(3, headers(), 0, () => 0),
    2000,
  );
  assert.is(
    nextDelayMs(3, undefined, 0, () => 0),
    2000,
  );
});

test.run();

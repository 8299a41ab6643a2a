/** The Idempotency-Key rules and the request fingerprint (pure functions). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalJson, isValidIdempotencyKey, requestFingerprint } from '../../../api/external/idempotencyKey.js';
import { isKeptAnswer } from '../../../api/external/idempotency.js';

test('a key is 1 to 255 printable ASCII characters', () => {
  for (const ok of [
    'a',
    'k'.repeat(255),
    '550e8400-e29b-41d4-a716-446655440000',
    ' ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}',
  ])
    assert.ok(isValidIdempotencyKey(ok), ok);
  for (const bad of ['', 'k'.repeat(256), 'tab\there', 'new\nline', 'caf\u00e9', '\u0000', '\u007f'])
    assert.not.ok(isValidIdempotencyKey(bad), JSON.stringify(bad));
});

test('canonical JSON sorts keys at every level and keeps array order', () => {
  assert.is(
    canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }),
    '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
  );
  assert.is(canonicalJson({ a: undefined, b: 'x' }), '{"b":"x"}');
  assert.is(canonicalJson('text'), '"text"');
});

test('the fingerprint is method, path and body data: key order does not count, the rest does', () => {
  const fp = (method: string, path: string, body: unknown) => requestFingerprint(method, path, body);
  assert.is(fp('POST', '/p', { a: 1, b: 2 }), fp('post', '/p', { b: 2, a: 1 }));
  assert.is(fp('POST', '/p', undefined), fp('POST', '/p', {}), 'no body reads as {}');
  assert.is.not(fp('POST', '/p', null), fp('POST', '/p', {}), 'an explicit null is another request');
  assert.is.not(fp('POST', '/p', { a: 1 }), fp('POST', '/q', { a: 1 }));
  assert.is.not(fp('POST', '/p', { a: 1 }), fp('POST', '/p', { a: '1' }));
  assert.is.not(fp('POST', '/p', [1, 2]), fp('POST', '/p', [2, 1]));
});

test('kept answers: 2xx and decisions; not kept: 5xx, 429, 401, 408 and refusals of the calling key', () => {
  for (const [status, body] of [
    [200, '{}'],
    [201, '{}'],
    [400, '{"code":"VALIDATION_ERROR"}'],
    [403, '{"code":"PLAN_LIMIT"}'],
    [404, ''],
    [409, '{"code":"CONFLICT"}'],
  ] as const) {
    assert.ok(isKeptAnswer(status, body), `${status} ${body}`);
  }
  for (const [status, body] of [
    [500, '{}'],
    [503, '{}'],
    [429, '{}'],
    [401, '{}'],
    [408, ''],
    [403, '{"code":"INSUFFICIENT_SCOPE"}'],
    [403, '{"code":"INSUFFICIENT_ROLE"}'],
    [302, ''],
  ] as const) {
    assert.not.ok(isKeptAnswer(status, body), `${status} ${body}`);
  }
});

test.run();

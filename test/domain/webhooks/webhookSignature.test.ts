import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import {
  generateWebhookSecret,
  signPayload,
  standardWebhookSignature,
  verifySignature,
  verifyStandardWebhookSignature,
} from '../../../domain/webhooks/webhookSignature.js';

const SECRET = 'a'.repeat(32) + '0123456789abcdef0123456789abcdef';
const BODY = '{"event":"response.created","responseId":"r_1","timestamp":"2024-01-01T00:00:00.000Z"}';

test('signPayload matches an independently computed HMAC-SHA256 hex digest', () => {
  const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(Buffer.from(BODY, 'utf8')).digest('hex');
  assert.is(signPayload(SECRET, BODY), expected);
  assert.is(signPayload(SECRET, Buffer.from(BODY)), expected);
  assert.match(signPayload(SECRET, BODY), /^[0-9a-f]{64}$/);
});

test('signPayload fixed vector (RFC 4231 style key/data, hex output, no prefix)', () => {
  // HMAC-SHA256(key="key", "The quick brown fox jumps over the lazy dog"), a widely published vector.
  assert.is(
    signPayload('key', 'The quick brown fox jumps over the lazy dog'),
    'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
  );
});

test('verifySignature accepts the right signature, also in upper case', () => {
  const sig = signPayload(SECRET, BODY);
  assert.ok(verifySignature(SECRET, BODY, sig));
  assert.ok(verifySignature(SECRET, Buffer.from(BODY), sig.toUpperCase()));
});

test('verifySignature rejects a tampered body, a wrong secret and a flipped digit', () => {
  const sig = signPayload(SECRET, BODY);
  assert.not.ok(verifySignature(SECRET, BODY.replace('r_1', 'r_2'), sig));
  assert.not.ok(verifySignature(SECRET, BODY + ' ', sig));
  assert.not.ok(verifySignature('b'.repeat(64), BODY, sig));
  const flipped = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
  assert.not.ok(verifySignature(SECRET, BODY, flipped));
});

test('verifySignature returns false, never throws, for malformed signatures', () => {
  const sig = signPayload(SECRET, BODY);
  for (const bad of [
    '',
    'abc',
    sig.slice(0, 62),
    sig + '00',
    `sha256=${sig}`,
    'z'.repeat(64),
    undefined,
    null,
    42,
    [sig],
  ]) {
    assert.is(verifySignature(SECRET, BODY, bad), false, String(bad));
  }
});

test('standardWebhookSignature is v1,base64(HMAC(utf8 secret, "id.ts.body"))', () => {
  const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8'))
    .update(`msg_123.1700000000.${BODY}`)
    .digest('base64');
  assert.is(standardWebhookSignature(SECRET, 'msg_123', 1700000000, BODY), `v1,${expected}`);
  assert.is(standardWebhookSignature(SECRET, 'msg_123', 1700000000, Buffer.from(BODY)), `v1,${expected}`);
});

test('verifyStandardWebhookSignature round-trips and rejects tampering', () => {
  const header = standardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY);
  assert.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY, header));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_2', 1700000000, BODY, header));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000001, BODY, header));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY + 'x', header));
  assert.not.ok(verifyStandardWebhookSignature('c'.repeat(64), 'msg_1', 1700000000, BODY, header));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY, header.replace('v1,', 'v2,')));
});

test('verifyStandardWebhookSignature accepts any matching entry of a multi-signature header', () => {
  const good = standardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY);
  const other = standardWebhookSignature('d'.repeat(64), 'msg_1', 1700000000, BODY);
  assert.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY, `${other} ${good}`));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY, other));
});

test('verifyStandardWebhookSignature never throws on malformed headers', () => {
  for (const bad of ['', 'v1', 'v1,', 'v1,short', 'v1,!!!!', ',,,', undefined, 7]) {
    assert.is(verifyStandardWebhookSignature(SECRET, 'msg_1', 1700000000, BODY, bad), false, String(bad));
  }
});

test('verifyStandardWebhookSignature enforces the timestamp tolerance when given the time', () => {
  const ts = 1700000000;
  const header = standardWebhookSignature(SECRET, 'msg_1', ts, BODY);
  assert.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', ts, BODY, header, { nowSeconds: ts + 300 }));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', ts, BODY, header, { nowSeconds: ts + 301 }));
  assert.not.ok(verifyStandardWebhookSignature(SECRET, 'msg_1', ts, BODY, header, { nowSeconds: ts - 301 }));
  assert.ok(
    verifyStandardWebhookSignature(SECRET, 'msg_1', ts, BODY, header, { nowSeconds: ts + 9, toleranceSeconds: 10 }),
  );
});

test('generateWebhookSecret gives distinct 64-char lowercase hex strings', () => {
  const a = generateWebhookSecret();
  const b = generateWebhookSecret();
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.match(b, /^[0-9a-f]{64}$/);
  assert.is.not(a, b);
});

test.run();

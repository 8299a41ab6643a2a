/** Store tokens at rest: AES-256-GCM, bound to their store, key from STOREFRONT_TOKEN_KEY or a DATA_DIR file. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  TOKEN_KEY_FILE,
  createTokenCipher,
  loadTokenKey,
  parseTokenKey,
} from '../../../infrastructure/secrets/tokenCipher.js';
import { loadConfig } from '../../../infrastructure/config.js';

test('round trip; a fresh nonce each time; no plaintext in the ciphertext', () => {
  const cipher = createTokenCipher(randomBytes(32));
  const a = cipher.encrypt('secret-token-123', 'abc');
  const b = cipher.encrypt('secret-token-123', 'abc');
  assert.is.not(a, b);
  assert.not.ok(a.includes('secret-token-123'));
  assert.match(a, /^v1\./);
  assert.is(cipher.decrypt(a, 'abc'), 'secret-token-123');
});

test('another store, another key or a changed byte does not decrypt', () => {
  const key = randomBytes(32);
  const c = createTokenCipher(key).encrypt('tok', 'abc');
  assert.throws(() => createTokenCipher(key).decrypt(c, 'other'));
  assert.throws(() => createTokenCipher(randomBytes(32)).decrypt(c, 'abc'));
  const parts = c.split('.');
  parts[3] = Buffer.from('tox').toString('base64url');
  assert.throws(() => createTokenCipher(key).decrypt(parts.join('.'), 'abc'));
  assert.throws(() => createTokenCipher(key).decrypt('garbage', 'abc'));
});

test('STOREFRONT_TOKEN_KEY takes 64 hex or base64 of 32 bytes; anything else stops the start without echoing it', () => {
  const hex = randomBytes(32).toString('hex');
  assert.equal(parseTokenKey(hex), Buffer.from(hex, 'hex'));
  const b64 = randomBytes(32).toString('base64');
  assert.equal(parseTokenKey(b64), Buffer.from(b64, 'base64'));
  for (const bad of ['short', 'ab'.repeat(31), randomBytes(16).toString('base64')]) {
    assert.throws(
      () => loadConfig({ STOREFRONT_TOKEN_KEY: bad }),
      (e: Error) => /STOREFRONT_TOKEN_KEY/.test(e.message) && !e.message.includes(bad),
    );
  }
  assert.is(loadConfig({ STOREFRONT_TOKEN_KEY: hex }).storefrontTokenKey, hex);
});

test('without a configured key: a private key file in DATA_DIR, made once and reused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confab-tokenkey-'));
  try {
    const first = loadTokenKey({ dataDir: dir });
    assert.is(first.length, 32);
    assert.is(statSync(join(dir, TOKEN_KEY_FILE)).mode & 0o777, 0o600);
    assert.equal(loadTokenKey({ dataDir: dir }), first);
    assert.is(readFileSync(join(dir, TOKEN_KEY_FILE), 'utf8').trim(), first.toString('hex'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a lazy key is loaded only when a token is first encrypted', () => {
  let loads = 0;
  const cipher = createTokenCipher(() => (loads++, randomBytes(32)));
  assert.is(loads, 0);
  cipher.decrypt(cipher.encrypt('t', 's'), 's');
  assert.is(loads, 1);
});

test.run();

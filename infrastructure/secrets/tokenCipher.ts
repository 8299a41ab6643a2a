/**
 * Encryption at rest of the BigCommerce store access tokens (and, with a key of their own, the
 * model connections' API keys: infrastructure/ai/modelKeyCipher.ts): AES-256-GCM with a random 96-bit
 * nonce per token, the store hash as additional data (a ciphertext copied onto another store's
 * row does not decrypt), and a version prefix so the scheme can change later.
 *
 * The key is STOREFRONT_TOKEN_KEY (32 bytes as 64 hex characters or base64) or, when unset, a
 * private key file DATA_DIR/storefront-token-key made once (keyFile.ts). Instances that share one
 * database must share STOREFRONT_TOKEN_KEY.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { loadOrCreateKeyFile } from './keyFile.js';

export const TOKEN_KEY_FILE = 'storefront-token-key';
const VERSION = 'v1';

export interface TokenCipher {
  encrypt(plaintext: string, boundTo: string): string;
  /** Throws when the ciphertext was altered, made with another key, or bound to another value. */
  decrypt(ciphertext: string, boundTo: string): string;
}

/** The 32-byte key from its configured text (64 hex characters or base64), or an error naming the variable. */
export function parseTokenKey(text: string, variable = 'STOREFRONT_TOKEN_KEY'): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (
    key.length !== 32 ||
    (!/^[0-9a-fA-F]{64}$/.test(trimmed) && key.toString('base64').replace(/=+$/, '') !== trimmed.replace(/=+$/, ''))
  ) {
    throw new Error(`${variable} must be 32 bytes, written as 64 hex characters or base64 (e.g. openssl rand -hex 32)`);
  }
  return key;
}

/** Which key a cipher uses when its variable is unset: the file under DATA_DIR, and the words of its messages. */
export interface TokenKeySpec {
  /** The configuration variable that names the key instead. */
  variable: string;
  file: string;
  what: string;
  lossOnReset: string;
}

export const STOREFRONT_TOKEN_KEY_SPEC: TokenKeySpec = {
  variable: 'STOREFRONT_TOKEN_KEY',
  file: TOKEN_KEY_FILE,
  what: 'a storefront token key',
  lossOnReset: 'every installed store must then install the app again',
};

export function loadTokenKey(opts: { key?: string; dataDir: string }, spec = STOREFRONT_TOKEN_KEY_SPEC): Buffer {
  if (opts.key) return parseTokenKey(opts.key, spec.variable);
  const hex = loadOrCreateKeyFile({
    dataDir: opts.dataDir,
    file: spec.file,
    what: spec.what,
    lossOnReset: spec.lossOnReset,
  });
  return Buffer.from(hex, 'hex');
}

/**
 * A cipher over the key, or over a function that loads it on first use (a server that never
 * stores a token never creates the key file).
 */
export function createTokenCipher(keySource: Buffer | (() => Buffer)): TokenCipher {
  let loaded: Buffer | null = null;
  const keyOf = (): Buffer => {
    loaded ??= typeof keySource === 'function' ? keySource() : keySource;
    if (loaded.length !== 32) throw new Error('the token key must be 32 bytes');
    return loaded;
  };
  if (typeof keySource !== 'function') keyOf();
  return {
    encrypt(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt(ciphertext, boundTo) {
      const [version, iv, tag, body] = ciphertext.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a stored token ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The cipher of the model connections' API keys: the storefront tokens' scheme (AES-256-GCM,
 * versioned, tokenCipher.ts) under a key of its own, MODEL_KEY_SECRET or else the private file
 * DATA_DIR/model-key-secret made on first use. Each ciphertext is bound to its connection id, so
 * one copied onto another connection does not decrypt. Instances sharing one database must
 * share MODEL_KEY_SECRET.
 */
import { createTokenCipher, loadTokenKey, type TokenCipher, type TokenKeySpec } from '../secrets/tokenCipher.js';

export const MODEL_KEY_SPEC: TokenKeySpec = {
  variable: 'MODEL_KEY_SECRET',
  file: 'model-key-secret',
  what: 'a model connection key secret',
  lossOnReset: "every model connection's API key must then be entered again",
};

/** What a stored key is bound to: its connection, under a prefix no other cipher user shares. */
export const modelKeyBinding = (connectionId: string): string => `model-connection:${connectionId}`;

/** Loaded on first use, so a server that never stores a model key never creates the file. */
export function createModelKeyCipher(opts: { key?: string; dataDir: string }): TokenCipher {
  return createTokenCipher(() => loadTokenKey(opts, MODEL_KEY_SPEC));
}

/**
 * The stores' BigCommerce access tokens, encrypted (tokenCipher.ts), in their own table keyed by
 * store hash. Not an event and not a view: the log is exported and replayed forever, while a
 * token must be forgotten at the uninstall (and a rebuild of the views must not lose it).
 */
import type { SqlClient } from '../sql/sqlClient.js';
import type { TokenCipher } from '../secrets/tokenCipher.js';
import { applySchema } from '../sql/applySchema.js';

export interface StoreTokenStore {
  save(storeHash: string, accessToken: string): Promise<void>;
  /** The plaintext token, or null when the store has none (never installed, or uninstalled). */
  get(storeHash: string): Promise<string | null>;
  delete(storeHash: string): Promise<void>;
}

export async function createStoreTokenStore(sql: SqlClient, cipher: TokenCipher): Promise<StoreTokenStore> {
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS store_tokens (
    store_hash TEXT PRIMARY KEY, ciphertext TEXT NOT NULL, updated_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  );
  return {
    async save(storeHash, accessToken) {
      await sql.query(
        `INSERT INTO store_tokens (store_hash, ciphertext) VALUES ($1, $2)
         ON CONFLICT (store_hash) DO UPDATE SET ciphertext = EXCLUDED.ciphertext, updated_at = now()`,
        [storeHash, cipher.encrypt(accessToken, storeHash)],
      );
    },
    async get(storeHash) {
      const r = await sql.query<{ ciphertext: string }>(`SELECT ciphertext FROM store_tokens WHERE store_hash = $1`, [
        storeHash,
      ]);
      return r.rows.length ? cipher.decrypt(r.rows[0].ciphertext, storeHash) : null;
    },
    async delete(storeHash) {
      await sql.query(`DELETE FROM store_tokens WHERE store_hash = $1`, [storeHash]);
    },
  };
}

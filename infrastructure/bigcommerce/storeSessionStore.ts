/**
 * Sessions of the storefront app's settings page, opened by a verified load callback: one per
 * (store, control-panel user). The cookie holds a random id; the table holds only its sha256, so
 * a copy of the table opens nothing. Each session has its own CSRF token for the PUT (the cookie
 * is SameSite=None inside the control panel's iframe, so the browser alone does not protect it).
 *
 * A session also says whether the loader check its load callback started is still running
 * (`loader_check_until`: set until the check settles, at most until that moment), so that the
 * settings page's first read, on whichever instance it lands, can wait for it and show the
 * coverage of this visit rather than of the previous one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export interface StoreSession {
  storeHash: string;
  userId: string;
  csrfToken: string;
  /** The load's loader check has not settled yet (and its time to settle has not run out). */
  loaderCheckPending: boolean;
}

export interface StoreSessionStore {
  /**
   * Opens a session; answers the cookie value (shown once) and the session. With
   * `loaderCheckWithinMs`, a loader check runs for it: pending until `endLoaderCheck` or that long.
   */
  open(
    storeHash: string,
    userId: string,
    opts?: { loaderCheckWithinMs?: number },
  ): Promise<{ id: string; session: StoreSession }>;
  find(id: string): Promise<StoreSession | null>;
  /** The session's loader check settled (done or failed). */
  endLoaderCheck(id: string): Promise<void>;
  endStore(storeHash: string): Promise<void>;
  endUser(storeHash: string, userId: string): Promise<void>;
}

/** A control-panel visit; the next load callback opens a fresh one. */
export const STORE_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export async function createStoreSessionStore(
  sql: SqlClient,
  opts: { clock: () => Date; ttlMs?: number },
): Promise<StoreSessionStore> {
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS storefront_sessions (
    id_hash TEXT PRIMARY KEY, store_hash TEXT NOT NULL, user_id TEXT NOT NULL, csrf_token TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL);
    CREATE INDEX IF NOT EXISTS storefront_sessions_store ON storefront_sessions (store_hash, user_id);
    ALTER TABLE storefront_sessions ADD COLUMN IF NOT EXISTS loader_check_until TIMESTAMPTZ`,
  );
  return {
    async open(storeHash, userId, o = {}) {
      const id = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const now = opts.clock();
      // Expired sessions go when new ones come: the table stays as small as the live ones.
      await sql.query(`DELETE FROM storefront_sessions WHERE expires_at < $1`, [now.toISOString()]);
      const checkUntil = o.loaderCheckWithinMs ? new Date(now.getTime() + o.loaderCheckWithinMs).toISOString() : null;
      await sql.query(
        `INSERT INTO storefront_sessions (id_hash, store_hash, user_id, csrf_token, expires_at, loader_check_until) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          hashOf(id),
          storeHash,
          userId,
          csrfToken,
          new Date(now.getTime() + (opts.ttlMs ?? STORE_SESSION_TTL_MS)).toISOString(),
          checkUntil,
        ],
      );
      return { id, session: { storeHash, userId, csrfToken, loaderCheckPending: checkUntil !== null } };
    },
    async find(id) {
      if (!id || id.length > 100) return null;
      const r = await sql.query<{
        store_hash: string;
        user_id: string;
        csrf_token: string;
        loader_check_pending: boolean;
      }>(
        `SELECT store_hash, user_id, csrf_token, COALESCE(loader_check_until > $2, false) AS loader_check_pending
         FROM storefront_sessions WHERE id_hash = $1 AND expires_at > $2`,
        [hashOf(id), opts.clock().toISOString()],
      );
      const row = r.rows[0];
      return row
        ? {
            storeHash: row.store_hash,
            userId: row.user_id,
            csrfToken: row.csrf_token,
            loaderCheckPending: row.loader_check_pending === true,
          }
        : null;
    },
    async endLoaderCheck(id) {
      await sql.query(`UPDATE storefront_sessions SET loader_check_until = NULL WHERE id_hash = $1`, [hashOf(id)]);
    },
    async endStore(storeHash) {
      await sql.query(`DELETE FROM storefront_sessions WHERE store_hash = $1`, [storeHash]);
    },
    async endUser(storeHash, userId) {
      await sql.query(`DELETE FROM storefront_sessions WHERE store_hash = $1 AND user_id = $2`, [storeHash, userId]);
    },
  };
}

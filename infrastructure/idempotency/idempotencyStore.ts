/**
 * Idempotency records of External API POSTs (docs/idempotency.md), one per (workspace, key), on the
 * SQL client (PostgreSQL or PGlite). An operational table like usage_counters, not events: a
 * replayed answer is a cache of what the first request did, and a projection rebuild leaves it be.
 *
 * A record is `in-progress` while its first request runs (held by that request's `owner` token
 * until `lockedUntil`, so a crashed process cannot block the key for longer) and `complete`
 * once the answer is stored; either way it lives until `expiresAt` (24 h after the first request).
 */
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an unfinished first request holds its key before a retry may take the key over. */
export const IN_PROGRESS_LOCK_MS = 60 * 1000;

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyRecord =
  | { state: 'in-progress'; fingerprint: string }
  | { state: 'complete'; fingerprint: string; answer: StoredAnswer };

/**
 * What `begin` found: the key is now ours to run, or someone else's record decides. `since`:
 * when the record's first request came (ms). A run that takes over an abandoned or released
 * claim keeps it, so whatever that first run may have written can be found again
 * (api/external/idempotentIds.ts); a record that expired starts afresh. Only the same request
 * (fingerprint) takes a claim over: another one under the key within its day would be given
 * what the first request made (the ids follow from the key), so it finds the record instead,
 * which is a 422 IDEMPOTENCY_KEY_REUSED.
 */
export type BeginOutcome =
  | { acquired: true; owner: string; since: number }
  | { acquired: false; record: IdempotencyRecord };

export interface IdempotencyStore {
  /** Claims (workspaceId, key) for a new request, unless a live record holds it. Atomic. */
  begin(workspaceId: string, key: string, fingerprint: string, owner: string): Promise<BeginOutcome>;
  /** Stores the answer of the request that holds the key. A no-op when it lost the key meanwhile. */
  complete(workspaceId: string, key: string, owner: string, answer: StoredAnswer): Promise<void>;
  /** Gives up the claim of an answer that is not kept (5xx, 429), so a retry runs again (as the same first request). */
  release(workspaceId: string, key: string, owner: string): Promise<void>;
  /** Deletes expired records and abandoned claims; returns how many went. */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

interface Row {
  fingerprint: string;
  state: 'in-progress' | 'complete';
  status: number | null;
  headers: string | null;
  body: string | null;
}

function recordOf(row: Row): IdempotencyRecord {
  if (row.state === 'in-progress') return { state: 'in-progress', fingerprint: row.fingerprint };
  return {
    state: 'complete',
    fingerprint: row.fingerprint,
    answer: {
      status: Number(row.status),
      headers: JSON.parse(row.headers ?? '{}') as Record<string, string>,
      body: row.body ?? '',
    },
  };
}

export async function createSqlIdempotencyStore(
  sql: SqlClient,
  clock: () => Date = () => new Date(),
): Promise<IdempotencyStore> {
  // Times are epoch milliseconds from the injected clock (not the database's now()), so
  // tests can move time and every instance agrees with the answers it writes.
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS idempotency_keys (
    workspace_id TEXT NOT NULL, idempotency_key TEXT NOT NULL, fingerprint TEXT NOT NULL,
    state TEXT NOT NULL, owner TEXT NOT NULL, status INTEGER, headers TEXT, body TEXT,
    created_at BIGINT NOT NULL, locked_until BIGINT NOT NULL, expires_at BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, idempotency_key));
    CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at)`,
  );
  const now = () => clock().getTime();

  return {
    async begin(workspaceId, key, fingerprint, owner) {
      // A deleted record (released between our insert and our read) lets the next try win.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const t = now();
        const claimed = await sql.query(
          `INSERT INTO idempotency_keys (workspace_id, idempotency_key, fingerprint, state, owner, created_at, locked_until, expires_at)
           VALUES ($1, $2, $3, 'in-progress', $4, $5, $6, $7)
           ON CONFLICT (workspace_id, idempotency_key) DO UPDATE SET
             fingerprint = EXCLUDED.fingerprint, state = 'in-progress', owner = EXCLUDED.owner, status = NULL, headers = NULL, body = NULL,
             created_at = CASE WHEN idempotency_keys.expires_at <= $5 THEN EXCLUDED.created_at ELSE idempotency_keys.created_at END,
             locked_until = EXCLUDED.locked_until,
             expires_at = CASE WHEN idempotency_keys.expires_at <= $5 THEN EXCLUDED.expires_at ELSE idempotency_keys.expires_at END
           WHERE idempotency_keys.expires_at <= $5
              OR (idempotency_keys.state = 'in-progress' AND idempotency_keys.locked_until <= $5 AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
           RETURNING owner, created_at`,
          [workspaceId, key, fingerprint, owner, t, t + IN_PROGRESS_LOCK_MS, t + IDEMPOTENCY_TTL_MS],
        );
        if (claimed.rows.length)
          return {
            acquired: true,
            owner,
            since: Number((claimed.rows[0] as { created_at: number | string }).created_at),
          };
        const found = await sql.query<Row>(
          `SELECT fingerprint, state, status, headers, body FROM idempotency_keys WHERE workspace_id = $1 AND idempotency_key = $2`,
          [workspaceId, key],
        );
        if (found.rows.length) return { acquired: false, record: recordOf(found.rows[0]) };
      }
      throw new Error('idempotency key contended: no record could be claimed or read');
    },
    async complete(workspaceId, key, owner, answer) {
      await sql.query(
        `UPDATE idempotency_keys SET state = 'complete', status = $4, headers = $5, body = $6
         WHERE workspace_id = $1 AND idempotency_key = $2 AND owner = $3`,
        [workspaceId, key, owner, answer.status, JSON.stringify(answer.headers), answer.body],
      );
    },
    async release(workspaceId, key, owner) {
      // Kept, unlocked: a 5xx may come after the request's write landed, and its retry must
      // find that write (the record's `since`), not start as a new request.
      await sql.query(
        `UPDATE idempotency_keys SET locked_until = 0 WHERE workspace_id = $1 AND idempotency_key = $2 AND owner = $3 AND state = 'in-progress'`,
        [workspaceId, key, owner],
      );
    },
    async purgeExpired() {
      const t = now();
      const r = await sql.query(`DELETE FROM idempotency_keys WHERE expires_at <= $1 RETURNING 1 AS gone`, [t]);
      return r.rows.length;
    },
    async close() {
      /* the SQL client belongs to the composition root */
    },
  };
}

/**
 * The statements of the quota lease protocol (quotaLeases.ts). `usage_counters` holds per
 * workspace and month the calls billed and the calls leased out; `usage_leases` holds who leased
 * them: one row per holder (an instance's lease id), workspace and month. Invariant: `leased` is
 * the sum of the rows' `amount`, so `calls + leased` never passing the limit bounds every call
 * any instance can still answer.
 *
 * Lock order: every statement locks a workspace-month's counter row before any of its lease
 * rows, and several counter rows in key order. LEASE_SQL does so by its shape; a settle or a
 * reclaim first runs its LOCK_* statement in the same transaction. Two statements taking the
 * same rows in opposite orders would let PostgreSQL end one as a deadlock's victim.
 */

export const USAGE_SCHEMA = `
CREATE TABLE IF NOT EXISTS usage_counters (
  workspace_id TEXT NOT NULL, month TEXT NOT NULL, calls BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, month));
ALTER TABLE usage_counters ADD COLUMN IF NOT EXISTS leased BIGINT NOT NULL DEFAULT 0;
ALTER TABLE usage_counters ADD COLUMN IF NOT EXISTS last_grant BIGINT NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS usage_leases (
  holder TEXT NOT NULL, workspace_id TEXT NOT NULL, month TEXT NOT NULL,
  amount BIGINT NOT NULL, expires_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (holder, workspace_id, month));
`;

/** The grant for a remainder `rem` (SQL expression; $3 = limit or NULL, $4 = max block). */
const grant = (rem: string) =>
  `CASE WHEN $3::bigint IS NULL THEN $4::bigint ELSE GREATEST(0, LEAST($4::bigint, GREATEST(CEIL((${rem}) / 16.0)::bigint, 1), ${rem})) END`;

/** Grants a block to holder $5 for workspace $1, month $2 in one row-locked step; its row lives $6 ms. */
export const LEASE_SQL = `
WITH g AS (
  INSERT INTO usage_counters AS u (workspace_id, month, calls, leased, last_grant)
  VALUES ($1, $2, 0, ${grant('$3::bigint')}, ${grant('$3::bigint')})
  ON CONFLICT (workspace_id, month) DO UPDATE
    SET last_grant = ${grant('$3::bigint - u.calls - u.leased')},
        leased = u.leased + ${grant('$3::bigint - u.calls - u.leased')}
  RETURNING last_grant, calls
), l AS (
  INSERT INTO usage_leases (holder, workspace_id, month, amount, expires_at)
  SELECT $5, $1, $2, last_grant, now() + $6 * interval '1 millisecond' FROM g WHERE last_grant > 0
  ON CONFLICT (holder, workspace_id, month) DO UPDATE
    SET amount = usage_leases.amount + EXCLUDED.amount, expires_at = EXCLUDED.expires_at
)
SELECT last_grant::int AS granted, calls::int AS calls FROM g`;

/**
 * Per (holder, workspace, month): moves `used` from the lease to `calls` and gives `unused` back.
 * Only where that lease row still holds them: a row another instance has already settled as
 * used (it took the holder for dead) has billed those calls, so they are not billed again and
 * `leased` is not lowered for them twice. Answers the rows it settled, with the new `calls`.
 */
export const SETTLE_SQL = `
WITH d AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[]) AS d(holder, ws, month, used, unused)),
l AS (
  UPDATE usage_leases SET amount = usage_leases.amount - d.used - d.unused
  FROM d WHERE usage_leases.holder = d.holder AND usage_leases.workspace_id = d.ws AND usage_leases.month = d.month
    AND usage_leases.amount >= d.used + d.unused
  RETURNING d.holder, d.ws, d.month, d.used, d.unused
),
s AS (SELECT ws, month, sum(used) AS used, sum(unused) AS unused FROM l GROUP BY ws, month),
c AS (
  UPDATE usage_counters u SET calls = u.calls + s.used, leased = GREATEST(0, u.leased - s.used - s.unused)
  FROM s WHERE u.workspace_id = s.ws AND u.month = s.month
  RETURNING u.workspace_id, u.month, u.calls
)
SELECT l.holder, c.workspace_id, c.month, c.calls::int AS calls FROM l JOIN c ON c.workspace_id = l.ws AND c.month = l.month`;

/** Locks the counter rows of the workspace-months $1/$2 (parallel arrays), in key order. */
export const LOCK_COUNTERS_SQL = `
SELECT 1 FROM usage_counters
WHERE (workspace_id, month) IN (SELECT * FROM unnest($1::text[], $2::text[]))
ORDER BY workspace_id, month FOR UPDATE`;

/**
 * Locks the counter rows RECLAIM_SQL will update, in key order. Run in its transaction, whose
 * now() stays the same, so the dead rows RECLAIM_SQL deletes are among those found here.
 */
export const LOCK_RECLAIMED_COUNTERS_SQL = `
SELECT 1 FROM usage_counters u
WHERE EXISTS (SELECT 1 FROM usage_leases l WHERE l.workspace_id = u.workspace_id AND l.month = u.month
  AND l.expires_at < now() AND l.holder <> $1)
ORDER BY u.workspace_id, u.month FOR UPDATE OF u`;

/** Keeps holder $1's rows alive for another $2 ms. */
export const RENEW_SQL = `UPDATE usage_leases SET expires_at = now() + $2 * interval '1 millisecond' WHERE holder = $1`;

/** Dead holders' leases count as used: conservative, so the limit holds (quotaLeases.ts). */
export const RECLAIM_SQL = `
WITH dead AS (DELETE FROM usage_leases WHERE expires_at < now() AND holder <> $1 RETURNING workspace_id, month, amount),
s AS (SELECT workspace_id, month, sum(amount) AS amount FROM dead GROUP BY workspace_id, month)
UPDATE usage_counters u SET calls = u.calls + s.amount, leased = GREATEST(0, u.leased - s.amount)
FROM s WHERE u.workspace_id = s.workspace_id AND u.month = s.month`;

/**
 * The monthly External API quota without a durable write per call (issue 15). Each instance
 * leases blocks of calls from PostgreSQL (or PGlite) with one atomic statement, spends them in
 * memory, and writes what it used at most once per `flushMs` (a second by default).
 *
 * Exactness: `usage_counters.calls + usage_counters.leased` never exceeds the limit, because a
 * grant is computed and added inside one row-locked UPDATE. The block adapts to what is left
 * (1/16 of the remainder, at most `maxBlock`), so several instances share the end of a quota
 * fairly and the last calls of a month are leased one at a time: no instance can ever answer a
 * call the workspace has no room for, whatever the number of instances.
 *
 * A lowered limit (a plan change, or the operator's set-plan) reaches an instance with the next
 * call it answers for the workspace (the caller cache follows the event stream). Calls leased
 * under the higher limit are then given back before any is spent, and the next lease is granted
 * under the new limit: an instance never spends a block the new limit has no room for. Other
 * instances' blocks count as leased until they do the same (or give them back when idle), so for
 * that moment the workspace may be refused calls it still has, never given calls it has not.
 *
 * What a crash loses: the calls an instance used since its last flush (at most `flushMs` of
 * them) and its unused leased calls. Both stay counted as leased, and once the dead instance's
 * lease rows expire (`leaseTtlMs` without a heartbeat) any live instance moves them into
 * `calls`: the workspace may be billed up to one block it did not use, never fewer calls than
 * it made, and the limit is never exceeded.
 */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../sql/sqlClient.js';
import type { UsageCounter } from './usageCounter.js';

export interface QuotaLeaseOptions {
  /** How often used calls are written (and leases of idle workspaces given back). */
  flushMs?: number;
  /** Largest block one lease takes. */
  maxBlock?: number;
  /** A holder that has not renewed its leases for this long is presumed dead. */
  leaseTtlMs?: number;
  /** A workspace unused for this long gives its unused calls back. */
  idleMs?: number;
  onError?: (err: Error) => void;
}

export interface LeasedUsageCounter extends UsageCounter {
  /** Writes used calls now (also run by the timer). */
  flush(): Promise<void>;
  /** Writes used calls and gives every unused leased call back. */
  close(): Promise<void>;
  /** This instance's lease id (tests). */
  readonly holder: string;
}

interface MonthState {
  workspaceId: string;
  month: string;
  /** Leased calls not yet spent. */
  left: number;
  /** Calls spent (reserved or counted) since the last flush; a release takes one back. */
  used: number;
  /** `calls` as the database last reported it. */
  knownCalls: number;
  /** The limit the calls in `left` were leased under (null: unlimited). */
  leasedUnder: number | null;
  /** Leased calls taken out of `left` to be given back by the next settle (a lowered limit). */
  toReturn: number;
  lastUse: number;
  leasing: Promise<void> | null;
}

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

const LEASE_SQL = `
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

/** Moves `used` from leased to calls and gives `unused` back, per (workspace, month); renews this holder's leases. */
const SETTLE_SQL = `
WITH d AS (SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS d(ws, month, used, unused)),
l AS (
  UPDATE usage_leases SET amount = usage_leases.amount - d.used - d.unused
  FROM d WHERE usage_leases.holder = $5 AND usage_leases.workspace_id = d.ws AND usage_leases.month = d.month
)
UPDATE usage_counters u SET calls = u.calls + d.used, leased = GREATEST(0, u.leased - d.used - d.unused)
FROM d WHERE u.workspace_id = d.ws AND u.month = d.month
RETURNING u.workspace_id, u.month, u.calls::int AS calls`;

/** Dead holders' leases count as used: conservative, so the limit holds (see the file comment). */
const RECLAIM_SQL = `
WITH dead AS (DELETE FROM usage_leases WHERE expires_at < now() AND holder <> $1 RETURNING workspace_id, month, amount),
s AS (SELECT workspace_id, month, sum(amount) AS amount FROM dead GROUP BY workspace_id, month)
UPDATE usage_counters u SET calls = u.calls + s.amount, leased = GREATEST(0, u.leased - s.amount)
FROM s WHERE u.workspace_id = s.workspace_id AND u.month = s.month`;

export async function createLeasedUsageCounter(sql: SqlClient, opts: QuotaLeaseOptions = {}): Promise<LeasedUsageCounter> {
  const flushMs = opts.flushMs ?? 1000;
  const maxBlock = opts.maxBlock ?? 500;
  const leaseTtlMs = opts.leaseTtlMs ?? 60_000;
  const idleMs = opts.idleMs ?? 10_000;
  const holder = randomUUID();
  await sql.exec(USAGE_SCHEMA);
  const states = new Map<string, MonthState>();
  let settling: Promise<void> = Promise.resolve();
  let lastReclaim = 0;

  const stateOf = (workspaceId: string, month: string): MonthState => {
    const id = `${workspaceId}\u0000${month}`;
    let s = states.get(id);
    if (!s) {
      s = { workspaceId, month, left: 0, used: 0, knownCalls: -1, leasedUnder: null, toReturn: 0, lastUse: Date.now(), leasing: null };
      states.set(id, s);
    }
    return s;
  };

  async function readCalls(workspaceId: string, month: string): Promise<number> {
    const r = await sql.query<{ calls: number }>(`SELECT calls FROM usage_counters WHERE workspace_id = $1 AND month = $2`, [workspaceId, month]);
    return Number(r.rows[0]?.calls ?? 0);
  }

  async function lease(s: MonthState, limit: number | null): Promise<void> {
    const r = await sql.query<{ granted: number; calls: number }>(LEASE_SQL, [s.workspaceId, s.month, limit, maxBlock, holder, leaseTtlMs]);
    const row = r.rows[0];
    s.knownCalls = Number(row?.calls ?? 0);
    s.left += Number(row?.granted ?? 0);
    s.leasedUnder = limit;
  }

  /** A block leased under a higher limit (or none) than `limit` is not this instance's to spend any more. */
  const lowered = (s: MonthState, limit: number | null) => s.left > 0 && limit !== null && (s.leasedUnder === null || limit < s.leasedUnder);

  /** One statement for every (workspace, month) with something to write or give back. */
  async function settle(giveBackAll: boolean): Promise<void> {
    const now = Date.now();
    const batch: Array<{ s: MonthState; used: number; unused: number }> = [];
    for (const s of states.values()) {
      const idle = now - s.lastUse > idleMs;
      const unusedLeft = (giveBackAll || idle) && !s.leasing ? s.left : 0;
      const unused = unusedLeft + s.toReturn;
      if (s.used === 0 && unused === 0) continue;
      // The used calls stay counted here until the write answers with the durable total, so a
      // reading taken while the flush is in flight never dips (the X-Quota-* headers stay exact).
      batch.push({ s, used: s.used, unused });
      s.left -= unusedLeft;
      s.toReturn = 0;
    }
    if (batch.length > 0) {
      try {
        const r = await sql.query<{ workspace_id: string; month: string; calls: number }>(SETTLE_SQL, [
          batch.map((b) => b.s.workspaceId), batch.map((b) => b.s.month), batch.map((b) => b.used), batch.map((b) => b.unused), holder,
        ]);
        for (const b of batch) b.s.used -= b.used;
        for (const row of r.rows) stateOf(row.workspace_id, row.month).knownCalls = Number(row.calls);
      } catch (err) {
        // Nothing was written: the used calls are still counted; the unused ones are given back
        // next time (never spent: they may be above a lowered limit).
        for (const b of batch) b.s.toReturn += b.unused;
        opts.onError?.(err as Error);
      }
    }
    for (const [id, s] of states) if (s.used === 0 && s.left === 0 && s.toReturn === 0 && !s.leasing && now - s.lastUse > idleMs) states.delete(id);
    if (now - lastReclaim > leaseTtlMs / 4) {
      lastReclaim = now;
      try {
        // Renew this holder's leases, then settle dead holders' ones.
        await sql.query(`UPDATE usage_leases SET expires_at = now() + $2 * interval '1 millisecond' WHERE holder = $1`, [holder, leaseTtlMs]);
        await sql.query(RECLAIM_SQL, [holder]);
      } catch (err) {
        opts.onError?.(err as Error);
      }
    }
  }

  const flush = (giveBackAll = false): Promise<void> => {
    settling = settling.then(() => settle(giveBackAll));
    return settling;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    holder,
    async get(workspaceId, month) {
      const calls = await readCalls(workspaceId, month);
      return calls + (states.get(`${workspaceId}\u0000${month}`)?.used ?? 0);
    },
    async current(workspaceId, month) {
      const s = stateOf(workspaceId, month);
      if (s.knownCalls < 0) s.knownCalls = await readCalls(workspaceId, month);
      return s.knownCalls + s.used;
    },
    async tryReserve(workspaceId, month, limit) {
      if (limit !== null && limit <= 0) return null;
      const s = stateOf(workspaceId, month);
      s.lastUse = Date.now();
      for (;;) {
        if (lowered(s, limit)) {
          s.toReturn += s.left;
          s.left = 0;
          await flush();
          continue;
        }
        if (s.left > 0) break;
        if (s.leasing) {
          await s.leasing;
          continue;
        }
        s.leasing = lease(s, limit).finally(() => {
          s.leasing = null;
        });
        await s.leasing;
        if (s.left <= 0) return null;
      }
      s.left -= 1;
      s.used += 1;
      return s.knownCalls + s.used;
    },
    async release(workspaceId, month) {
      const s = stateOf(workspaceId, month);
      s.used -= 1;
      s.left += 1;
    },
    flush: () => flush(false),
    async close() {
      clearInterval(timer);
      for (const s of states.values()) await s.leasing?.catch(() => undefined);
      await flush(true);
    },
  };
}

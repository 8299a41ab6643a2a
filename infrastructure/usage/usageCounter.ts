/**
 * Monthly External API call counts per workspace. An operational counter, not an event (one
 * per API call would flood the log), kept in its own table so projection rebuilds leave it be.
 * The service uses the leased counter (quotaLeases.ts); this one writes every call and is the
 * simple reference it is tested against.
 */
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export interface UsageCounter {
  /** Calls counted so far: the durable count plus what this instance has not written yet. */
  get(workspaceId: string, month: string): Promise<number>;
  /**
   * The hot path's reading of the same number: from memory once the workspace is known here
   * (quotaLeases.ts), so a request does not wait on the database for its X-Quota-* headers.
   */
  current(workspaceId: string, month: string): Promise<number>;
  /**
   * Counts one call if the month still has room under `limit` (null: unlimited), atomically,
   * so parallel requests cannot overshoot the quota. Returns the new count, or null when spent.
   */
  tryReserve(workspaceId: string, month: string, limit: number | null): Promise<number | null>;
  /** Gives back a reserved call that turned out not to count (a 4xx answer). */
  release(workspaceId: string, month: string): Promise<void>;
}

export async function createSqlUsageCounter(sql: SqlClient): Promise<UsageCounter> {
  await applySchema(
    sql,
    `CREATE TABLE IF NOT EXISTS usage_counters (
    workspace_id TEXT NOT NULL, month TEXT NOT NULL, calls BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, month))`,
  );
  const get = async (workspaceId: string, month: string) => {
    const r = await sql.query<{ calls: number }>(
      `SELECT calls FROM usage_counters WHERE workspace_id = $1 AND month = $2`,
      [workspaceId, month],
    );
    return Number(r.rows[0]?.calls ?? 0);
  };
  return {
    get,
    current: get,
    async tryReserve(workspaceId, month, limit) {
      if (limit !== null && limit <= 0) return null;
      const r = await sql.query<{ calls: number }>(
        `INSERT INTO usage_counters (workspace_id, month, calls) VALUES ($1, $2, 1)
         ON CONFLICT (workspace_id, month) DO UPDATE SET calls = usage_counters.calls + 1
         WHERE $3::bigint IS NULL OR usage_counters.calls < $3::bigint
         RETURNING calls`,
        [workspaceId, month, limit],
      );
      return r.rows.length ? Number(r.rows[0].calls) : null;
    },
    async release(workspaceId, month) {
      await sql.query(
        `UPDATE usage_counters SET calls = calls - 1 WHERE workspace_id = $1 AND month = $2 AND calls > 0`,
        [workspaceId, month],
      );
    },
  };
}

/** `YYYY-MM` in UTC. */
export function monthOf(date: Date): string {
  const m = date.getUTCMonth() + 1;
  return `${date.getUTCFullYear()}-${m < 10 ? '0' : ''}${m}`;
}

/** Unix epoch seconds of the first instant of the next UTC month. */
export function nextMonthStart(date: Date): number {
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000);
}

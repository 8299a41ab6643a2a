/**
 * Which instance applies the views (DESIGN.md decision 21). Several instances on one database
 * each used to read every batch and race to land it: the losers' reads and handler runs were
 * wasted (four in ten batches with two instances), and every runner's horizon took the append
 * lock exclusively, so appends queued behind two readers instead of one (two
 * instances on one machine answered a third as many creates as one).
 *
 * Leadership only decides who tries. Exactly-once still rests on the checkpoint check of each
 * batch (batchApplication.ts), so two instances that both believe they lead (a lock lost
 * while a batch was in flight) cost a wasted batch, never a wrong view.
 */
import type { SessionLock, SqlClient } from '../sql/sqlClient.js';

export interface Leadership {
  /** Whether this process led at its last check (no round trip). */
  leading(): boolean;
  /**
   * Whether this process leads now, trying to take the lead at most once per `retryMs` while
   * another holds it (the lead is free again as soon as its holder's connection ends).
   */
  tryLead(): Promise<boolean>;
  /** Gives the lead up (a stopping process), so another takes it at its next try. */
  close(): Promise<void>;
}

/** One process (the embedded store), or a store without session locks: every instance leads. */
export const alwaysLeading: Leadership = {
  leading: () => true,
  tryLead: async () => true,
  close: async () => undefined,
};

/** The views' advisory lock of this schema: (class "cong", hash of the schema name). */
const VIEWS_LEAD_LOCK = `${0x636f6e67}, hashtext(current_schema())`;

/** The lead as a session advisory lock on the server (SqlClient.sessionLock). */
export function createSqlLeadership(sql: SqlClient, opts: { retryMs: number; now?: () => number }): Leadership {
  if (!sql.sessionLock) return alwaysLeading;
  const take = sql.sessionLock.bind(sql);
  const now = opts.now ?? (() => performance.now());
  let lock: SessionLock | null = null;
  let triedAt = -Infinity;
  let closed = false;
  return {
    leading: () => lock !== null && lock.held,
    async tryLead() {
      if (lock?.held) return true;
      lock = null;
      if (closed || now() - triedAt < opts.retryMs) return false;
      triedAt = now();
      // A failed try (the server away) is a "no": the runner's own reads fail the same way.
      lock = await take(VIEWS_LEAD_LOCK).catch(() => null);
      if (lock && closed) {
        await lock.release(); // closed while the try was on its way
        lock = null;
      }
      return lock !== null && lock.held;
    },
    async close() {
      closed = true;
      await lock?.release();
      lock = null;
    },
  };
}

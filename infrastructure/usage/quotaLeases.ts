/**
 * The monthly External API quota without a durable write per call. Each instance
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
 * lease rows expire (`leaseTtlMs` without a renewal) any live instance moves them into `calls`:
 * the workspace may be billed up to one block it did not use, never fewer calls than it made,
 * and the limit is never exceeded.
 *
 * An instance cut off from the database looks dead to the others: they settle its leases as
 * used once they expire. So it spends from a block only while the block's row is known to be
 * alive (`spendWindowMs` after the lease or renewal that last reached the database, less than
 * the rows' lifetime). Past that it freezes every block it holds and goes on under a new lease
 * id (`holder`): new calls need a fresh lease (while the database is away, the lease fails and
 * the call is answered 503). A frozen block is settled once the database answers, and only if
 * its row is still there; a row another instance has settled meanwhile billed those calls
 * already (and its unused rest, as after a crash). A call is never billed twice.
 */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../sql/sqlClient.js';
import type { UsageCounter } from './usageCounter.js';
import {
  LEASE_SQL,
  LOCK_COUNTERS_SQL,
  LOCK_RECLAIMED_COUNTERS_SQL,
  RECLAIM_SQL,
  RENEW_SQL,
  SETTLE_SQL,
  USAGE_SCHEMA,
} from './quotaLeaseSql.js';
import { applySchema } from '../sql/applySchema.js';

export { USAGE_SCHEMA } from './quotaLeaseSql.js';

export interface QuotaLeaseOptions {
  /** How often used calls are written (and leases of idle workspaces given back). */
  flushMs?: number;
  /** Largest block one lease takes. */
  maxBlock?: number;
  /** A holder that has not renewed its leases for this long is presumed dead. */
  leaseTtlMs?: number;
  /**
   * How long after its lease or last renewal reached the database a block may still be spent
   * (default 3/4 of `leaseTtlMs`: the rest is margin for a statement's time in flight).
   */
  spendWindowMs?: number;
  /** A workspace unused for this long gives its unused calls back. */
  idleMs?: number;
  onError?: (err: Error) => void;
}

export interface LeasedUsageCounter extends UsageCounter {
  /** Writes used calls now (also run by the timer). */
  flush(): Promise<void>;
  /** Writes used calls and gives every unused leased call back. */
  close(): Promise<void>;
  /** The lease id new leases are taken under (tests); a new one after a cut-off. */
  readonly holder: string;
}

/** The calls of one lease row (holder, workspace, month) this instance holds. */
interface Block {
  holder: string;
  /** Leased calls not yet spent. */
  left: number;
  /** Calls spent (reserved or counted) since the last settle; a release takes one back. */
  used: number;
  /** Leased calls taken out of `left` to be given back by the next settle. */
  toReturn: number;
  /** The limit the calls in `left` were leased under (null: unlimited). */
  leasedUnder: number | null;
  /** Monotonic time (performance.now) the row's lease or renewal was sent: it lives `leaseTtlMs` from then. */
  confirmedAt: number;
}

interface MonthState {
  workspaceId: string;
  month: string;
  /** `calls` as the database last reported it (-1: read it again). */
  knownCalls: number;
  lastUse: number;
  leasing: Promise<void> | null;
  /** The block calls are spent from. */
  block: Block;
  /** Frozen blocks (their lease may be gone): never spent, settled once the database answers. */
  frozen: Block[];
}

const newBlock = (holder: string): Block => ({
  holder,
  left: 0,
  used: 0,
  toReturn: 0,
  leasedUnder: null,
  confirmedAt: performance.now(),
});
const holds = (b: Block) => b.left > 0 || b.used !== 0 || b.toReturn > 0;
const unsettled = (s: MonthState) => s.frozen.reduce((n, b) => n + b.used, s.block.used);

export async function createLeasedUsageCounter(
  sql: SqlClient,
  opts: QuotaLeaseOptions = {},
): Promise<LeasedUsageCounter> {
  const flushMs = opts.flushMs ?? 1000;
  const maxBlock = opts.maxBlock ?? 500;
  const leaseTtlMs = opts.leaseTtlMs ?? 60_000;
  const spendWindowMs = opts.spendWindowMs ?? (leaseTtlMs * 3) / 4;
  const idleMs = opts.idleMs ?? 10_000;
  let holder = randomUUID();
  await applySchema(sql, USAGE_SCHEMA);
  const states = new Map<string, MonthState>();
  let settling: Promise<void> = Promise.resolve();
  let lastRenewal = 0;

  const stateOf = (workspaceId: string, month: string): MonthState => {
    const id = `${workspaceId}\u0000${month}`;
    let s = states.get(id);
    if (!s) {
      s = {
        workspaceId,
        month,
        knownCalls: -1,
        lastUse: Date.now(),
        leasing: null,
        block: newBlock(holder),
        frozen: [],
      };
      states.set(id, s);
    }
    return s;
  };

  /** Whether a block's row may have been settled by another instance by now (see the file comment). */
  const lapsed = (b: Block) => holds(b) && performance.now() - b.confirmedAt > spendWindowMs;

  /** Freezes every block and goes on under a new lease id, so no new row shares a frozen one's key. */
  function freezeAll(): void {
    holder = randomUUID();
    for (const s of states.values()) {
      const b = s.block;
      if (holds(b)) {
        b.toReturn += b.left;
        b.left = 0;
        s.frozen.push(b);
      }
      s.block = newBlock(holder);
    }
  }

  async function readCalls(workspaceId: string, month: string): Promise<number> {
    const r = await sql.query<{ calls: number }>(
      `SELECT calls FROM usage_counters WHERE workspace_id = $1 AND month = $2`,
      [workspaceId, month],
    );
    return Number(r.rows[0]?.calls ?? 0);
  }

  async function lease(s: MonthState, limit: number | null): Promise<void> {
    const b = s.block;
    const sentAt = performance.now();
    const params = [s.workspaceId, s.month, limit, maxBlock, b.holder, leaseTtlMs];
    const r = await sql.query<{ granted: number; calls: number }>(LEASE_SQL, params);
    const granted = Number(r.rows[0]?.granted ?? 0);
    s.knownCalls = Number(r.rows[0]?.calls ?? 0);
    // Frozen while the lease was on its way: the grant sits in the frozen block's row, to go back.
    if (s.block !== b) return void (b.toReturn += granted);
    b.left += granted;
    b.leasedUnder = limit;
    if (granted > 0) b.confirmedAt = Math.max(b.confirmedAt, sentAt);
  }

  /** A block leased under a higher limit (or none) than `limit` is not this instance's to spend any more. */
  const lowered = (b: Block, limit: number | null) =>
    b.left > 0 && limit !== null && (b.leasedUnder === null || limit < b.leasedUnder);

  /** Renews this holder's rows, then settles dead holders' ones; on failure, tried again at the next flush. */
  async function renewAndReclaim(now: number): Promise<void> {
    if (now - lastRenewal <= leaseTtlMs / 4) return;
    const sentAt = performance.now();
    const renewing = holder;
    // Blocks with a lease on its way may get a row after this renewal ran: their lease confirms them.
    const covered = [...states.values()].filter((s) => !s.leasing).map((s) => s.block);
    try {
      await sql.query(RENEW_SQL, [renewing, leaseTtlMs]);
      lastRenewal = now;
      for (const b of covered) if (b.holder === renewing) b.confirmedAt = Math.max(b.confirmedAt, sentAt);
      await sql.transaction(async (tx) => {
        await tx.query(LOCK_RECLAIMED_COUNTERS_SQL, [holder]);
        await tx.query(RECLAIM_SQL, [holder]);
      });
    } catch (err) {
      opts.onError?.(err as Error);
    }
  }

  /** One statement for every block with something to write or give back. */
  async function settle(giveBackAll: boolean): Promise<void> {
    if ([...states.values()].some((s) => lapsed(s.block))) freezeAll();
    const now = Date.now();
    const batch: Array<{ s: MonthState; b: Block; used: number; unused: number }> = [];
    for (const s of states.values()) {
      const idle = now - s.lastUse > idleMs;
      for (const b of [s.block, ...s.frozen]) {
        const unusedLeft = (giveBackAll || idle) && !s.leasing ? b.left : 0;
        const unused = unusedLeft + b.toReturn;
        if (b.used === 0 && unused === 0) continue;
        // The used calls stay counted here until the write answers with the durable total, so a
        // reading taken while the flush is in flight never dips (the X-Quota-* headers stay exact).
        batch.push({ s, b, used: b.used, unused });
        b.left -= unusedLeft;
        b.toReturn = 0;
      }
    }
    if (batch.length > 0) {
      try {
        const workspaces = batch.map((e) => e.s.workspaceId);
        const months = batch.map((e) => e.s.month);
        const r = await sql.transaction(async (tx) => {
          await tx.query(LOCK_COUNTERS_SQL, [workspaces, months]);
          return tx.query<{ holder: string; workspace_id: string; month: string; calls: number }>(SETTLE_SQL, [
            batch.map((e) => e.b.holder),
            workspaces,
            months,
            batch.map((e) => e.used),
            batch.map((e) => e.unused),
          ]);
        });
        const settled = new Set(r.rows.map((row) => `${row.holder}\u0000${row.workspace_id}\u0000${row.month}`));
        for (const row of r.rows) stateOf(row.workspace_id, row.month).knownCalls = Number(row.calls);
        let rowLost = false;
        for (const e of batch) {
          e.b.used -= e.used;
          if (settled.has(`${e.b.holder}\u0000${e.s.workspaceId}\u0000${e.s.month}`)) continue;
          // Its row is gone: another instance settled it as used, which billed these calls and
          // the rest of the block. Nothing of it is spent or written any more.
          e.s.knownCalls = -1;
          // (A call given back to a block that never had a row is no sign of anything.)
          if (e.b === e.s.block) rowLost ||= e.used + e.unused > 0;
          else Object.assign(e.b, { left: 0, used: 0, toReturn: 0 });
        }
        if (rowLost) freezeAll();
      } catch (err) {
        // Nothing was written: the used calls are still counted; the unused ones are given back
        // next time (never spent: they may be above a lowered limit).
        for (const e of batch) e.b.toReturn += e.unused;
        opts.onError?.(err as Error);
      }
    }
    for (const [id, s] of states) {
      s.frozen = s.frozen.filter(holds);
      if (!holds(s.block) && s.frozen.length === 0 && !s.leasing && now - s.lastUse > idleMs) states.delete(id);
    }
    await renewAndReclaim(now);
  }

  const flush = (giveBackAll = false): Promise<void> => {
    settling = settling.then(() => settle(giveBackAll));
    return settling;
  };
  // A tick while a settle still waits on the database adds nothing to the queue.
  let ticking: Promise<void> | null = null;
  const timer = setInterval(() => {
    ticking ??= flush().finally(() => (ticking = null));
  }, flushMs);
  timer.unref();

  return {
    get holder() {
      return holder;
    },
    async get(workspaceId, month) {
      const calls = await readCalls(workspaceId, month);
      const s = states.get(`${workspaceId}\u0000${month}`);
      return calls + (s ? unsettled(s) : 0);
    },
    async current(workspaceId, month) {
      const s = stateOf(workspaceId, month);
      if (s.knownCalls < 0) s.knownCalls = await readCalls(workspaceId, month);
      return s.knownCalls + unsettled(s);
    },
    async tryReserve(workspaceId, month, limit) {
      if (limit !== null && limit <= 0) return null;
      const s = stateOf(workspaceId, month);
      s.lastUse = Date.now();
      for (;;) {
        const b = s.block;
        if (lapsed(b)) {
          freezeAll();
          continue;
        }
        if (lowered(b, limit)) {
          b.toReturn += b.left;
          b.left = 0;
          await flush();
          continue;
        }
        if (b.left > 0) break;
        if (s.leasing !== null) {
          await s.leasing;
          continue;
        }
        s.leasing = lease(s, limit).finally(() => {
          s.leasing = null;
        });
        await s.leasing;
        if (s.block === b && b.left <= 0) return null;
      }
      s.block.left -= 1;
      s.block.used += 1;
      return Math.max(s.knownCalls, 0) + unsettled(s);
    },
    async release(workspaceId, month) {
      // Given to the block calls are spent from now: the call counted in a frozen one stays
      // billed there, and this block bills one call fewer, so the total is the same.
      const b = stateOf(workspaceId, month).block;
      b.used -= 1;
      b.left += 1;
    },
    flush: () => flush(false),
    async close() {
      clearInterval(timer);
      for (const s of states.values()) await s.leasing?.catch(() => undefined);
      await flush(true);
    },
  };
}

/**
 * One projections rebuild at a time. A rebuild replays the log into the staging copies of the
 * views (`rs_*`), and there is one set of them per database: a second rebuild would drop the
 * first one's tables under it, or race it creating them (PostgreSQL answered
 * `duplicate key value violates unique constraint "pg_type_typname_nsp_index"`). So a rebuild
 * holds this lock from opening the staging copies until they are promoted or given up, and a
 * second one is refused with RebuildRunningError instead.
 *
 * Within a process a flag guards it (the embedded store: the server runs every CLI command).
 * Across processes on one PostgreSQL server, a session advisory lock does, the mechanism the
 * views' leadership uses (infrastructure/leadership): the server frees it when its holder's
 * connection ends, so a crashed rebuild never blocks the next one.
 */
import type { SqlClient } from '../sql/sqlClient.js';

export class RebuildRunningError extends Error {
  constructor() {
    super('a projections rebuild is already running');
    this.name = 'RebuildRunningError';
  }
}

export interface RebuildLock {
  /** False once the lock was lost (its database connection ended): another rebuild may start. */
  readonly held: boolean;
  release(): Promise<void>;
}

/** The rebuild's advisory lock of this schema: (class "rbld", hash of the schema name). */
const REBUILD_LOCK = `${0x72626c64}, hashtext(current_schema())`;

/** Databases (keyed by their client object) on which this process is rebuilding now. */
const rebuildingHere = new WeakSet<object>();

/** The lock within this process only, for stores whose views no other process rebuilds beside it. */
export function inProcessRebuildLock(database: object): RebuildLock {
  // Checked and set with no await between: two calls in one tick cannot both pass.
  if (rebuildingHere.has(database)) throw new RebuildRunningError();
  rebuildingHere.add(database);
  let held = true;
  return {
    get held() {
      return held;
    },
    async release() {
      if (held) rebuildingHere.delete(database);
      held = false;
    },
  };
}

/** The lock for views on `sql`: in this process, and on the server for every process sharing it. */
export async function sqlRebuildLock(sql: SqlClient): Promise<RebuildLock> {
  const local = inProcessRebuildLock(sql);
  if (!sql.sessionLock) return local;
  try {
    const session = await sql.sessionLock(REBUILD_LOCK);
    if (!session) throw new RebuildRunningError();
    return {
      get held() {
        return local.held && session.held;
      },
      async release() {
        await session.release();
        await local.release();
      },
    };
  } catch (err) {
    await local.release();
    throw err;
  }
}

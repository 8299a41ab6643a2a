/**
 * EventStore on PostgreSQL (server via `pg`, or embedded PGlite): one SQL dialect, two drivers.
 *
 * Global order (DESIGN.md, decision 6): a BIGSERIAL alone is not a safe subscription cursor, because a
 * transaction that took position 5 may commit after one that took position 6. Each event
 * records the id of the transaction that wrote it and the cursor is the pair (transaction id,
 * position); readers only read below a horizon that no appender still running can fall under.
 *
 * The horizon is not the cluster's oldest running transaction (pg_snapshot_xmin): that is
 * shared by every database of the server, so one long transaction anywhere would stall every
 * reader. Instead each append first takes a shared advisory lock (before its transaction has an
 * id), and a reader takes the same lock exclusively for an instant: once it holds it, every
 * appender whose id is below the reader's snapshot xmax has finished, and any appender still
 * to come gets an id at or above it. That xmax is the horizon; only our own short appends can
 * hold a reader back, never a foreign transaction.
 */
import { randomUUID } from 'node:crypto';
import { type Observable, Subject } from 'rxjs';
import type { SqlClient, SqlQueryable } from '../sql/sqlClient.js';
import type {
  AppendNotice,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  RecordedEvent,
} from './eventStore.js';
import { WrongExpectedRevisionError } from './eventStore.js';
import { catchUpSubscription } from './catchUpSubscription.js';
import { appendGroups, type AppendGroups } from './appendGroups.js';
import { appendGroup, appendOne, currentRevisions, refusalOf, type ExactAppend } from './postgresAppendStatements.js';
import { PARTIAL_APPEND, SQL_RAISE_SCHEMA, hasSqlState } from '../sql/sqlRaise.js';
import { applySchema } from '../sql/applySchema.js';

const CHANNEL = 'confab_events';
/** Appends written by one grouped statement at most (its NOTIFYs and parameters stay small). */
const MAX_GROUP = 32;
/** Grouped statements running at once; more appends than that wait and form the next group. */
const MAX_IN_FLIGHT = 2;
/** Advisory lock of this schema's event log: (class, hash of the schema name). */
export const APPEND_LOCK = `${0x636f6e66}, hashtext(current_schema())`;

export const EVENT_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    BIGSERIAL PRIMARY KEY,
  tx_id       xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id    UUID NOT NULL UNIQUE,
  stream_id   TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        JSONB NOT NULL,
  metadata    JSONB NOT NULL,
  recorded_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS events_global_order ON events (tx_id, position);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT PRIMARY KEY,
  revision  INTEGER NOT NULL
);
`;

interface EventRow {
  position: string;
  tx_id: string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: NewEvent['metadata'];
}

const SELECT_EVENT = `SELECT position::text, tx_id::text, event_id::text, stream_id, revision, type, data, metadata FROM events`;

/** The NOTIFY payload: `{i: instance, s: stream, t: types}`; an older instance sent the bare stream id. */
function parseNotice(payload: string): { from: string | null; streamId: string; types: string[] | null } {
  try {
    const p = JSON.parse(payload) as { i: string; s: string; t: string[] };
    if (typeof p?.s === 'string') return { from: p.i, streamId: p.s, types: Array.isArray(p.t) ? p.t : null };
  } catch {
    /* a bare stream id */
  }
  return { from: null, streamId: payload, types: null };
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.tx_id), prepare: BigInt(row.position) },
  };
}

class PostgresEventStore implements EventStore {
  /** Fires after every local append and every NOTIFY from other processes. */
  readonly appended$ = new Subject<void>();
  /** The stream of every append, local or NOTIFY'd by another process (caches invalidate from it). */
  readonly appendedStreams$ = new Subject<AppendNotice>();
  /** Names this store's own NOTIFYs, which it has announced locally already. */
  private readonly instanceId = randomUUID();
  private readonly notice = { channel: CHANNEL, instanceId: this.instanceId };
  private stopListening?: () => Promise<void>;

  /** Exact appends, each to one stream or several at once (appendAll), grouped into statements. */
  private readonly groups: AppendGroups<ExactAppend[], AppendResult[]>;

  constructor(private readonly sql: SqlClient) {
    const notice = this.notice;
    this.groups = appendGroups<ExactAppend[], AppendResult[]>({
      keysOf: (request) => request.map((a) => a.streamId),
      write: (group) => appendGroup(sql, group, APPEND_LOCK, notice),
      maxGroup: MAX_GROUP,
      maxInFlight: MAX_IN_FLIGHT,
    });
  }

  /** Hears other processes' appends (their NOTIFYs) until close; its own are announced as they happen. */
  async listen(): Promise<void> {
    this.stopListening = await this.sql.listen(CHANNEL, (payload) => {
      const notice = parseNotice(payload);
      if (notice.from === this.instanceId) return;
      this.appendedStreams$.next({ streamId: notice.streamId, types: notice.types });
      this.appended$.next();
    });
  }

  async append(
    streamId: string,
    events: NewEvent[],
    opts: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = opts.expectedRevision ?? 'any';
    // An exact expectation ('no_stream' or a revision) is checked by the write itself: a
    // conditional UPDATE (or INSERT) of the stream row claims the next revisions or matches
    // nothing. That makes the whole append one statement in its own implicit transaction: one
    // round trip instead of four. Otherwise the row is locked and read first, in a
    // transaction.
    // Concurrent exact appends to different streams share that statement (appendGroups.ts).
    const exact = expected === 'no_stream' || typeof expected === 'number';
    const result = exact
      ? (await this.submit([{ streamId, events, expected }]))[0]
      : await this.sql.transaction(async (tx) => {
          // First, before this transaction has an id: readers rely on it (see the file comment).
          await tx.query(`SELECT pg_advisory_xact_lock_shared(${APPEND_LOCK})`);
          const current = await this.lockStream(tx, streamId, expected);
          // The row is locked: the claim cannot miss.
          const written = await appendOne(tx, { streamId, events, expected: current }, null, this.notice);
          if (written instanceof WrongExpectedRevisionError) throw written;
          return written;
        });
    this.appendedStreams$.next({ streamId, types: [...new Set(events.map((e) => e.type))] });
    this.appended$.next();
    return result;
  }

  /**
   * Several streams at once, all or none, in one statement (shared with concurrent appends as
   * above): a command that must change two aggregates together, such as a chatbot and its
   * workspace's slot, makes one round trip instead of two.
   */
  async appendAll(
    appends: Array<{ streamId: string; events: NewEvent[]; expectedRevision: 'no_stream' | number }>,
  ): Promise<AppendResult[]> {
    if (appends.length === 0 || appends.some((a) => a.events.length === 0))
      throw new Error('appendAll needs at least one event per stream');
    if (new Set(appends.map((a) => a.streamId)).size !== appends.length)
      throw new Error('appendAll names a stream twice');
    const results = await this.submit(
      appends.map((a) => ({ streamId: a.streamId, events: a.events, expected: a.expectedRevision })),
    );
    for (const a of appends)
      this.appendedStreams$.next({ streamId: a.streamId, types: [...new Set(a.events.map((e) => e.type))] });
    this.appended$.next();
    return results;
  }

  /** One request to the grouped statements; a refusal is thrown. */
  private async submit(request: ExactAppend[]): Promise<AppendResult[]> {
    try {
      return await this.groups.submit(request);
    } catch (err) {
      // Alone in its statement and still caught between two writers of another process: a
      // conflict like any other, for the caller to decide again on the streams as they are now.
      if (!hasSqlState(err, PARTIAL_APPEND)) throw err;
      throw refusalOf(
        request,
        await currentRevisions(
          this.sql,
          request.map((a) => a.streamId),
        ),
      );
    }
  }

  /** Locks the stream row for this transaction and checks the expectation; returns the current revision (-1: none). */
  private async lockStream(tx: SqlQueryable, streamId: string, expected: ExpectedRevision): Promise<number> {
    const existing = await tx.query<{ revision: number }>(
      `SELECT revision FROM streams WHERE stream_id = $1 FOR UPDATE`,
      [streamId],
    );
    const current = existing.rows[0]?.revision;
    if (current === undefined) {
      if (expected === 'stream_exists' || typeof expected === 'number') {
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      }
      // Two "no stream" appenders race here; the primary key lets exactly one insert win.
      const created = await tx.query(
        `INSERT INTO streams (stream_id, revision) VALUES ($1, -1) ON CONFLICT DO NOTHING RETURNING stream_id`,
        [streamId],
      );
      if (created.rows.length === 0) {
        if (expected === 'no_stream') throw new WrongExpectedRevisionError(streamId, expected, 0);
        return this.lockStream(tx, streamId, expected);
      }
      return -1;
    }
    if (expected === 'no_stream') throw new WrongExpectedRevisionError(streamId, expected, current);
    if (typeof expected === 'number' && expected !== current)
      throw new WrongExpectedRevisionError(streamId, expected, current);
    return current;
  }

  async readStream(streamId: string, opts: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const r = await this.sql.query<EventRow>(
      `${SELECT_EVENT} WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
      [streamId, opts.fromRevision ?? 0],
    );
    return r.rows.map(toRecorded);
  }

  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[]> {
    if (streamIds.length === 0) return [];
    const r = await this.sql.query<EventRow>(
      `${SELECT_EVENT} WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision`,
      [[...streamIds]],
    );
    return r.rows.map(toRecorded);
  }

  /** Below this transaction id every append has finished, and none can still appear. */
  private async horizon(): Promise<string> {
    // The statement's snapshot is taken before the lock is granted: its xmax is the horizon.
    // One statement in its own implicit transaction, which holds the lock until it ends: no
    // BEGIN/COMMIT round trips.
    const r = await this.sql.query<{ horizon: string }>(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon FROM (SELECT pg_advisory_xact_lock(${APPEND_LOCK})) AS appends_done`,
    );
    return r.rows[0].horizon;
  }

  async readAll(opts: { after?: Position | null; limit?: number } = {}): Promise<RecordedEvent[]> {
    const limit = Math.min(Math.max(opts.limit ?? 500, 1), 10_000);
    const after = opts.after;
    const horizon = await this.horizon();
    // ORDER BY names are qualified: bare ones would bind to the ::text output columns ('10' < '8').
    const r =
      after && after.commit >= 0n
        ? await this.sql.query<EventRow>(
            `${SELECT_EVENT}
           WHERE tx_id < $4::text::xid8
             AND (tx_id, position) > ($1::text::xid8, $2::bigint)
           ORDER BY events.tx_id, events.position LIMIT $3`,
            [after.commit.toString(), after.prepare.toString(), limit, horizon],
          )
        : await this.sql.query<EventRow>(
            `${SELECT_EVENT} WHERE tx_id < $2::text::xid8 ORDER BY events.tx_id, events.position LIMIT $1`,
            [limit, horizon],
          );
    return r.rows.map(toRecorded);
  }

  async countUpTo(position: Position): Promise<number> {
    const r = await this.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE (tx_id, position) <= ($1::text::xid8, $2::bigint)`,
      [position.commit.toString(), position.prepare.toString()],
    );
    return Number(r.rows[0].n);
  }

  subscribeToAll(opts: { after?: Position | null } = {}): Observable<RecordedEvent> {
    return catchUpSubscription((after, limit) => this.readAll({ after, limit }), this.appended$, opts.after ?? null);
  }

  async close(): Promise<void> {
    this.appended$.complete();
    this.appendedStreams$.complete();
    await this.stopListening?.();
  }
}

/**
 * The event store on `sql`, its tables made if missing. `listen: false` leaves out other
 * processes' appends (a second store on one database, in tests).
 */
export async function createPostgresEventStore(
  sql: SqlClient,
  opts: { listen?: boolean } = {},
): Promise<PostgresEventStore> {
  await applySchema(sql, EVENT_STORE_SCHEMA + SQL_RAISE_SCHEMA);
  const store = new PostgresEventStore(sql);
  if (opts.listen !== false) await store.listen();
  return store;
}

export type { PostgresEventStore };

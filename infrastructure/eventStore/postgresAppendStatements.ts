/**
 * The statements that write appends: one stream, or a group of streams (appendGroups.ts), each
 * claim with an exact expected revision ('no_stream' or a number) and each in one statement.
 * A claim (a conditional INSERT or UPDATE of the stream's `streams` row) succeeds or matches
 * nothing on its own; only claimed streams get their events and their NOTIFY, and a stream
 * whose revision moved is answered WrongExpectedRevisionError.
 *
 * Given the lock, a statement takes the shared append lock itself before it writes anything:
 * the claims wait on it through an uncorrelated EXISTS, which PostgreSQL evaluates once, as a
 * one-time filter, before the first row; so the lock is held before the transaction has an id,
 * as the readers' horizon needs (postgresEventStore.ts). Without it, the caller's transaction
 * holds the lock already.
 */
import { randomUUID } from 'node:crypto';
import type { SqlQueryable } from '../sql/sqlClient.js';
import type { AppendResult, NewEvent } from './eventStore.js';
import { WrongExpectedRevisionError } from './eventStore.js';
import { PARTIAL_APPEND } from '../sql/sqlRaise.js';

export interface ExactAppend {
  streamId: string;
  events: NewEvent[];
  expected: 'no_stream' | number;
}

export interface AppendNoticeChannel {
  channel: string;
  instanceId: string;
}

const typesOf = (events: NewEvent[]) => [...new Set(events.map((e) => e.type))];

/** One stream: the lean statement (most appends are alone when the service is not busy). */
export async function appendOne(
  q: SqlQueryable,
  a: ExactAppend,
  lock: string | null,
  notice: AppendNoticeChannel,
): Promise<AppendResult | WrongExpectedRevisionError> {
  const current = a.expected === 'no_stream' ? -1 : a.expected;
  const first = current + 1;
  const last = first + a.events.length - 1;
  const locked = lock ? 'AND EXISTS (SELECT 1 FROM appending)' : '';
  const claim =
    a.expected === 'no_stream'
      ? `INSERT INTO streams (stream_id, revision) SELECT $1, $3 WHERE TRUE ${locked} ON CONFLICT DO NOTHING RETURNING $6::int`
      : `UPDATE streams SET revision = $3 WHERE stream_id = $1 AND revision = $6 ${locked} RETURNING 1`;
  // Identical notices of one transaction are delivered once, however often the join
  // evaluates pg_notify.
  const rows = await q.query<{ position: string; tx_id: string }>(
    `WITH ${lock ? `appending AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(${lock})),` : ''}
     claim AS (${claim}),
     ins AS (
       INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
       SELECT e.id::uuid, $1, e.revision, e.type, e.data, e.metadata
       FROM jsonb_to_recordset($2::jsonb) AS e(id text, revision int, type text, data jsonb, metadata jsonb)
       WHERE EXISTS (SELECT 1 FROM claim)
       ORDER BY e.revision
       RETURNING position, tx_id
     )
     SELECT ins.position::text, ins.tx_id::text FROM ins, (SELECT pg_notify($4, $5)) AS notified`,
    [
      a.streamId,
      JSON.stringify(
        a.events.map((e, i) => ({
          id: randomUUID(),
          revision: first + i,
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        })),
      ),
      last,
      notice.channel,
      JSON.stringify({ i: notice.instanceId, s: a.streamId, t: typesOf(a.events) }),
      current,
    ],
  );
  if (rows.rows.length === 0) {
    const actual = await q.query<{ revision: number }>(`SELECT revision FROM streams WHERE stream_id = $1`, [
      a.streamId,
    ]);
    return new WrongExpectedRevisionError(a.streamId, a.expected, actual.rows[0]?.revision ?? 'no_stream');
  }
  const maxPosition = rows.rows.reduce((m, r) => (BigInt(r.position) > m ? BigInt(r.position) : m), 0n);
  return { nextExpectedRevision: last, position: { commit: BigInt(rows.rows[0].tx_id), prepare: maxPosition } };
}

/**
 * Requests in one statement, which takes the append lock itself. A request names one or
 * more streams (distinct across the group) and is written whole or not at all: it is tried
 * only when every stream of it is as expected in the statement's snapshot, and a stream that
 * moved after the snapshot fails the whole statement (PARTIAL_APPEND) rather than leave a
 * request half written. Each request answers its results (one per stream) or the refusal of
 * its first stream that was not as expected.
 */
export async function appendGroup(
  q: SqlQueryable,
  group: ExactAppend[][],
  lock: string,
  notice: AppendNoticeChannel,
): Promise<Array<AppendResult[] | WrongExpectedRevisionError>> {
  if (group.length === 1 && group[0].length === 1) {
    const one = await appendOne(q, group[0][0], lock, notice);
    return [one instanceof WrongExpectedRevisionError ? one : [one]];
  }
  const flat = group.flatMap((request, r) => request.map((a) => ({ r, a })));
  const claims = flat.map(({ r, a }) => {
    const cur = a.expected === 'no_stream' ? -1 : a.expected;
    return {
      r,
      s: a.streamId,
      fresh: a.expected === 'no_stream',
      cur,
      last: cur + a.events.length,
      t: typesOf(a.events),
    };
  });
  let k = 0;
  const rows = flat.flatMap(({ a }, g) =>
    a.events.map((e, i) => ({
      k: k++,
      id: randomUUID(),
      s: a.streamId,
      revision: claims[g].cur + 1 + i,
      type: e.type,
      data: e.data,
      metadata: e.metadata,
    })),
  );
  // `streams` is read and updated through its primary key (= ANY of the ids), never a scan: the
  // planner guesses 100 rows for a jsonb_to_recordset and would hash the whole table.
  const written = await q.query<{ stream_id: string; position: string; tx_id: string }>(
    `WITH appending AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(${lock})),
     req AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(r int, s text, fresh boolean, cur int, last int, t jsonb)),
     known AS MATERIALIZED (SELECT stream_id, revision FROM streams WHERE stream_id = ANY (ARRAY(SELECT s FROM req))),
     ready AS MATERIALIZED (
       SELECT req.* FROM req WHERE req.r NOT IN (
         SELECT q.r FROM req q LEFT JOIN known ON known.stream_id = q.s
         WHERE (q.fresh AND known.stream_id IS NOT NULL) OR (NOT q.fresh AND known.revision IS DISTINCT FROM q.cur))),
     claimed_new AS (
       INSERT INTO streams (stream_id, revision)
       SELECT s, last FROM ready WHERE fresh AND EXISTS (SELECT 1 FROM appending)
       ON CONFLICT DO NOTHING RETURNING stream_id),
     claimed_old AS (
       UPDATE streams SET revision = ready.last FROM ready
       WHERE streams.stream_id = ANY (ARRAY(SELECT s FROM ready WHERE NOT fresh))
         AND NOT ready.fresh AND streams.stream_id = ready.s AND streams.revision = ready.cur
         AND EXISTS (SELECT 1 FROM appending)
       RETURNING streams.stream_id),
     claimed AS (SELECT stream_id FROM claimed_new UNION ALL SELECT stream_id FROM claimed_old),
     partial AS (
       SELECT confab_raise($5, 'stream ' || ready.s || ' moved during an append to several streams') FROM ready
       WHERE ready.s NOT IN (SELECT stream_id FROM claimed)
         AND ready.r IN (SELECT ready.r FROM ready JOIN claimed ON claimed.stream_id = ready.s)),
     ins AS (
       INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
       SELECT e.id::uuid, e.s, e.revision, e.type, e.data, e.metadata
       FROM jsonb_to_recordset($2::jsonb) AS e(k int, id text, s text, revision int, type text, data jsonb, metadata jsonb)
       WHERE e.s IN (SELECT stream_id FROM claimed)
       ORDER BY e.k
       RETURNING stream_id, position, tx_id),
     notified AS (
       SELECT count(pg_notify($3, jsonb_build_object('i', $4::text, 's', ready.s, 't', ready.t)::text)) AS n
       FROM ready WHERE ready.s IN (SELECT stream_id FROM claimed))
     SELECT ins.stream_id, max(ins.position)::text AS position, min(ins.tx_id::text) AS tx_id
     FROM ins CROSS JOIN notified CROSS JOIN (SELECT count(*) FROM partial) AS whole
     GROUP BY ins.stream_id`,
    [JSON.stringify(claims), JSON.stringify(rows), notice.channel, notice.instanceId, PARTIAL_APPEND],
  );
  const byStream = new Map(written.rows.map((r) => [r.stream_id, r]));
  const refused = flat.filter(({ a }) => !byStream.has(a.streamId)).map(({ a }) => a.streamId);
  const actual = refused.length ? await currentRevisions(q, refused) : new Map<string, number>();
  let g = 0;
  return group.map((request) => {
    const results = request.map((a) => ({ a, claim: claims[g++], row: byStream.get(a.streamId) }));
    if (results.every((x) => x.row)) {
      return results.map(({ claim, row }) => ({
        nextExpectedRevision: claim.last,
        position: { commit: BigInt(row!.tx_id), prepare: BigInt(row!.position) },
      }));
    }
    return refusalOf(request, actual);
  });
}

/** The last revision of each of these streams that exists. */
export async function currentRevisions(q: SqlQueryable, streamIds: string[]): Promise<Map<string, number>> {
  const { rows } = await q.query<{ stream_id: string; revision: number }>(
    `SELECT stream_id, revision FROM streams WHERE stream_id = ANY($1::text[])`,
    [streamIds],
  );
  return new Map(rows.map((r) => [r.stream_id, r.revision]));
}

/** The refusal of a request, naming its first stream that is not as expected (`actual`: revisions by stream). */
export function refusalOf(request: ExactAppend[], actual: Map<string, number>): WrongExpectedRevisionError {
  const moved =
    request.find((a) => (actual.get(a.streamId) ?? -1) !== (a.expected === 'no_stream' ? -1 : a.expected)) ??
    request[0];
  return new WrongExpectedRevisionError(moved.streamId, moved.expected, actual.get(moved.streamId) ?? 'no_stream');
}

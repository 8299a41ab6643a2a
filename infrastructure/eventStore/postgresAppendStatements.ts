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
export async function appendOne(q: SqlQueryable, a: ExactAppend, lock: string | null, notice: AppendNoticeChannel): Promise<AppendResult | WrongExpectedRevisionError> {
  const current = a.expected === 'no_stream' ? -1 : a.expected;
  const first = current + 1;
  const last = first + a.events.length - 1;
  const locked = lock ? 'AND EXISTS (SELECT 1 FROM appending)' : '';
  const claim = a.expected === 'no_stream'
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
      JSON.stringify(a.events.map((e, i) => ({ id: randomUUID(), revision: first + i, type: e.type, data: e.data, metadata: e.metadata }))),
      last,
      notice.channel,
      JSON.stringify({ i: notice.instanceId, s: a.streamId, t: typesOf(a.events) }),
      current,
    ],
  );
  if (rows.rows.length === 0) {
    const actual = await q.query<{ revision: number }>(`SELECT revision FROM streams WHERE stream_id = $1`, [a.streamId]);
    return new WrongExpectedRevisionError(a.streamId, a.expected, actual.rows[0]?.revision ?? 'no_stream');
  }
  const maxPosition = rows.rows.reduce((m, r) => (BigInt(r.position) > m ? BigInt(r.position) : m), 0n);
  return { nextExpectedRevision: last, position: { commit: BigInt(rows.rows[0].tx_id), prepare: maxPosition } };
}

/** Several streams (distinct) in one statement, which takes the append lock itself. */
export async function appendGroup(q: SqlQueryable, group: ExactAppend[], lock: string, notice: AppendNoticeChannel): Promise<Array<AppendResult | WrongExpectedRevisionError>> {
  if (group.length === 1) return [await appendOne(q, group[0], lock, notice)];
  const claims = group.map((a) => {
    const cur = a.expected === 'no_stream' ? -1 : a.expected;
    return { s: a.streamId, fresh: a.expected === 'no_stream', cur, last: cur + a.events.length, t: typesOf(a.events) };
  });
  let k = 0;
  const rows = group.flatMap((a, g) =>
    a.events.map((e, i) => ({ k: k++, id: randomUUID(), s: a.streamId, revision: claims[g].cur + 1 + i, type: e.type, data: e.data, metadata: e.metadata })),
  );
  // The UPDATE finds its rows through the primary key (= ANY of the ids), never a scan.
  const written = await q.query<{ stream_id: string; position: string; tx_id: string }>(
    `WITH appending AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(${lock})),
     req AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(s text, fresh boolean, cur int, last int, t jsonb)),
     claimed_new AS (
       INSERT INTO streams (stream_id, revision)
       SELECT s, last FROM req WHERE fresh AND EXISTS (SELECT 1 FROM appending)
       ON CONFLICT DO NOTHING RETURNING stream_id),
     claimed_old AS (
       UPDATE streams SET revision = req.last FROM req
       WHERE streams.stream_id = ANY (ARRAY(SELECT s FROM req WHERE NOT fresh))
         AND NOT req.fresh AND streams.stream_id = req.s AND streams.revision = req.cur
         AND EXISTS (SELECT 1 FROM appending)
       RETURNING streams.stream_id),
     claimed AS (SELECT stream_id FROM claimed_new UNION ALL SELECT stream_id FROM claimed_old),
     ins AS (
       INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
       SELECT e.id::uuid, e.s, e.revision, e.type, e.data, e.metadata
       FROM jsonb_to_recordset($2::jsonb) AS e(k int, id text, s text, revision int, type text, data jsonb, metadata jsonb)
       WHERE e.s IN (SELECT stream_id FROM claimed)
       ORDER BY e.k
       RETURNING stream_id, position, tx_id),
     notified AS (
       SELECT count(pg_notify($3, jsonb_build_object('i', $4::text, 's', req.s, 't', req.t)::text)) AS n
       FROM req WHERE req.s IN (SELECT stream_id FROM claimed))
     SELECT ins.stream_id, max(ins.position)::text AS position, min(ins.tx_id::text) AS tx_id
     FROM ins CROSS JOIN notified GROUP BY ins.stream_id`,
    [JSON.stringify(claims), JSON.stringify(rows), notice.channel, notice.instanceId],
  );
  const byStream = new Map(written.rows.map((r) => [r.stream_id, r]));
  const refused = group.filter((a) => !byStream.has(a.streamId)).map((a) => a.streamId);
  const actual = new Map<string, number>();
  if (refused.length) {
    const { rows: found } = await q.query<{ stream_id: string; revision: number }>(`SELECT stream_id, revision FROM streams WHERE stream_id = ANY($1::text[])`, [refused]);
    for (const r of found) actual.set(r.stream_id, r.revision);
  }
  return group.map((a, g) => {
    const row = byStream.get(a.streamId);
    if (!row) return new WrongExpectedRevisionError(a.streamId, a.expected, actual.get(a.streamId) ?? 'no_stream');
    return { nextExpectedRevision: claims[g].last, position: { commit: BigInt(row.tx_id), prepare: BigInt(row.position) } };
  });
}

/**
 * EventStore on EventStoreDB/KurrentDB (`@eventstore/db-client`), the customer's production
 * choice (DESIGN.md, decision 5). The server owns global order: its $all log positions are already a
 * safe subscription cursor, so no xmin rule is needed here.
 *
 * UNVERIFIED until the contract suite runs against a server (set EVENTSTORE_URL).
 */
import { randomUUID } from 'node:crypto';
import { Observable, Subject } from 'rxjs';
import {
  ANY,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  RecordedEvent,
} from './eventStore.js';
import { WrongExpectedRevisionError, comparePositions } from './eventStore.js';
import { esdbConnectionString } from './eventStoreDbConnectionString.js';

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/** Our START (-1/-1) and null both mean "from the beginning"; reads then include the first event. */
function isStart(p: Position | null | undefined): p is null | undefined {
  return !p || p.commit < 0n;
}

function decode(value: unknown): unknown {
  if (value instanceof Uint8Array) return value.length ? JSON.parse(Buffer.from(value).toString('utf8')) : {};
  return value;
}

/** System events ($metadata, $>, stats, …) are the server's, never the application's. */
function isSystem(e: EsdbRecordedEvent): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

function toRecorded(e: EsdbRecordedEvent, position: Position): RecordedEvent {
  return {
    id: e.id,
    streamId: e.streamId,
    revision: Number(e.revision),
    type: e.type,
    data: (decode(e.data) ?? {}) as Record<string, unknown>,
    metadata: decode(e.metadata) as EventMetadata,
    position,
  };
}

class EventStoreDbEventStore implements EventStore {
  /** Local appends only: other processes' writes are found by the readers' polling. */
  readonly appended$ = new Subject<void>();
  constructor(private readonly client: EventStoreDBClient) {}

  async append(
    streamId: string,
    events: NewEvent[],
    opts: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = opts.expectedRevision ?? 'any';
    const data = events.map((e) =>
      jsonEvent({
        id: randomUUID(),
        type: e.type,
        data: e.data,
        metadata: e.metadata as unknown as Record<string, unknown>,
      }),
    );
    try {
      const r = await this.client.appendToStream(streamId, data, { expectedRevision: toEsdbRevision(expected) });
      this.appended$.next();
      // The server reports the position of the write's last event (its commit position).
      return {
        nextExpectedRevision: Number(r.nextExpectedRevision),
        position: r.position ?? { commit: -1n, prepare: -1n },
      };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual =
          err.actualVersion === NO_STREAM || err.actualVersion === undefined ? 'no_stream' : Number(err.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw err;
    }
  }

  async readStream(streamId: string, opts: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    const fromRevision = opts.fromRevision ? BigInt(opts.fromRevision) : ESDB_START;
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision })) {
        const e = resolved.event;
        if (!e) continue;
        // Stream reads carry the $all position only on servers after 22.6; -1 otherwise.
        out.push(toRecorded(e, e.position ?? { commit: -1n, prepare: -1n }));
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readAll(opts: { after?: Position | null; limit?: number } = {}): Promise<RecordedEvent[]> {
    const limit = Math.min(Math.max(opts.limit ?? 500, 1), 10_000);
    const out: RecordedEvent[] = [];
    // A read from a position includes the event at it; our `after` excludes it, and system
    // events we skip still count against maxCount, so read in batches until `limit` is met.
    let from: ReadPosition = isStart(opts.after) ? ESDB_START : opts.after;
    let exclude: Position | null = isStart(opts.after) ? null : opts.after;
    while (out.length < limit) {
      const batch = limit - out.length + 1;
      let read = 0;
      let last: Position | null = null;
      for await (const resolved of this.client.readAll({
        fromPosition: from,
        direction: FORWARDS,
        maxCount: batch,
        resolveLinkTos: false,
      })) {
        read++;
        const e = resolved.event as AllStreamRecordedEvent | undefined;
        if (!e) continue;
        last = e.position;
        if (exclude && comparePositions(e.position, exclude) <= 0) continue;
        if (isSystem(e)) continue;
        out.push(toRecorded(e, e.position));
        if (out.length >= limit) break;
      }
      if (read < batch || !last) break;
      from = last;
      exclude = last;
    }
    return out;
  }

  subscribeToAll(opts: { after?: Position | null } = {}): Observable<RecordedEvent> {
    return new Observable<RecordedEvent>((subscriber) => {
      const after = isStart(opts.after) ? null : opts.after;
      // A catch-up subscription from a position starts after it (exclusive), unlike a read.
      const subscription = this.client.subscribeToAll({
        fromPosition: after ?? ESDB_START,
        resolveLinkTos: false,
        filter: excludeSystemEvents(),
      });
      subscription.on('data', (resolved) => {
        const e = resolved.event;
        if (!e || isSystem(e)) return;
        if (after && comparePositions(e.position, after) <= 0) return;
        subscriber.next(toRecorded(e, e.position));
      });
      subscription.on('error', (err) => subscriber.error(err));
      subscription.on('end', () => subscriber.complete());
      return () => {
        subscription.unsubscribe().catch(() => undefined);
      };
    });
  }

  async close(): Promise<void> {
    this.appended$.complete();
    await this.client.dispose();
  }
}

/** e.g. `esdb://localhost:2113?tls=false` or `kurrentdb://…`; the client connects lazily, on first use. */
export function createEventStoreDbEventStore(connectionString: string): EventStoreDbEventStore {
  return new EventStoreDbEventStore(EventStoreDBClient.connectionString(esdbConnectionString(connectionString)));
}

export type { EventStoreDbEventStore };

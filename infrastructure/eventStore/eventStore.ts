/**
 * The EventStore port (DESIGN.md, decision 5). Adapters: postgresEventStore (pg or PGlite) and
 * eventStoreDbEventStore (EventStoreDB/KurrentDB). One contract suite tests them all.
 */
import type { Observable } from 'rxjs';

export type ActorType = 'apiKey' | 'user' | 'visitor' | 'system' | 'operator';
export interface Actor {
  type: ActorType;
  id: string;
}

/** The envelope every event carries (DESIGN.md, decision 3). */
export interface EventMetadata {
  workspaceId: string | null;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  occurredAt: string;
  /** Request details for the audit trail (ip, user agent); never secrets. */
  request?: { ip?: string; userAgent?: string };
}

export interface NewEvent<Data = Record<string, unknown>> {
  type: string;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A place in the global log. `commit` orders transactions (their commit visibility),
 * `prepare` orders events inside one; compare with comparePositions.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent<Data = Record<string, unknown>> extends NewEvent<Data> {
  id: string;
  streamId: string;
  /** 0-based index of the event in its stream. */
  revision: number;
  position: Position;
}

/** 'no_stream': the stream must not exist; 'stream_exists': it must; a number: its last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/** What an append notice says: the stream, and the event types (null: not known). */
export interface AppendNotice {
  streamId: string;
  types: string[] | null;
}

export interface AppendResult {
  nextExpectedRevision: number;
  position: Position;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], opts?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends to several distinct streams as one: all are written or none is, each checked
   * against its exact expected revision (a refusal is a WrongExpectedRevisionError naming a
   * stream that was not as expected). Only where the database can (PostgreSQL); callers
   * without it append stream by stream.
   */
  appendAll?(
    appends: Array<{ streamId: string; events: NewEvent[]; expectedRevision: 'no_stream' | number }>,
  ): Promise<AppendResult[]>;
  /**
   * Events of one stream in order, from revision `fromRevision` on (default 0: all of them); []
   * when the stream does not exist or has nothing from there.
   */
  readStream(streamId: string, opts?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /**
   * Every event of several streams in one read, where the store can (PostgreSQL: one query,
   * where a round trip per stream would cost more than the events): each stream's events
   * together and in order, streams in no particular order, nothing for a stream that does not
   * exist. Callers without it read stream by stream.
   */
  readStreams?(streamIds: readonly string[]): Promise<RecordedEvent[]>;
  /** Up to `limit` events of the whole log after `after`, in global order, none skipped. */
  readAll(opts?: { after?: Position | null; limit?: number }): Promise<RecordedEvent[]>;
  /** Catch-up subscription to the whole log: history after `after`, then live events. */
  subscribeToAll(opts?: { after?: Position | null }): Observable<RecordedEvent>;
  /**
   * Fires after appends this store learns of (its own, and other processes' where the
   * database can notify): loops that poll the log use it to wake early. A hint only, never
   * a substitute for reading the log.
   */
  readonly appended$: Observable<void>;
  /**
   * The stream and event types of each append this store learns of, where the store can tell
   * (PostgreSQL: the NOTIFY payload). In-process caches invalidate from it; a hint like `appended$`.
   */
  readonly appendedStreams$?: Observable<AppendNotice>;
  /** How many events the log holds up to and including `position`, where the store can count without reading them. */
  countUpTo?(position: Position): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision for ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export const START: Position = { commit: -1n, prepare: -1n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function positionToString(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function positionFromString(s: string): Position {
  const m = /^(-?\d+)\/(-?\d+)$/.exec(s);
  if (!m) throw new Error(`bad position ${s}`);
  return { commit: BigInt(m[1]), prepare: BigInt(m[2]) };
}

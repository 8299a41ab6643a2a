/**
 * A StreamLoader that remembers the state and revision of each stream as this process last
 * wrote or read it, so a command on a stream it wrote before appends without reading and
 * folding the stream again (a workspace's stream grows with every chatbot). Safe because the
 * append still names the expected revision: if anyone else wrote meanwhile it fails, and the
 * command runs again on the stream as read. A refusal or a no-op decided on a remembered state
 * is also decided again on the stream as read (AggregateStore), so only an append ever relies
 * on it. "As read" means the remembered state caught up with the events after its revision,
 * not the stream read whole: a big workspace's stream is never read whole again while it is in use.
 *
 * What is kept, and for how long, is a policy by stream kind (streamRetention.ts): a state
 * unused for its kind's idle time is dropped (a conversation's after minutes: it holds the
 * transcript of a visitor who has likely left; a workspace's after an hour: reading it again
 * from its first event is what this cache saves), and the states kept are bounded in number
 * and in events folded, least recently used dropped first. A stream used again after its state
 * was dropped is read once more. States are kept in one list per idle time, each in the order
 * they were last used, so dropping the idle ones costs only what it drops.
 */
import type { Observable } from 'rxjs';
import type { Decider, DomainEvent } from '../domain/event.js';
import type { AppendNotice } from '../infrastructure/eventStore/eventStore.js';
import type { LoadedStream, StreamLoader } from './streamLoader.js';
import { type StreamRetention, streamRetention } from './streamRetention.js';

export interface CachingStreamLoaderOptions {
  /** What is kept and for how long (default: Confab's, by stream kind). */
  retention?: StreamRetention;
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

interface CachedStream {
  decider: unknown;
  state: unknown;
  revision: number;
  /**
   * False once another writer may have appended (a notice, a failed append): the state is then
   * only a base, still exactly the stream up to `revision`, and the next load reads the events
   * after it and folds them on.
   */
  current: boolean;
  /** When a command or load last used it: each lane is kept in this order, oldest first. */
  usedAt: number;
}

/** The states of the streams with one idle time, least recently used first. */
type Lane = Map<string, CachedStream>;

export class CachingStreamLoader implements StreamLoader {
  /** One lane per idle time the retention gives. */
  private readonly lanes = new Map<number, Lane>();
  private count = 0;
  /** Events folded into the kept states, in all. */
  private events = 0;
  /** Append notices seen per stream (loads overtaken by one are not remembered). */
  private readonly notices = new Map<string, number>();
  private epoch = 0;
  private readonly noticed: boolean;
  private readonly retention: StreamRetention;
  private readonly now: () => number;

  constructor(
    private readonly inner: StreamLoader,
    /**
     * Every append this process and the others make (EventStore.appendedStreams$). With it,
     * plain loads are answered from and kept in the remembered states too: a notice drops the
     * stream's state, so a load sees another instance's write once its NOTIFY has arrived
     * (milliseconds); an append never relies on it (expected revision). Without it, only the
     * streams this process wrote are remembered, for its own appends.
     */
    notices$?: Observable<AppendNotice>,
    options: CachingStreamLoaderOptions = {},
  ) {
    this.retention = options.retention ?? streamRetention;
    this.now = options.now ?? Date.now;
    this.noticed = notices$ !== undefined;
    notices$?.subscribe(({ streamId }) => {
      if (streamId === '*') {
        for (const lane of this.lanes.values()) for (const entry of lane.values()) entry.current = false;
        this.epoch++;
        return;
      }
      this.doubt(streamId);
      if (this.notices.size >= this.retention.maxStreams * 5) {
        this.notices.clear();
        this.epoch++;
      }
      this.notices.set(streamId, (this.notices.get(streamId) ?? 0) + 1);
    });
  }

  async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
    from?: LoadedStream<State>,
  ): Promise<LoadedStream<State>> {
    const base = from ?? this.base(streamId, decider);
    if (!from && base && this.noticed && this.entry(streamId)?.current) {
      this.touch(streamId);
      return base;
    }
    const seen = `${this.epoch}:${this.notices.get(streamId) ?? 0}`;
    const loaded = await this.inner.load(streamId, decider, base ?? undefined);
    // Current only when no notice for the stream came in meanwhile: one may name an append
    // this read missed. Either way the state is exact up to its revision, a base for next time.
    const current = this.noticed && seen === `${this.epoch}:${this.notices.get(streamId) ?? 0}`;
    if (loaded.revision >= 0) this.remember(streamId, { decider, ...loaded, current });
    return loaded;
  }

  known<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
  ): LoadedStream<State> | null {
    const entry = this.entry(streamId);
    if (!entry?.current || entry.decider !== decider) return null;
    this.touch(streamId);
    return { state: entry.state as State, revision: entry.revision };
  }

  wrote<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
    stream: LoadedStream<State>,
  ): void {
    this.remember(streamId, { decider, ...stream, current: true });
  }

  /** Another writer may have appended: what is remembered becomes a base to catch up from. */
  doubt(streamId: string): void {
    const entry = this.entry(streamId);
    if (entry) entry.current = false;
  }

  /** How many stream states are remembered now. */
  get size(): number {
    return this.count;
  }

  /** How many events are folded into the remembered states, in all. */
  get weight(): number {
    return this.events;
  }

  /** The remembered state, current or not, when it was folded by the same decider. */
  private base<State>(streamId: string, decider: unknown): LoadedStream<State> | null {
    const entry = this.entry(streamId);
    return entry && entry.decider === decider ? { state: entry.state as State, revision: entry.revision } : null;
  }

  private entry(streamId: string): CachedStream | undefined {
    return this.lanes.get(this.retention.idleMs(streamId))?.get(streamId);
  }

  private laneOf(streamId: string): Lane {
    const idleMs = this.retention.idleMs(streamId);
    let lane = this.lanes.get(idleMs);
    if (!lane) this.lanes.set(idleMs, (lane = new Map()));
    return lane;
  }

  private remember(streamId: string, entry: Omit<CachedStream, 'usedAt'>): void {
    const lane = this.laneOf(streamId);
    this.forget(lane, streamId);
    lane.set(streamId, { ...entry, usedAt: this.now() });
    this.count++;
    this.events += entry.revision + 1;
    this.dropIdle();
    const { maxStreams, maxEvents } = this.retention;
    while ((this.count > maxStreams || this.events > maxEvents) && this.dropLeastRecentlyUsed(streamId));
  }

  /** Moves the stream to the newest end of its lane, so the oldest-first order stays true. */
  private touch(streamId: string): void {
    const lane = this.laneOf(streamId);
    const entry = lane.get(streamId)!;
    lane.delete(streamId);
    entry.usedAt = this.now();
    lane.set(streamId, entry);
    this.dropIdle();
  }

  private forget(lane: Lane, streamId: string): void {
    const entry = lane.get(streamId);
    if (!entry) return;
    lane.delete(streamId);
    this.count--;
    this.events -= entry.revision + 1;
  }

  /** Drops the idle states, from the oldest of each lane: stops at the first one in use, so it costs what it drops. */
  private dropIdle(): void {
    const now = this.now();
    for (const [idleMs, lane] of this.lanes) {
      for (const [id, entry] of lane) {
        if (entry.usedAt > now - idleMs) break;
        this.forget(lane, id);
      }
    }
  }

  /**
   * Drops the state used longest ago, in any lane (the oldest of each lane's first), except
   * `kept`, the one just remembered: a state heavier than the bound is kept alone. False when
   * there is nothing else to drop.
   */
  private dropLeastRecentlyUsed(kept: string): boolean {
    let oldest: { lane: Lane; id: string; usedAt: number } | null = null;
    for (const lane of this.lanes.values()) {
      const first = lane.entries().next();
      if (first.done || first.value[0] === kept) continue;
      const [id, { usedAt }] = first.value;
      if (!oldest || usedAt < oldest.usedAt) oldest = { lane, id, usedAt };
    }
    if (oldest) this.forget(oldest.lane, oldest.id);
    return oldest !== null;
  }
}

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
 * A state is dropped once no command or load used it for IDLE_MS: a conversation's state holds
 * its whole transcript (the agent's model reads it), and visitors leave without ending their
 * chats, so without this every conversation of the last CACHED_STREAMS would stay in memory
 * (~5 KB for ten messages, ~50 MB for ten thousand) long after its visitor left. A stream used
 * again after that is read once more.
 */
import type { Observable } from 'rxjs';
import type { Decider, DomainEvent } from '../domain/event.js';
import type { AppendNotice } from '../infrastructure/eventStore/eventStore.js';
import type { LoadedStream, StreamLoader } from './streamLoader.js';

/** Streams whose last known state is kept (least recently written dropped first). */
const CACHED_STREAMS = 10_000;
/** A state unused this long is dropped (a visitor's pause between two messages is far shorter). */
export const IDLE_MS = 3 * 60_000;

export interface CachingStreamLoaderOptions {
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
  /** When a command or load last used it: the map is kept in this order, oldest first. */
  usedAt: number;
}

export class CachingStreamLoader implements StreamLoader {
  private readonly cached = new Map<string, CachedStream>();
  /** Append notices seen per stream (loads overtaken by one are not remembered). */
  private readonly notices = new Map<string, number>();
  private epoch = 0;
  private readonly noticed: boolean;
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
    this.now = options.now ?? Date.now;
    this.noticed = notices$ !== undefined;
    notices$?.subscribe(({ streamId }) => {
      if (streamId === '*') {
        for (const entry of this.cached.values()) entry.current = false;
        this.epoch++;
        return;
      }
      this.doubt(streamId);
      if (this.notices.size >= CACHED_STREAMS * 5) {
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
    if (!from && base && this.noticed && this.cached.get(streamId)?.current) {
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
    const entry = this.cached.get(streamId);
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
    const entry = this.cached.get(streamId);
    if (entry) entry.current = false;
  }

  /** The remembered state, current or not, when it was folded by the same decider. */
  private base<State>(streamId: string, decider: unknown): LoadedStream<State> | null {
    const entry = this.cached.get(streamId);
    return entry && entry.decider === decider ? { state: entry.state as State, revision: entry.revision } : null;
  }

  /** How many stream states are remembered now. */
  get size(): number {
    return this.cached.size;
  }

  private remember(streamId: string, entry: Omit<CachedStream, 'usedAt'>): void {
    this.cached.delete(streamId);
    if (this.cached.size >= CACHED_STREAMS) this.cached.delete(this.cached.keys().next().value!);
    this.cached.set(streamId, { ...entry, usedAt: this.now() });
    this.dropIdle();
  }

  /** Moves the stream to the newest end, so the oldest-first order stays true. */
  private touch(streamId: string): void {
    const entry = this.cached.get(streamId)!;
    this.cached.delete(streamId);
    entry.usedAt = this.now();
    this.cached.set(streamId, entry);
    this.dropIdle();
  }

  /** Drops the idle states, from the oldest: stops at the first one in use, so it costs what it drops. */
  private dropIdle(): void {
    const before = this.now() - IDLE_MS;
    for (const [id, entry] of this.cached) {
      if (entry.usedAt > before) return;
      this.cached.delete(id);
    }
  }
}

/**
 * How AggregateStore gets a stream's state: read and folded (this file), or remembered between
 * commands by a decorator around it (cachingStreamLoader.ts), wired in the composition root.
 */
import { type Decider, type DomainEvent, fold } from '../domain/event.js';
import type { EventStore } from '../infrastructure/eventStore/eventStore.js';

/** A stream folded up to `revision` (-1: no event yet). */
export interface LoadedStream<State> {
  state: State;
  revision: number;
}

export interface StreamLoader {
  /**
   * The stream as read. `from`: a state already folded up to its revision, so only the events
   * after it are read and folded on.
   */
  load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
    from?: LoadedStream<State>,
  ): Promise<LoadedStream<State>>;
  /**
   * The stream's state as this process last wrote or read it, when nothing says another writer
   * appended since; null when it must be read. Only an append may rely on it: the append names
   * the expected revision, so a stale answer fails there instead of being decided on.
   */
  known<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
  ): LoadedStream<State> | null;
  /** This process appended: `state` is the stream up to `revision`. */
  wrote<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
    stream: LoadedStream<State>,
  ): void;
  /** Another writer may have appended to the stream (a failed append, a refusal to decide again). */
  doubt(streamId: string): void;
}

/** Reads the stream every time; remembers nothing. */
export class EventStreamLoader implements StreamLoader {
  constructor(private readonly events: EventStore) {}

  async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
    from?: LoadedStream<State>,
  ): Promise<LoadedStream<State>> {
    const recorded = await this.events.readStream(streamId, from ? { fromRevision: from.revision + 1 } : undefined);
    const state = fold(
      decider.evolve,
      from ? from.state : decider.initialState,
      recorded.map((e) => ({ type: e.type, data: e.data }) as unknown as Event),
    );
    const revision = recorded.length ? recorded[recorded.length - 1].revision : (from?.revision ?? -1);
    return { state, revision };
  }

  known(): null {
    return null;
  }

  wrote(): void {}

  doubt(): void {}
}

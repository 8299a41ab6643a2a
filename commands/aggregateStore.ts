/**
 * Load a stream, fold it, decide, append with the expected revision; on a concurrent write,
 * fold again and re-decide (the decision may now be different, e.g. a plan cap reached).
 */
import { fold, type Decider, type DomainEvent } from '../domain/event.js';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedRevisionError,
} from '../infrastructure/eventStore/eventStore.js';
import { type CommandContext, metadataFor } from './commandContext.js';

export interface HandleResult<State, Event extends DomainEvent> {
  /** The state the decision was made on. */
  before: State;
  /** The state after the appended events. */
  state: State;
  events: Event[];
  result: AppendResult | null;
  /** When the events were recorded (their metadata's occurredAt); null when none were. */
  occurredAt: string | null;
  /**
   * Set when the decider refused the command after recording what the attempt means (see
   * `Rejection`): the events are appended, and the caller throws this once its own
   * bookkeeping (e.g. giving back a reservation) is done.
   */
  rejection: Error | null;
}

const MAX_ATTEMPTS = 50;

export class AggregateStore {
  private readonly streamLocks = new Map<string, Promise<void>>();
  constructor(
    private readonly events: EventStore,
    /** Read-your-writes (DESIGN.md §7): resolves once the views include a position. */
    private readonly waitForViews: (position: AppendResult['position']) => Promise<void> = async () => undefined,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async load<State, Event extends DomainEvent>(streamId: string, decider: Decider<unknown, State, Event>): Promise<{ state: State; revision: number }> {
    const recorded = await this.events.readStream(streamId);
    const state = fold(decider.evolve, decider.initialState, recorded.map((e) => ({ type: e.type, data: e.data }) as unknown as Event));
    return { state, revision: recorded.length ? recorded[recorded.length - 1].revision : -1 };
  }

  /**
   * Runs the decider's decide against the current state and appends what it returns. Retries
   * on a concurrent append; decide is pure, so it can run again.
   */
  async handle<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
    ctx: CommandContext,
  ): Promise<HandleResult<State, Event>> {
    const outcome = await this.serialised(streamId, () => this.handleOnce(streamId, decider, command, ctx));
    if (outcome.result) await this.waitForViews(outcome.result.position);
    return outcome;
  }

  /**
   * Writers to one stream inside this process queue up instead of racing: optimistic retries
   * then only happen between processes, where they are rare.
   */
  private async serialised<T>(streamId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.streamLocks.get(streamId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.then(() => undefined, () => undefined);
    this.streamLocks.set(streamId, tail);
    try {
      return await run;
    } finally {
      if (this.streamLocks.get(streamId) === tail) this.streamLocks.delete(streamId);
    }
  }

  private async handleOnce<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
    ctx: CommandContext,
  ): Promise<HandleResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(streamId, decider);
      const decision = decider.decide(command, state);
      const events = Array.isArray(decision) ? decision : decision.events;
      const rejection = Array.isArray(decision) ? null : decision.error;
      if (events.length === 0) return { before: state, state, events, result: null, occurredAt: null, rejection };
      const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
      try {
        const metadata = metadataFor(ctx, this.clock());
        const result = await this.events.append(
          streamId,
          events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })),
          { expectedRevision },
        );
        return { before: state, state: fold(decider.evolve, state, events), events, result, occurredAt: metadata.occurredAt, rejection };
      } catch (err) {
        if (!(err instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
  }

  now(): Date {
    return this.clock();
  }
}

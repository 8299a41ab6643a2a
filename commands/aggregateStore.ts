/**
 * Load a stream, fold it, decide, append with the expected revision; on a concurrent write,
 * fold again and re-decide (the decision may now be different, e.g. a plan cap reached).
 * Streams are loaded through a StreamLoader: read every time, or remembered between commands
 * when the composition root wraps it (cachingStreamLoader.ts).
 */
import { fold, type Decider, type DomainEvent } from '../domain/event.js';
import {
  type AppendResult,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedRevisionError,
} from '../infrastructure/eventStore/eventStore.js';
import { type CommandContext, metadataFor } from './commandContext.js';
import { StreamQueue } from './streamQueue.js';
import { EventStreamLoader, type LoadedStream, type StreamLoader } from './streamLoader.js';

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

/** One command of several handled together (handleTogether). */
export interface TogetherStep {
  streamId: string;
  decider: Decider<any, any, any>;
  command: unknown;
  /** The stream id was just made up: not read first (see handle's newStream). */
  newStream?: boolean;
}

const MAX_ATTEMPTS = 50;

export class AggregateStore {
  private readonly queue = new StreamQueue();

  constructor(
    private readonly events: EventStore,
    /** Read-your-writes (DESIGN.md, decision 7): resolves once the views include a position. */
    private readonly waitForViews: (position: AppendResult['position']) => Promise<void> = async () => undefined,
    private readonly clock: () => Date = () => new Date(),
    private readonly loader: StreamLoader = new EventStreamLoader(events),
  ) {}

  load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
  ): Promise<LoadedStream<State>> {
    return this.loader.load(streamId, decider);
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
    /**
     * waitForViews false: the caller keeps read-your-writes itself (a later position of its own
     * covers this one, or its readers wait for it: projections/writesAheadOfViews.ts).
     * newStream: the stream id was just made up, so it is not read first (if it exists after
     * all, the append fails on the expected revision and the command runs on it as read).
     */
    opts: { waitForViews?: boolean; newStream?: boolean } = {},
  ): Promise<HandleResult<State, Event>> {
    const outcome = await this.queue.run(streamId, () =>
      this.handleOnce(streamId, decider, command, ctx, opts.newStream === true),
    );
    if (outcome.result && opts.waitForViews !== false) await this.waitForViews(outcome.result.position);
    return outcome;
  }

  /**
   * Commands on several streams decided and appended as one (EventStore.appendAll): all their
   * events are written or none, in one round trip (e.g. a chatbot and its workspace's slot).
   * Answers null, having written nothing, where that cannot be: the store has no appendAll, or a
   * command decided nothing or a refusal with events to record; the caller then runs the steps
   * one by one with `handle`. A command that throws on the current state throws here.
   */
  async handleTogether(
    steps: TogetherStep[],
    ctx: CommandContext,
    opts: { waitForViews?: boolean } = {},
  ): Promise<Array<HandleResult<unknown, DomainEvent>> | null> {
    const appendAll = this.events.appendAll?.bind(this.events);
    if (!appendAll) return null;
    // Stream locks in one order, so two such calls never wait for each other crosswise.
    const ordered = [...steps].sort((a, b) => (a.streamId < b.streamId ? -1 : 1));
    const locked = ordered.reduceRight<() => Promise<Array<HandleResult<unknown, DomainEvent>> | null>>(
      (inner, step) => () => this.queue.run(step.streamId, inner),
      () => this.togetherOnce(steps, ctx, appendAll),
    );
    const outcome = await locked();
    if (outcome && opts.waitForViews !== false) {
      const last = outcome.map((o) => o.result!.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
      await this.waitForViews(last);
    }
    return outcome;
  }

  private async togetherOnce(
    steps: TogetherStep[],
    ctx: CommandContext,
    appendAll: NonNullable<EventStore['appendAll']>,
  ): Promise<Array<HandleResult<unknown, DomainEvent>> | null> {
    let fresh = false;
    const doubt = () => {
      fresh = true;
      for (const step of steps) this.loader.doubt(step.streamId);
    };
    for (let attempt = 1; ; attempt++) {
      // First on what this process remembers; after any doubt, on every stream as read.
      const current = await Promise.all(
        steps.map(async (step) => {
          const known =
            step.newStream && attempt === 1
              ? { state: step.decider.initialState, revision: -1 }
              : fresh
                ? null
                : this.loader.known(step.streamId, step.decider);
          return known ?? this.loader.load(step.streamId, step.decider);
        }),
      );
      let decisions: ReturnType<TogetherStep['decider']['decide']>[];
      try {
        decisions = steps.map((step, i) => step.decider.decide(step.command, current[i].state));
      } catch (err) {
        if (fresh) throw err;
        doubt();
        continue;
      }
      if (decisions.some((d) => !Array.isArray(d) || d.length === 0)) {
        if (fresh) return null;
        doubt();
        continue;
      }
      const metadata = metadataFor(ctx, this.clock());
      const events = decisions as DomainEvent[][];
      try {
        const results = await appendAll(
          steps.map((step, i) => ({
            streamId: step.streamId,
            events: events[i].map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })),
            expectedRevision: current[i].revision < 0 ? ('no_stream' as const) : current[i].revision,
          })),
        );
        return steps.map((step, i) => {
          const state = fold(step.decider.evolve, current[i].state, events[i]);
          this.loader.wrote(step.streamId, step.decider, { state, revision: results[i].nextExpectedRevision });
          return {
            before: current[i].state,
            state,
            events: events[i],
            result: results[i],
            occurredAt: metadata.occurredAt,
            rejection: null,
          };
        });
      } catch (err) {
        const wasFresh = fresh;
        doubt();
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
        // A stale memory is not a conflict worth a pause; a real one is.
        if (wasFresh && attempt >= MAX_ATTEMPTS) throw err;
        if (wasFresh) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
  }

  private async handleOnce<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<Command, State, Event>,
    command: Command,
    ctx: CommandContext,
    newStream: boolean,
  ): Promise<HandleResult<State, Event>> {
    let assumeNew = newStream;
    for (let attempt = 1; ; attempt++) {
      const known = assumeNew ? { state: decider.initialState, revision: -1 } : this.loader.known(streamId, decider);
      assumeNew = false;
      const fromCache = known !== null;
      const { state, revision } = known ?? (await this.loader.load(streamId, decider));
      let decision: ReturnType<typeof decider.decide>;
      try {
        decision = decider.decide(command, state);
      } catch (err) {
        if (!fromCache) throw err;
        decision = [];
      }
      const events = Array.isArray(decision) ? decision : decision.events;
      const rejection = Array.isArray(decision) ? null : decision.error;
      if (fromCache && (events.length === 0 || rejection)) {
        // Decide refusals and no-ops on the stream as it is, never on what this process remembers.
        this.loader.doubt(streamId);
        attempt--;
        continue;
      }
      if (events.length === 0) return { before: state, state, events, result: null, occurredAt: null, rejection };
      const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
      try {
        const metadata = metadataFor(ctx, this.clock());
        const result = await this.events.append(
          streamId,
          events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })),
          { expectedRevision },
        );
        const after = fold(decider.evolve, state, events);
        this.loader.wrote(streamId, decider, { state: after, revision: result.nextExpectedRevision });
        return { before: state, state: after, events, result, occurredAt: metadata.occurredAt, rejection };
      } catch (err) {
        this.loader.doubt(streamId);
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
        // A stale cache is not a conflict worth a pause: read the stream and decide again.
        if (fromCache) {
          attempt--;
          continue;
        }
        if (attempt >= MAX_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
  }

  now(): Date {
    return this.clock();
  }
}

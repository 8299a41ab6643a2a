/**
 * Load a stream, fold it, decide, append with the expected revision; on a concurrent write,
 * fold again and re-decide (the decision may now be different, e.g. a plan cap reached).
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
import type { Observable } from 'rxjs';
import type { AppendNotice } from '../infrastructure/eventStore/eventStore.js';
import { StreamQueue } from './streamQueue.js';

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
/** Streams whose last known state is kept (least recently written dropped first). */
const CACHED_STREAMS = 10_000;

interface CachedStream {
  decider: unknown;
  state: unknown;
  revision: number;
  /**
   * False once another writer may have appended (a notice, a failed append): the state is then
   * only a base, still exactly the stream up to `revision`, and the next load reads the events
   * after it and folds them on (a big workspace's stream is never read whole again).
   */
  current: boolean;
}

export class AggregateStore {
  private readonly queue = new StreamQueue();
  /**
   * The state and revision of each stream as this process last wrote or read it, so a command on
   * a stream it wrote before appends without reading and folding the stream again (a
   * workspace's stream grows with every chatbot). Safe because the append still names the
   * expected revision: if anyone else wrote meanwhile it fails, and the command runs again on
   * the stream as read. A refusal or a no-op decided on a cached state is also decided again on
   * the stream as read, so only an append ever relies on the cache. "As read" means the
   * remembered state caught up with the events after its revision, not the stream read whole.
   */
  private readonly cached = new Map<string, CachedStream>();
  /** Append notices seen per stream (loads overtaken by one are not remembered). */
  private readonly notices = new Map<string, number>();
  private epoch = 0;

  constructor(
    private readonly events: EventStore,
    /** Read-your-writes (DESIGN.md, decision 7): resolves once the views include a position. */
    private readonly waitForViews: (position: AppendResult['position']) => Promise<void> = async () => undefined,
    private readonly clock: () => Date = () => new Date(),
    /**
     * Every append this process and the others make (EventStore.appendedStreams$). With it,
     * plain loads are answered from and kept in the remembered states too: a notice drops the
     * stream's state, so a load sees another instance's write once its NOTIFY has arrived
     * (milliseconds); an append never relies on it (expected revision). Without it, only the
     * streams this process wrote are remembered, for its own appends.
     */
    notices$?: Observable<AppendNotice>,
  ) {
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
  private readonly noticed: boolean;

  async load<State, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<unknown, State, Event>,
  ): Promise<{ state: State; revision: number }> {
    const known = this.cached.get(streamId);
    const base = known && known.decider === decider ? (known as CachedStream & { state: State }) : null;
    if (base && base.current && this.noticed) return { state: base.state, revision: base.revision };
    const seen = `${this.epoch}:${this.notices.get(streamId) ?? 0}`;
    const recorded = await this.events.readStream(streamId, base ? { fromRevision: base.revision + 1 } : undefined);
    const state = fold(
      decider.evolve,
      base ? base.state : decider.initialState,
      recorded.map((e) => ({ type: e.type, data: e.data }) as unknown as Event),
    );
    const revision = recorded.length ? recorded[recorded.length - 1].revision : (base?.revision ?? -1);
    // Current only when no notice for the stream came in meanwhile: one may name an append
    // this read missed. Either way the state is exact up to its revision, a base for next time.
    const current = this.noticed && seen === `${this.epoch}:${this.notices.get(streamId) ?? 0}`;
    if (revision >= 0) this.remember(streamId, { decider, state, revision, current });
    return { state, revision };
  }

  /** Another writer may have appended: what is remembered becomes a base to catch up from. */
  private doubt(streamId: string): void {
    const entry = this.cached.get(streamId);
    if (entry) entry.current = false;
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
     * waitForViews false: the caller waits for a later position of its own (it covers this one).
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
   * events are written or none, in one round trip (a chatbot and its workspace's slot).
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
      for (const step of steps) this.doubt(step.streamId);
    };
    for (let attempt = 1; ; attempt++) {
      // First on what this process remembers; after any doubt, on every stream as read.
      const current = await Promise.all(
        steps.map(async (step) => {
          const known =
            step.newStream && attempt === 1
              ? { decider: step.decider, state: step.decider.initialState, revision: -1, current: true }
              : fresh
                ? undefined
                : this.cached.get(step.streamId);
          return known && known.current && known.decider === step.decider
            ? { state: known.state, revision: known.revision }
            : this.load(step.streamId, step.decider);
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
          this.remember(step.streamId, {
            decider: step.decider,
            state,
            revision: results[i].nextExpectedRevision,
            current: true,
          });
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
      const known = assumeNew
        ? { decider, state: decider.initialState, revision: -1, current: true }
        : this.cached.get(streamId);
      assumeNew = false;
      const fromCache = known !== undefined && known.current && known.decider === decider;
      const { state, revision } = fromCache
        ? (known as { state: State; revision: number })
        : await this.load(streamId, decider);
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
        this.doubt(streamId);
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
        this.remember(streamId, { decider, state: after, revision: result.nextExpectedRevision, current: true });
        return { before: state, state: after, events, result, occurredAt: metadata.occurredAt, rejection };
      } catch (err) {
        this.doubt(streamId);
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

  private remember(streamId: string, entry: CachedStream): void {
    this.cached.delete(streamId);
    if (this.cached.size >= CACHED_STREAMS) this.cached.delete(this.cached.keys().next().value!);
    this.cached.set(streamId, entry);
  }

  now(): Date {
    return this.clock();
  }
}

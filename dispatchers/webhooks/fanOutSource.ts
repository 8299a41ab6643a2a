/**
 * Where the webhook fan-out's next batch of events comes from.
 *
 * The fan-out may only act on events the views already include (it reads subscriptions from
 * them), and the projection runner has just read exactly those events to apply them. So the
 * runner hands each batch it applied over in memory (`ProjectionRunner.applied$`), and the
 * fan-out reads the log itself only when those batches do not reach back to where it stands:
 * after a start, when another instance applied the views, or when it fell behind and older
 * batches were let go. One read of the log per process instead of two, and the fan-out no
 * longer takes the append lock for a horizon of its own on every append.
 */
import type { Observable, Subscription } from 'rxjs';
import type { EventStore, Position, RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../../infrastructure/eventStore/eventStore.js';
import { wakeSignal, type WakeSignal } from '../../infrastructure/eventStore/wakeSignal.js';

/** A batch the views applied: every event of the log after `from` up to its last one. */
export interface AppliedBatch {
  from: Position | null;
  events: RecordedEvent[];
}

export interface FanOutSourceDeps {
  events: EventStore;
  /** Resolves once the views include `position` (for batches read from the log). */
  viewsInclude(position: Position): Promise<void>;
  /** The runner's applied batches; without it every batch is read from the log. */
  applied$?: Observable<AppliedBatch>;
  batchSize: number;
  /**
   * With applied$: once caught up with the handed-over batches, how often the log is read
   * anyway (batches another instance applied are never handed over here).
   */
  pollMs: number;
  now?: () => number;
}

export interface FanOutSource {
  /** The events after `from`, in log order; empty when there is nothing new. */
  next(from: Position | null): Promise<RecordedEvent[]>;
  /** Resolves after `ms`, or as soon as there may be something new. */
  sleep(ms: number): Promise<void>;
  wake(): void;
  close(): void;
}

/** Applied batches kept for a fan-out that is busy; beyond this it reads the log instead. */
const KEPT_BATCHES = 64;

/** null (the log's start) before every position. */
const before = (a: Position | null, b: Position | null): boolean =>
  b !== null && (a === null || comparePositions(a, b) < 0);

export function fanOutSource(deps: FanOutSourceDeps): FanOutSource {
  const now = deps.now ?? Date.now;
  const kept: AppliedBatch[] = [];
  /** The end of the last batch handed over; null before the first. */
  let handedUpTo: Position | null = null;
  let readAt = -Infinity;
  let subscription: Subscription | undefined;
  let signal: WakeSignal;
  if (deps.applied$) {
    signal = wakeSignal();
    subscription = deps.applied$.subscribe((batch) => {
      if (batch.events.length === 0) return;
      kept.push(batch);
      handedUpTo = batch.events[batch.events.length - 1].position;
      if (kept.length > KEPT_BATCHES) kept.splice(0, kept.length - KEPT_BATCHES);
      signal.wake();
    });
  } else {
    signal = wakeSignal(deps.events.appended$);
  }

  /** The kept events after `from`, if the kept batches reach back to it. */
  function fromKept(from: Position | null): RecordedEvent[] | null {
    const lastOf = (b: AppliedBatch) => b.events[b.events.length - 1].position;
    while (kept.length && !before(from, lastOf(kept[0]))) kept.shift(); // wholly at or before `from`
    if (!kept.length || before(from, kept[0].from)) return null; // empty, or a gap before the first
    const out: RecordedEvent[] = [];
    let at = from;
    while (kept.length && !before(at, kept[0].from) && out.length < deps.batchSize) {
      const batch = kept.shift()!;
      for (const e of batch.events) if (before(at, e.position)) out.push(e);
      at = lastOf(batch);
    }
    return out;
  }

  return {
    async next(from) {
      const handed = fromKept(from);
      if (handed) return handed;
      // Caught up with what the runner handed over: the log has nothing more the views
      // include, unless another instance applied it; that is what the poll is for.
      const caughtUp = deps.applied$ && handedUpTo !== null && !before(from, handedUpTo);
      if (caughtUp && now() - readAt < deps.pollMs) return [];
      readAt = now();
      const batch = await deps.events.readAll({ after: from, limit: deps.batchSize });
      if (batch.length > 0) await deps.viewsInclude(batch[batch.length - 1].position);
      return batch;
    },
    sleep: (ms) => signal.sleep(ms),
    wake: () => signal.wake(),
    close() {
      subscription?.unsubscribe();
      signal.close();
    },
  };
}

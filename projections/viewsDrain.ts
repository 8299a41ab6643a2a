/**
 * Applies the log to a set of views until caught up: the live views (the runner loop's
 * catch-up) or a rebuild's staging copies. Events are read, then applied so that a batch lands
 * only where the checkpoint still stands where the batch began (batchApplication.ts): if another
 * process advanced it meanwhile, the batch is dropped and read again. This keeps views
 * exactly-once with several instances on one database (DESIGN.md, decisions 8 and 20).
 *
 * A handler that throws does not stop the views: nothing of the batch is written, and when
 * the same handler fails on the same event twice in a row the event is parked for that view
 * (parkedEvents.ts) and the batch applied without it.
 */
import type { EventStore, Position, RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';
import type { KnownDocs } from '../infrastructure/readStore/bufferedWriter.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import { applyAtOnce, applyInTransaction } from './batchApplication.js';
import { type FailureParking, HandlerFailure, anyParked, parkedIn } from './parkedEvents.js';
import type { Projection } from './projection.js';
import type { ViewsProgress } from './viewsProgress.js';

const BATCH = 500;
/** A rebuild reads and writes in larger batches: nobody waits on its individual events. */
const REBUILD_BATCH = 5000;

export interface ViewsDrainDeps {
  events: EventStore;
  /** The live views. */
  store: ReadStore;
  projections: Projection[];
  checkpoint: string;
  parking: FailureParking;
  progress: ViewsProgress;
}

export class ViewsDrain {
  /** Append notices seen (local or NOTIFY), and how many had been seen when the last read began. */
  private notices = 0;
  private noticesAtRead = -1;
  private readAt = -Infinity;

  constructor(private readonly deps: ViewsDrainDeps) {}

  /** An append was announced (here or on another instance). */
  noticed(): void {
    this.notices++;
  }

  /**
   * Whether a read now would surely find nothing: no append was announced since the last read
   * of the live views began (any append committed before that read's horizon, so it was in it),
   * and the idle poll (every `idlePollMs`), which reads regardless, is not due. Appends arriving during a batch used
   * to wake the loop for an empty read (horizon, page, checkpoint) after each batch.
   * An explicit catchUp() always reads (the views may have been dropped under the runner).
   */
  nothingNew(idlePollMs: number): boolean {
    return this.notices === this.noticesAtRead && performance.now() - this.readAt < idlePollMs;
  }

  /**
   * Applies the log to `store` (the live views, or a rebuild's staging copies) until caught up;
   * `onApplied` hears how many events each landed batch held (a rebuild's progress).
   */
  async drain(store: ReadStore, onApplied?: (events: number) => void): Promise<number> {
    const { events, checkpoint, progress } = this.deps;
    let total = 0;
    const live = store === this.deps.store;
    // A rebuild's staging views are written by this drain only: it may remember documents
    // between batches and read the next batch while applying this one.
    const known: KnownDocs | undefined = live ? undefined : new Map();
    // Whether anything is parked is asked beside the read, not after it: one round trip fewer
    // between an append and the views including it. Not on an idle poll, which usually finds
    // nothing (undefined: the batch, if any, asks for itself).
    const read = (after: Position | null) => {
      let expecting = true;
      if (live) {
        expecting = this.notices !== this.noticesAtRead;
        this.noticesAtRead = this.notices;
        this.readAt = performance.now();
      }
      return Promise.all([
        events.readAll({ after, limit: live ? BATCH : REBUILD_BATCH }),
        expecting ? anyParked(store) : undefined,
      ]);
    };
    // The live checkpoint as this runner last left it, without a round trip. A batch from a
    // stale position is refused under the checkpoint lock (then the checkpoint is read); an
    // empty read proves nothing (the views may have been dropped under the runner), so the
    // checkpoint is read then too before giving up.
    let remembered = live && progress.position$.value !== null;
    let from = remembered ? progress.position$.value : await store.getCheckpoint(checkpoint);
    let next = read(from);
    for (;;) {
      const [batch, parkedAny] = await next;
      if (batch.length === 0) {
        if (remembered) {
          remembered = false;
          const actual = await store.getCheckpoint(checkpoint);
          if (actual === null || from === null || comparePositions(actual, from) !== 0) {
            from = actual;
            next = read(from);
            continue;
          }
        }
        if (live) progress.advance(from);
        return total;
      }
      const end = batch[batch.length - 1].position;
      if (!live) {
        next = read(end);
        next.catch(() => undefined); // awaited on the next round; never an unhandled rejection
      }
      const applied = await this.applyBatch(store, from, batch, parkedAny, known);
      total += applied;
      if (applied > 0) onApplied?.(applied);
      // Applied here: the checkpoint is the batch's end, no need to read it back.
      if (applied === 0) remembered = false;
      from = applied > 0 ? end : await store.getCheckpoint(checkpoint);
      if (live) progress.advance(from);
      // A short batch was everything below the read's horizon: anything appended since then
      // has woken the loop (wakeSignal keeps it), so the read that would find nothing is skipped.
      if (live && applied > 0 && batch.length < BATCH) return total;
      if (live || applied === 0) next = read(from);
    }
  }

  /**
   * One batch (batchApplication.ts): the live views at once where the store can, otherwise and
   * for a rebuild's staging views in a transaction; 0 when another instance got there first.
   */
  private async applyBatch(
    store: ReadStore,
    from: Position | null,
    batch: RecordedEvent[],
    parkedAny: boolean | undefined,
    known?: KnownDocs,
  ): Promise<number> {
    const { projections, checkpoint, parking, progress } = this.deps;
    const live = store === this.deps.store;
    // After a failure parked an event, the probe's answer is out of date.
    for (let attempt = 0; ; attempt++) {
      const parked = await parkedIn(store, batch, attempt === 0 ? parkedAny : undefined);
      // At once only while nothing is parked: an operator's retry writes the views under the
      // checkpoint lock, which only the transaction waits for (parkedEvents.ts retryParked).
      const atOnce = live && attempt === 0 && parkedAny === false;
      try {
        const { applied, writer } =
          (atOnce ? await applyAtOnce(store, projections, checkpoint, from, batch, parked) : null) ??
          (await applyInTransaction(store, projections, checkpoint, from, batch, parked, known));
        if (known && applied > 0) writer.rememberIn(known);
        if (live)
          progress.landed(applied > 0 ? [...writer.written] : null, applied > 0 ? { from, events: batch } : null);
        return applied;
      } catch (err) {
        if (!(err instanceof HandlerFailure)) throw err;
        await parking.failed(store, err);
      }
    }
  }
}

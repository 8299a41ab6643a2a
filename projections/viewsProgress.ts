/**
 * Where the live views stand and who is told when they move: read-your-writes waiters, the
 * caches of the views, the webhook fan-out. The runner loop, the follower and a rebuild report
 * here; everyone else only listens.
 */
import { BehaviorSubject, Subject, filter, firstValueFrom, merge, mergeMap, throwError, timeout } from 'rxjs';
import type { Position, RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';

/** A batch committed to the live views by this process, with where it started. */
export interface AppliedBatch {
  from: Position | null;
  events: RecordedEvent[];
}

export class ViewsProgress {
  /** The position every view has processed; waiters for read-your-writes watch it. */
  readonly position$ = new BehaviorSubject<Position | null>(null);
  /**
   * The number of each finished catch-up of the live views: once the catch-up numbered
   * `drainsStarted` at some instant has finished, the views include everything committed before
   * that instant (in-process caches wait for it before caching again: api/principal/callerCache.ts).
   */
  readonly drained$ = new Subject<number>();
  /**
   * Emitted after a batch is committed to the live views and before position$ moves: the
   * collections it wrote, or null when they are unknown (another instance applied the batch, a
   * rebuild swapped the views, parked events were retried). Caches of the views drop those.
   */
  readonly viewsChanged$ = new Subject<string[] | null>();
  /**
   * Each batch committed to the live views by this process, with where it started: the webhook
   * fan-out takes its events from here instead of reading the log again (fanOutSource.ts).
   */
  readonly applied$ = new Subject<AppliedBatch>();
  /** A live catch-up that failed because the database cannot be reached: waiters stop waiting. */
  private readonly unavailable$ = new Subject<unknown>();

  /** A batch reached the live views here: the collections it wrote (null: unknown), and the batch when it landed. */
  landed(written: string[] | null, batch: AppliedBatch | null): void {
    this.viewsChanged$.next(written);
    if (batch) this.applied$.next(batch);
  }

  /** The views changed in a way this process cannot itemise (another instance, a rebuild, a retry). */
  changedElsewhere(): void {
    this.viewsChanged$.next(null);
  }

  /** The views include everything up to `p` (never moves back). */
  advance(p: Position | null): void {
    const current = this.position$.value;
    if (p && (!current || comparePositions(p, current) > 0)) this.position$.next(p);
  }

  unavailable(err: unknown): void {
    this.unavailable$.next(err);
  }

  includes(position: Position): boolean {
    const at = this.position$.value;
    return at !== null && comparePositions(at, position) >= 0;
  }

  /**
   * Resolves once the views include `position`; fails at the timeout, or at once when a live
   * catch-up finds the database gone (503 now rather than at the timeout).
   */
  async reached(position: Position, timeoutMs: number): Promise<void> {
    const gone$ = this.unavailable$.pipe(mergeMap((err) => throwError(() => err)));
    const reached$ = this.position$.pipe(filter((p) => p !== null && comparePositions(p, position) >= 0));
    await firstValueFrom(merge(reached$, gone$).pipe(timeout(timeoutMs)));
  }
}

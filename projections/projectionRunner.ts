/**
 * Runs every projection from one checkpoint. Events are read, then applied so that a batch
 * lands only where the checkpoint still stands where the batch began (batchApplication.ts):
 * if another process advanced it meanwhile, the batch is dropped and read again. This keeps
 * views exactly-once with several instances on one database (DESIGN.md, decision 8, decision 20).
 *
 * A handler that throws does not stop the views: nothing of the batch is written, and when
 * the same handler fails on the same event twice in a row the event is parked for that view
 * (parkedEvents.ts) and the batch applied without it.
 */
import { BehaviorSubject, Subject, filter, firstValueFrom, merge, mergeMap, throwError, timeout } from 'rxjs';
import type { EventStore, Position, RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import type { Logger } from '../infrastructure/logger.js';
import { isStoreUnavailable } from '../infrastructure/sql/storeUnavailable.js';
import { wakeSignal, type WakeSignal } from '../infrastructure/eventStore/wakeSignal.js';
import type { Projection } from './projection.js';
import { countEventsUpTo } from './countEventsUpTo.js';
import type { KnownDocs } from '../infrastructure/readStore/bufferedWriter.js';
import { applyAtOnce, applyInTransaction } from './batchApplication.js';
import { alwaysLeading, type Leadership } from '../infrastructure/leadership/leadership.js';
import { ViewsFollower } from './viewsFollower.js';
import {
  FailureParking,
  HandlerFailure,
  anyParked,
  listParked,
  parkedEventsCollection,
  parkedIn,
  retryParked,
  type ParkedEventDoc,
} from './parkedEvents.js';

const CHECKPOINT = 'views';
const BATCH = 500;
/** A rebuild reads and writes in larger batches: nobody waits on its individual events. */
const REBUILD_BATCH = 5000;
const IDLE_POLL_MS = 250;
/** Rounds of "catch the staging views up, then try to swap" before a rebuild gives up. */
const PROMOTE_ATTEMPTS = 20;

export class ProjectionRunner {
  /** The position every view has processed; waiters for read-your-writes watch it. */
  readonly position$ = new BehaviorSubject<Position | null>(null);
  /**
   * The number of each finished catch-up of the live views: once the catch-up numbered
   * `drainsStarted` at some instant has finished, the views include everything committed before
   * that instant (in-process caches wait for it before caching again: api/external/callerCache.ts).
   */
  readonly drained$ = new Subject<number>();
  /**
   * Emitted after a batch is committed to the live views and before position$ moves: the
   * collections it wrote, or null when they are unknown (another instance applied the batch, a
   * rebuild swapped the views, parked events were retried). Caches of the views drop those.
   */
  readonly viewsChanged$ = new Subject<string[] | null>();
  /**
   * Each batch committed to the live views by this runner, with where it started: the webhook
   * fan-out takes its events from here instead of reading the log again (fanOutSource.ts).
   */
  readonly applied$ = new Subject<{ from: Position | null; events: RecordedEvent[] }>();
  /** A live catch-up that failed because the database cannot be reached: waiters stop waiting. */
  private readonly unavailable$ = new Subject<unknown>();
  drainsStarted = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly signal: WakeSignal;
  private catchingUp: Promise<number> | null = null;
  private readonly parking: FailureParking;
  /** Append notices seen (local or NOTIFY), and how many had been seen when the last read began. */
  private notices = 0;
  private noticesAtRead = -1;
  private readAt = -Infinity;
  private readonly noticeCount: { unsubscribe(): void };
  private readonly follower: ViewsFollower;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    readonly projections: Projection[],
    private readonly logger: Logger,
    clock: () => Date = () => new Date(),
    private readonly leadership: Leadership = alwaysLeading,
  ) {
    this.parking = new FailureParking(logger, clock);
    this.signal = wakeSignal(events.appended$);
    this.follower = new ViewsFollower(store, CHECKPOINT, (to) => {
      this.viewsChanged$.next(null);
      this.advance(to);
    });
    this.noticeCount = events.appended$.subscribe(() => {
      this.notices++;
      this.follower.noticed();
    });
  }

  /**
   * Whether this process applies the live views (infrastructure/leadership): only the leader's
   * loop reads the log and lands batches, and only its webhook fan-out runs; a follower reads
   * where the views stand from their checkpoint. Without a loop (a CLI, a test) the process
   * applies whenever it calls catchUp(), as every explicit catchUp() does.
   */
  leads(): boolean {
    return !this.running || this.leadership.leading();
  }

  /**
   * Whether a read now would surely find nothing: no append was announced since the last read
   * of the live views began (any append committed before that read's horizon, so it was in it),
   * and the idle poll, which reads regardless, is not due. Appends arriving during a batch used
   * to wake the loop for an empty read (horizon, page, checkpoint) after each batch.
   * An explicit catchUp() always reads (the views may have been dropped under the runner).
   */
  private nothingNew(): boolean {
    return this.notices === this.noticesAtRead && performance.now() - this.readAt < IDLE_POLL_MS;
  }

  async init(): Promise<void> {
    await this.store.ensureCollections([...this.projections.flatMap((p) => p.collections), parkedEventsCollection]);
    this.position$.next(await this.store.getCheckpoint(CHECKPOINT));
  }

  /** Processes everything readable now; returns the number of events applied. Calls are serialised. */
  catchUp(): Promise<number> {
    if (!this.catchingUp) {
      const number = ++this.drainsStarted;
      this.catchingUp = this.drain(this.store).finally(() => {
        this.catchingUp = null;
      });
      this.catchingUp.then(
        () => this.drained$.next(number),
        () => undefined,
      );
    }
    return this.catchingUp;
  }

  /** Applies the log to `store` (the live views, or a rebuild's staging copies) until caught up. */
  private async drain(store: ReadStore): Promise<number> {
    let total = 0;
    const live = store === this.store;
    // A rebuild's staging views are written by this drain only: it may remember documents
    // between batches and read the next batch while applying this one.
    const known: KnownDocs | undefined = live ? undefined : new Map();
    // Whether anything is parked is asked beside the read, not after it: one round trip fewer
    // between an append and the views including it. Not on an idle poll, which
    // usually finds nothing (undefined: the batch, if any, asks for itself).
    const read = (after: Position | null) => {
      let expecting = true;
      if (live) {
        expecting = this.notices !== this.noticesAtRead;
        this.noticesAtRead = this.notices;
        this.readAt = performance.now();
      }
      return Promise.all([
        this.events.readAll({ after, limit: live ? BATCH : REBUILD_BATCH }),
        expecting ? anyParked(store) : undefined,
      ]);
    };
    // The live checkpoint as this runner last left it, without a round trip. A batch from a
    // stale position is refused under the checkpoint lock (then the checkpoint is read); an
    // empty read proves nothing (the views may have been dropped under the runner), so the
    // checkpoint is read then too before giving up.
    let remembered = live && this.position$.value !== null;
    let from = remembered ? this.position$.value : await store.getCheckpoint(CHECKPOINT);
    let next = read(from);
    for (;;) {
      const [batch, parkedAny] = await next;
      if (batch.length === 0) {
        if (remembered) {
          remembered = false;
          const actual = await store.getCheckpoint(CHECKPOINT);
          if (actual === null || from === null || comparePositions(actual, from) !== 0) {
            from = actual;
            next = read(from);
            continue;
          }
        }
        if (live) this.advance(from);
        return total;
      }
      const end = batch[batch.length - 1].position;
      if (!live) {
        next = read(end);
        next.catch(() => undefined); // awaited on the next round; never an unhandled rejection
      }
      const applied = await this.applyBatch(store, from, batch, parkedAny, known);
      total += applied;
      // Applied here: the checkpoint is the batch's end, no need to read it back.
      if (applied === 0) remembered = false;
      from = applied > 0 ? end : await store.getCheckpoint(CHECKPOINT);
      if (live) this.advance(from);
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
    const live = store === this.store;
    // After a failure parked an event, the probe's answer is out of date.
    for (let attempt = 0; ; attempt++) {
      const parked = await parkedIn(store, batch, attempt === 0 ? parkedAny : undefined);
      // At once only while nothing is parked: an operator's retry writes the views under the
      // checkpoint lock, which only the transaction waits for (parkedEvents.ts retryParked).
      const atOnce = live && attempt === 0 && parkedAny === false;
      try {
        const { applied, writer } =
          (atOnce ? await applyAtOnce(store, this.projections, CHECKPOINT, from, batch, parked) : null) ??
          (await applyInTransaction(store, this.projections, CHECKPOINT, from, batch, parked, known));
        if (known && applied > 0) writer.rememberIn(known);
        if (live) {
          this.viewsChanged$.next(applied > 0 ? [...writer.written] : null);
          if (applied > 0) this.applied$.next({ from, events: batch });
        }
        return applied;
      } catch (err) {
        if (!(err instanceof HandlerFailure)) throw err;
        await this.parking.failed(store, err);
      }
    }
  }

  private advance(p: Position | null): void {
    const current = this.position$.value;
    if (p && (!current || comparePositions(p, current) > 0)) this.position$.next(p);
  }

  /** Read-your-writes (DESIGN.md, decision 7): resolves once the views include `position`. */
  async waitFor(position: Position, timeoutMs = 5000): Promise<void> {
    const reached = (p: Position | null) => p !== null && comparePositions(p, position) >= 0;
    if (reached(this.position$.value)) return;
    await this.follower.whileWaiting(async () => {
      this.signal.wake();
      if (!this.running) await this.catchUp();
      // With the database gone the views cannot move: answer now (503) rather than at the timeout.
      const gone$ = this.unavailable$.pipe(mergeMap((err) => throwError(() => err)));
      await firstValueFrom(merge(this.position$.pipe(filter(reached)), gone$).pipe(timeout(timeoutMs)));
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          if (!(await this.leadership.tryLead())) await this.follower.follow(this.position$.value);
          // Woken by an append read by the last batch already: skip the empty read.
          else if (!this.nothingNew()) await this.catchUp();
        } catch (err) {
          this.logger.error('projection batch failed', { error: (err as Error).message });
          if (isStoreUnavailable(err)) this.unavailable$.next(err);
        }
        await this.signal.sleep(this.leadership.leading() ? IDLE_POLL_MS : this.follower.pause(IDLE_POLL_MS));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.signal.wake();
    this.signal.close();
    this.noticeCount.unsubscribe();
    await this.loop;
    await this.catchingUp?.catch(() => undefined);
    await this.leadership.close();
  }

  /**
   * Replays the whole log into fresh staging copies of the views while readers keep the live
   * ones (confab projections rebuild), then swaps them in one step once the copies have caught
   * up with the live views; returns the number of events the views include. Other instances on
   * the same database carry on meanwhile: their batches land in the live views until the swap,
   * then continue from the rebuilt checkpoint. One rebuild at a time over all processes; a second
   * is refused (infrastructure/readStore/rebuildLock.ts): both would use one set of staging copies.
   */
  async rebuild(): Promise<number> {
    const lock = await this.store.lockRebuild();
    try {
      const staging = await this.store.openStaging();
      for (let attempt = 1; ; attempt++) {
        await this.drain(staging);
        // Lost with its connection: another rebuild may have dropped these copies meanwhile.
        if (!lock.held) throw new Error('rebuild: its lock was lost with its database connection; run it again');
        if (await this.store.promoteStaging(staging, CHECKPOINT)) break;
        if (attempt >= PROMOTE_ATTEMPTS)
          throw new Error('rebuild: the staging views could not catch up with the live ones');
      }
    } finally {
      await lock.release();
    }
    this.viewsChanged$.next(null);
    await this.catchUp();
    return countEventsUpTo(this.events, await this.store.getCheckpoint(CHECKPOINT));
  }

  /** Events set aside because a view's handler failed on them (confab projections failed). */
  parked(): Promise<ParkedEventDoc[]> {
    return listParked(this.store);
  }

  /** Applies parked events again, all or those named (confab projections retry). */
  async retryParked(ids?: string[]): Promise<{ applied: string[]; failing: ParkedEventDoc[] }> {
    try {
      return await retryParked(this.events, this.store, this.projections, CHECKPOINT, ids);
    } finally {
      this.viewsChanged$.next(null);
    }
  }
}

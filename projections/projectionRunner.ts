/**
 * Runs every projection from one checkpoint: the loop that keeps the live views caught up on the
 * instance that leads them (viewsDrain.ts), following their checkpoint on the others
 * (viewsFollower.ts), and the operator's jobs (rebuild: viewsRebuild.ts; parked events:
 * parkedEvents.ts). Where the views stand and who is told is ViewsProgress's.
 */
import type { EventStore, Position } from '../infrastructure/eventStore/eventStore.js';
import { type WakeSignal, wakeSignal } from '../infrastructure/eventStore/wakeSignal.js';
import { alwaysLeading, type Leadership } from '../infrastructure/leadership/leadership.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import { isStoreUnavailable } from '../infrastructure/sql/storeUnavailable.js';
import { countEventsUpTo } from './countEventsUpTo.js';
import {
  FailureParking,
  listParked,
  type ParkedEventDoc,
  parkedEventsCollection,
  retryParked,
} from './parkedEvents.js';
import type { Projection } from './projection.js';
import { ViewsDrain } from './viewsDrain.js';
import { ViewsFollower } from './viewsFollower.js';
import { ViewsProgress } from './viewsProgress.js';
import { rebuildViews } from './viewsRebuild.js';

export type { AppliedBatch } from './viewsProgress.js';

const CHECKPOINT = 'views';
const IDLE_POLL_MS = 250;

export class ProjectionRunner {
  private readonly progress = new ViewsProgress();
  /** The position every view has processed (ViewsProgress.position$). */
  readonly position$ = this.progress.position$;
  /** Each finished catch-up of the live views, by number (ViewsProgress.drained$). */
  readonly drained$ = this.progress.drained$;
  /** The collections a batch wrote, or null when unknown (ViewsProgress.viewsChanged$). */
  readonly viewsChanged$ = this.progress.viewsChanged$;
  /** Each batch committed to the live views here (ViewsProgress.applied$). */
  readonly applied$ = this.progress.applied$;
  drainsStarted = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly signal: WakeSignal;
  private catchingUp: Promise<number> | null = null;
  private readonly drain: ViewsDrain;
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
    this.drain = new ViewsDrain({
      events,
      store,
      projections,
      checkpoint: CHECKPOINT,
      parking: new FailureParking(logger, clock),
      progress: this.progress,
    });
    this.signal = wakeSignal(events.appended$);
    this.follower = new ViewsFollower(store, CHECKPOINT, (to) => {
      this.progress.changedElsewhere();
      this.progress.advance(to);
    });
    this.noticeCount = events.appended$.subscribe(() => {
      this.drain.noticed();
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

  async init(): Promise<void> {
    await this.store.ensureCollections([...this.projections.flatMap((p) => p.collections), parkedEventsCollection]);
    this.progress.position$.next(await this.store.getCheckpoint(CHECKPOINT));
  }

  /** Processes everything readable now; returns the number of events applied. Calls are serialised. */
  catchUp(): Promise<number> {
    if (!this.catchingUp) {
      const number = ++this.drainsStarted;
      this.catchingUp = this.drain.drain(this.store).finally(() => {
        this.catchingUp = null;
      });
      this.catchingUp.then(
        () => this.progress.drained$.next(number),
        () => undefined,
      );
    }
    return this.catchingUp;
  }

  /** Whether the views include `position` already (no I/O). */
  includes(position: Position): boolean {
    return this.progress.includes(position);
  }

  /** Read-your-writes (DESIGN.md, decision 7): resolves once the views include `position`. */
  async waitFor(position: Position, timeoutMs = 5000): Promise<void> {
    if (this.includes(position)) return;
    await this.follower.whileWaiting(async () => {
      this.signal.wake();
      if (!this.running) await this.catchUp();
      await this.progress.reached(position, timeoutMs);
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          if (!(await this.leadership.tryLead())) await this.follower.follow(this.progress.position$.value);
          // Woken by an append read by the last batch already: skip the empty read.
          else if (!this.drain.nothingNew(IDLE_POLL_MS)) await this.catchUp();
        } catch (err) {
          this.logger.error('projection batch failed', { error: (err as Error).message });
          if (isStoreUnavailable(err)) this.progress.unavailable(err);
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
   * Rebuilds the views from the whole log while readers keep the live ones (viewsRebuild.ts);
   * returns the number of events the views include. `onApplied` hears each replayed batch's size.
   */
  async rebuild(onApplied?: (events: number) => void): Promise<number> {
    await rebuildViews({ store: this.store, checkpoint: CHECKPOINT, drain: this.drain, onApplied });
    this.progress.changedElsewhere();
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
      this.progress.changedElsewhere();
    }
  }
}

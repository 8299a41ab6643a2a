/**
 * Runs every projection from one checkpoint. Events are read outside the transaction (the
 * embedded PGlite has a single connection), then applied in a transaction that first locks the
 * checkpoint: if another process advanced it meanwhile, the batch is dropped and read again.
 * This keeps views exactly-once with several instances on one database (DESIGN.md §8).
 */
import { BehaviorSubject, filter, firstValueFrom, timeout } from 'rxjs';
import type { EventStore, Position } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import type { Logger } from '../infrastructure/logger.js';
import { wakeSignal, type WakeSignal } from '../infrastructure/eventStore/wakeSignal.js';
import type { Projection } from './projection.js';

const CHECKPOINT = 'views';
const BATCH = 500;
const IDLE_POLL_MS = 250;

export class ProjectionRunner {
  /** The position every view has processed; waiters for read-your-writes watch it. */
  readonly position$ = new BehaviorSubject<Position | null>(null);
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly signal: WakeSignal;
  private catchingUp: Promise<number> | null = null;
  private rebuilding = false;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: Projection[],
    private readonly logger: Logger,
  ) {
    this.signal = wakeSignal(events.appended$);
  }

  async init(): Promise<void> {
    await this.store.ensureCollections(this.projections.flatMap((p) => p.collections));
    this.position$.next(await this.store.getCheckpoint(CHECKPOINT));
  }

  /** Processes everything readable now; returns the number of events applied. Calls are serialised. */
  catchUp(): Promise<number> {
    if (this.rebuilding) return Promise.resolve(0);
    if (!this.catchingUp) {
      this.catchingUp = this.drain().finally(() => {
        this.catchingUp = null;
      });
    }
    return this.catchingUp;
  }

  private async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const from = await this.store.getCheckpoint(CHECKPOINT);
      const batch = await this.events.readAll({ after: from, limit: BATCH });
      if (batch.length === 0) {
        this.advance(from);
        return total;
      }
      const applied = await this.store.transaction(async (tx) => {
        const locked = await tx.lockCheckpoint(CHECKPOINT);
        const same = locked === null ? from === null : from !== null && comparePositions(locked, from) === 0;
        if (!same) return 0; // another instance got there first
        for (const event of batch) {
          for (const projection of this.projections) {
            if (projection.handles.includes(event.type)) await projection.apply(event, tx);
          }
        }
        await tx.saveCheckpoint(CHECKPOINT, batch[batch.length - 1].position);
        return batch.length;
      });
      total += applied;
      this.advance(await this.store.getCheckpoint(CHECKPOINT));
    }
  }

  private advance(p: Position | null): void {
    const current = this.position$.value;
    if (p && (!current || comparePositions(p, current) > 0)) this.position$.next(p);
  }

  /** Read-your-writes (DESIGN.md §7): resolves once the views include `position`. */
  async waitFor(position: Position, timeoutMs = 5000): Promise<void> {
    const reached = (p: Position | null) => p !== null && comparePositions(p, position) >= 0;
    if (reached(this.position$.value)) return;
    this.signal.wake();
    if (!this.running) await this.catchUp();
    await firstValueFrom(this.position$.pipe(filter(reached), timeout(timeoutMs)));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          await this.catchUp();
        } catch (err) {
          this.logger.error('projection batch failed', { error: (err as Error).message });
        }
        await this.signal.sleep(IDLE_POLL_MS);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.signal.wake();
    this.signal.close();
    await this.loop;
    await this.catchingUp?.catch(() => undefined);
  }

  /**
   * Drops every view and replays the whole log (confab projections rebuild); returns the number
   * of events replayed. Other instances on the same database (a running server, while the CLI
   * rebuilds) may apply part of the replay, exactly once by the checkpoint lock, so the answer
   * counts the log the views now include, not only the events this process applied.
   */
  async rebuild(): Promise<number> {
    this.rebuilding = true;
    try {
      await this.catchingUp?.catch(() => undefined);
      await this.store.dropAll();
      this.position$.next(null);
    } finally {
      this.rebuilding = false;
    }
    await this.catchUp();
    return this.countUpTo(await this.store.getCheckpoint(CHECKPOINT));
  }

  private async countUpTo(position: Position | null): Promise<number> {
    let count = 0;
    let after: Position | null = null;
    while (position) {
      const page = await this.events.readAll({ after, limit: BATCH });
      for (const event of page) {
        if (comparePositions(event.position, position) > 0) return count;
        count++;
      }
      if (page.length < BATCH) break;
      after = page[page.length - 1].position;
    }
    return count;
  }
}

/**
 * A follower's side of the views (DESIGN.md decision 21): another instance leads and lands the
 * batches, so this one reads only the views' checkpoint to learn where they stand. It reads
 * often while it matters (someone here waits for read-your-writes, or an append was just
 * announced and the leader lands it within milliseconds) and otherwise at the idle poll.
 */
import type { Position } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';

/** Checkpoint reads at most this often. */
const FOLLOW_POLL_MS = 3;
/** After an append notice, how long the reads stay frequent. */
const FOLLOW_AFTER_NOTICE_MS = 100;

export class ViewsFollower {
  private waiting = 0;
  private noticeAt = -Infinity;
  private readAt = -Infinity;

  constructor(
    private readonly store: ReadStore,
    private readonly checkpoint: string,
    /** Called when the views are found past where this process knew them. */
    private readonly moved: (to: Position) => void,
  ) {}

  /** An append was announced (here or on another instance). */
  noticed(): void {
    this.noticeAt = performance.now();
  }

  /** Runs `wait` counted as a waiter, which keeps the reads frequent. */
  async whileWaiting<T>(wait: () => Promise<T>): Promise<T> {
    this.waiting++;
    try {
      return await wait();
    } finally {
      this.waiting--;
    }
  }

  /** Reads the checkpoint (no sooner than FOLLOW_POLL_MS after the last read). */
  async follow(known: Position | null): Promise<void> {
    const due = this.readAt + FOLLOW_POLL_MS - performance.now();
    if (due > 0) await new Promise((r) => setTimeout(r, due));
    this.readAt = performance.now();
    const at = await this.store.getCheckpoint(this.checkpoint);
    if (at && (!known || comparePositions(at, known) > 0)) this.moved(at);
  }

  /** How long the runner's loop may sleep before the next read. */
  pause(idleMs: number): number {
    const close = this.waiting > 0 || performance.now() - this.noticeAt < FOLLOW_AFTER_NOTICE_MS;
    return close ? FOLLOW_POLL_MS : idleMs;
  }
}

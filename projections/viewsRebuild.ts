/**
 * Replays the whole log into fresh staging copies of the views while readers keep the live
 * ones (confab projections rebuild), then swaps them in one step once the copies have caught
 * up with the live views. Other instances on the same database carry on meanwhile: their
 * batches land in the live views until the swap, then continue from the rebuilt checkpoint. One
 * rebuild at a time over all processes; a second is refused
 * (infrastructure/readStore/rebuildLock.ts): both would use one set of staging copies.
 */
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import type { ViewsDrain } from './viewsDrain.js';

/** Rounds of "catch the staging views up, then try to swap" before a rebuild gives up. */
const PROMOTE_ATTEMPTS = 20;

export interface ViewsRebuildDeps {
  /** The live views. */
  store: ReadStore;
  checkpoint: string;
  drain: ViewsDrain;
  /** Hears how many events each batch replayed into the staging copies held. */
  onApplied?: (events: number) => void;
}

/** Builds the staging copies and swaps them in; the live views' readers are told by the caller. */
export async function rebuildViews({ store, checkpoint, drain, onApplied }: ViewsRebuildDeps): Promise<void> {
  const lock = await store.lockRebuild();
  try {
    const staging = await store.openStaging();
    for (let attempt = 1; ; attempt++) {
      await drain.drain(staging, onApplied);
      // Lost with its connection: another rebuild may have dropped these copies meanwhile.
      if (!lock.held) throw new Error('rebuild: its lock was lost with its database connection; run it again');
      if (await store.promoteStaging(staging, checkpoint)) return;
      if (attempt >= PROMOTE_ATTEMPTS)
        throw new Error('rebuild: the staging views could not catch up with the live ones');
    }
  } finally {
    await lock.release();
  }
}

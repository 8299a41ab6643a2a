/**
 * The settings page shows the loader coverage of this visit, not of the previous one.
 *
 * A load callback answers at once (the control panel shows the app without waiting on
 * BigCommerce) and checks the loader scripts just after; the check records the coverage it
 * found. The page's first read of /api/settings comes a moment later, after the redirect, the
 * page and its script: usually the check has finished by then, and when it has not, that read
 * waits for it. So the check overlaps the page's own loading instead of delaying the redirect
 * (which would add its whole duration to every open), and the page needs no second request.
 *
 * Whether the check is still running is kept on the session row (storeSessionStore.ts), not in
 * this process: with several instances the read may land on another one than the load. The wait
 * is bounded: the row's pending state lapses LOADER_CHECK_WAIT_MS after the load, so a slow
 * BigCommerce (or an instance that stopped mid-check) costs the page at most that, and the read
 * then answers the coverage recorded before, as it did without waiting.
 */
import type { StoreSessionStore } from '../../infrastructure/bigcommerce/storeSessionStore.js';

/** Two BigCommerce reads take well under a second; past this the page stops waiting for them. */
export const LOADER_CHECK_WAIT_MS = 3000;
/** How often a waiting read looks at the session row (a primary-key read). */
const POLL_MS = 50;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the session's loader check settled, or its time ran out, or the session ended.
 * Answers whether it waited (then what was read before the wait is out of date).
 */
export async function untilLoaderCheckSettled(
  sessions: Pick<StoreSessionStore, 'find'>,
  sessionId: string,
  pending: boolean,
): Promise<boolean> {
  if (!pending) return false;
  // A guard of this process's own: the row lapses by itself, this only bounds a clock that disagrees.
  const deadline = Date.now() + LOADER_CHECK_WAIT_MS;
  while (Date.now() < deadline) {
    await pause(POLL_MS);
    const session = await sessions.find(sessionId);
    if (!session?.loaderCheckPending) break;
  }
  return true;
}

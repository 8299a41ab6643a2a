/**
 * A catch-up subscription built from any "read the log after a position" function: reads
 * history page by page, then waits for a wake-up (or a short poll, since an event may only
 * become readable once an older transaction finishes) and reads again.
 */
import { Observable, type Subject } from 'rxjs';
import type { Position, RecordedEvent } from './eventStore.js';

const PAGE = 500;
const POLL_MS = 250;

export function catchUpSubscription(
  readAfter: (after: Position | null, limit: number) => Promise<RecordedEvent[]>,
  wake: Subject<void>,
  start: Position | null,
): Observable<RecordedEvent> {
  return new Observable<RecordedEvent>((subscriber) => {
    let after = start;
    let stopped = false;
    let nudge: (() => void) | null = null;
    // A wake-up during a read must not be lost, or a new event waits a whole poll interval.
    let pending = false;
    const wakeSub = wake.subscribe(() => {
      if (nudge) nudge();
      else pending = true;
    });

    const sleep = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, POLL_MS);
        function done() {
          clearTimeout(timer);
          nudge = null;
          resolve();
        }
        nudge = done;
      });

    (async () => {
      while (!stopped) {
        const page = await readAfter(after, PAGE);
        for (const event of page) {
          if (stopped) return;
          subscriber.next(event);
          after = event.position;
        }
        if (page.length < PAGE) {
          if (pending) pending = false;
          else await sleep();
        }
      }
    })().catch((err) => {
      if (!stopped) subscriber.error(err);
    });

    return () => {
      stopped = true;
      nudge?.();
      wakeSub.unsubscribe();
    };
  });
}

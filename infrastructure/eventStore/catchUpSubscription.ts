/**
 * A catch-up subscription built from any "read the log after a position" function: reads
 * history page by page, then sleeps until an append wakes it (or a short poll passes, since an
 * event may only become readable once an older transaction finishes) and reads again.
 */
import { Observable } from 'rxjs';
import type { Position, RecordedEvent } from './eventStore.js';
import { wakeSignal } from './wakeSignal.js';

const PAGE = 500;
const POLL_MS = 250;

export function catchUpSubscription(
  readAfter: (after: Position | null, limit: number) => Promise<RecordedEvent[]>,
  appended$: Observable<void>,
  start: Position | null,
): Observable<RecordedEvent> {
  return new Observable<RecordedEvent>((subscriber) => {
    let after = start;
    let stopped = false;
    const signal = wakeSignal(appended$);

    (async () => {
      while (!stopped) {
        const page = await readAfter(after, PAGE);
        for (const event of page) {
          if (stopped) return;
          subscriber.next(event);
          after = event.position;
        }
        if (page.length < PAGE) await signal.sleep(POLL_MS);
      }
    })().catch((err) => {
      if (!stopped) subscriber.error(err);
    });

    return () => {
      stopped = true;
      signal.wake();
      signal.close();
    };
  });
}

/**
 * A loop that polls the event log sleeps between reads and is woken early when something is
 * appended. A wake that arrives while the loop is busy (reading, applying) is kept, so the next
 * sleep ends at once: no wake-up is ever lost, and an idle loop still polls, because an event
 * may become readable only when an older transaction of another process commits.
 */
import type { Observable } from 'rxjs';

export interface WakeSignal {
  wake(): void;
  /** Resolves after `ms`, or at once when woken since the last sleep, or when woken meanwhile. */
  sleep(ms: number): Promise<void>;
  /** Stops following the source given to `wakeSignal`. */
  close(): void;
}

export function wakeSignal(source?: Observable<unknown>): WakeSignal {
  let pending = false;
  let finish: (() => void) | null = null;
  const signal: WakeSignal = {
    wake() {
      if (finish) finish();
      else pending = true;
    },
    sleep(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          finish = null;
          resolve();
        }
        finish = done;
      });
    },
    close() {
      subscription?.unsubscribe();
    },
  };
  const subscription = source?.subscribe(() => signal.wake());
  return signal;
}

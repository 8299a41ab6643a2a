/**
 * A write that is confirmed first (delete, revoke, remove): the item asked about, busy while it
 * runs, what was done or what went wrong as a toast. `ask(item)` opens the ConfirmDialog (open
 * while `item` is set), `confirm` runs it; the dialog closes only once it succeeded.
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../api.js';
import { useToast } from './Toast.js';

export interface ConfirmedAction<T> {
  item: T | null;
  busy: boolean;
  ask(item: T): void;
  cancel(): void;
  confirm(): Promise<void>;
}

/** `run` answers the toast's words once done. */
export function useConfirmedAction<T>(run: (item: T) => Promise<string>): ConfirmedAction<T> {
  const toast = useToast();
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    item,
    busy,
    ask: setItem,
    cancel: () => setItem(null),
    async confirm() {
      if (item === null) return;
      setBusy(true);
      try {
        toast(await run(item));
        setItem(null);
      } catch (err) {
        toast((err as ApiError).message, 'error');
      } finally {
        setBusy(false);
      }
    },
  };
}

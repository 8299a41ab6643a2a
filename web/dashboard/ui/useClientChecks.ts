/**
 * When a form shows the problems its own checks found (validators.ts): a field's problem shows
 * once the person has left the field or tried to save, not while they are still typing it, and
 * goes away as soon as the value is right. `attempt()` is the gate before sending.
 */
import { useState } from 'preact/hooks';

/** The current problem of each checked field (null: fine), computed from the draft on render. */
export type FieldProblems = Readonly<Record<string, string | null>>;

export interface ClientChecks {
  /** The problem to show under `field` now, or null. */
  shown(field: string): string | null;
  /**
   * Marks the field as left (pass the input's blur event). Not when focus goes to a button: the
   * message would push that button away between press and release, and the click would be lost;
   * Save shows the message anyway, and Cancel does not need it.
   */
  touch(field: string, e?: FocusEvent): void;
  /** true when there is no problem; otherwise shows them all, focuses the first, and answers false. */
  attempt(): boolean;
  /** Forgets what was touched and tried (a reset form). */
  reset(): void;
}

export function useClientChecks(problems: FieldProblems): ClientChecks {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  return {
    shown: (field) => (attempted || touched.has(field) ? (problems[field] ?? null) : null),
    touch(field, e) {
      if (touched.has(field) || (e?.relatedTarget as Element | null)?.closest?.('button')) return;
      setTouched(new Set([...touched, field]));
    },
    attempt() {
      const bad = Object.keys(problems).filter((f) => problems[f]);
      if (bad.length === 0) return true;
      setAttempted(true);
      // After the render that shows the messages, the first field in need (of the form or dialog
      // the person is in) gets the keyboard.
      const scope = document.activeElement?.closest('form, dialog') ?? document;
      requestAnimationFrame(() => scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return false;
    },
    reset() {
      setTouched(new Set());
      setAttempted(false);
    },
  };
}

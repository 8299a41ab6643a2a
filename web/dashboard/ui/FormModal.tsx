/**
 * A form in a modal dialog: Cancel and a primary button in the footer (busy while it sends), an
 * alert above the fields for an error that names none of them, and each field's error under the
 * field, worded with its label (formErrors.ts). useFormSubmit keeps the busy flag, the server's
 * error and the form's own checks (useClientChecks.ts: nothing is sent while one fails); the
 * modal's fields stay with the page. A `result` (a secret shown once) takes the form's place in
 * the same dialog, which stays open and keeps focus.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../api.js';
import { Button } from './Button.js';
import { fieldError, formError, type FieldLabels } from './formErrors.js';
import { Modal } from './Modal.js';
import { useClientChecks, type FieldProblems } from './useClientChecks.js';

export interface FormSubmit {
  busy: boolean;
  error: ApiError | null;
  /** What to show under `field`: the form's own finding, else the server's, else null. */
  fieldError(field: string): string | null;
  /** The server's error when it names none of the form's fields, else null. */
  generalError: string | null;
  /** Marks a field as left, so its own check may speak (an input's onBlur, with its event). */
  touch(field: string, e?: FocusEvent): void;
  /** Checks, then sends (the form's submit event, a click, or nothing); a failure becomes `error`. */
  submit(e?: Event): Promise<void>;
  /** A fresh form: no error, nothing touched. */
  clearError(): void;
}

export function useFormSubmit(
  send: () => Promise<void>,
  labels: FieldLabels = {},
  problems: FieldProblems = {},
): FormSubmit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const checks = useClientChecks(problems);
  const submit = async (e?: Event) => {
    e?.preventDefault();
    if (!checks.attempt()) return;
    setBusy(true);
    setError(null);
    try {
      await send();
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    error,
    fieldError: (field) => checks.shown(field) ?? fieldError(error, field, labels),
    generalError: formError(error, labels),
    touch: checks.touch,
    submit,
    clearError: () => {
      setError(null);
      checks.reset();
    },
  };
}

export function FormModal({
  open,
  title,
  onClose,
  wide,
  form,
  submitLabel,
  submitDisabled,
  formId,
  formClass,
  enterSubmits,
  result,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  form: FormSubmit;
  submitLabel: string;
  submitDisabled?: boolean;
  formId?: string;
  formClass?: string;
  /** A hidden submit button, so that Enter submits a form with more than one text field. */
  enterSubmits?: boolean;
  /** Shown instead of the form once it is sent, at the normal width; only its one button closes the dialog. */
  result?: { title: string; closeLabel: string; content: ComponentChildren } | null;
  children: ComponentChildren;
}) {
  const shown = !!result;
  useEffect(() => {
    // The form's controls are gone with it: the keyboard goes to the secret (selected, ready to copy).
    if (shown)
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('dialog[open] .modal-body :is(input, textarea)')?.focus(),
      );
  }, [shown]);
  if (result) {
    return (
      // Not dismissible: the secret is shown once, so only the explicit button ends the dialog.
      <Modal
        open={open}
        title={result.title}
        onClose={onClose}
        dismissible={false}
        footer={
          <Button variant="primary" onClick={onClose}>
            {result.closeLabel}
          </Button>
        }
      >
        {result.content}
      </Modal>
    );
  }
  const general = form.generalError;
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      wide={wide}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={form.busy} disabled={submitDisabled} onClick={() => void form.submit()}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} class={formClass} onSubmit={form.submit} noValidate>
        {general && (
          <div class="callout callout-danger form-alert" role="alert">
            {general}
          </div>
        )}
        {children}
        {enterSubmits && <button type="submit" hidden />}
      </form>
    </Modal>
  );
}

/**
 * A form in a modal dialog: Cancel and a primary button in the footer (busy while it sends), an
 * alert above the fields for an error that names none of them, and each field's error under the
 * field (the API answers `{error, field?}`; see formErrors.ts). useFormSubmit keeps the busy flag
 * and the error of one form's submissions; the modal's own fields stay with the page. A `result`
 * (a secret shown once) takes the form's place in the same dialog, which stays open and keeps focus.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError } from '../api.js';
import { Button } from './Button.js';
import { fieldError, formError } from './formErrors.js';
import { Modal } from './Modal.js';

export interface FormSubmit {
  busy: boolean;
  error: ApiError | null;
  /** The error's message when it names this field, else null. */
  fieldError(field: string): string | null;
  /** Sends (the form's submit event, a click, or nothing); a failure becomes `error`. */
  submit(e?: Event): Promise<void>;
  clearError(): void;
}

export function useFormSubmit(send: () => Promise<void>): FormSubmit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const submit = async (e?: Event) => {
    e?.preventDefault();
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
  return { busy, error, fieldError: (field) => fieldError(error, field), submit, clearError: () => setError(null) };
}

export function FormModal({
  open, title, onClose, wide, form, fields = [], submitLabel, submitDisabled, formId, formClass, enterSubmits, result, children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  form: FormSubmit;
  /** The fields the form shows: an error naming one of them stands under it, any other above the form. */
  fields?: readonly string[];
  submitLabel: string;
  submitDisabled?: boolean;
  formId?: string;
  formClass?: string;
  /** A hidden submit button, so that Enter submits a form with more than one text field. */
  enterSubmits?: boolean;
  /** Shown instead of the form once it is sent, at the normal width, with one button that closes the dialog. */
  result?: { title: string; closeLabel: string; content: ComponentChildren } | null;
  children: ComponentChildren;
}) {
  if (result) {
    return (
      <Modal open={open} title={result.title} onClose={onClose} footer={<Button variant="primary" onClick={onClose}>{result.closeLabel}</Button>}>
        {result.content}
      </Modal>
    );
  }
  const general = formError(form.error, fields);
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
        {general && <div class="callout callout-danger form-alert" role="alert">{general}</div>}
        {children}
        {enterSubmits && <button type="submit" hidden />}
      </form>
    </Modal>
  );
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it (unless
 * it is not `dismissible`) and the page behind is inert. ConfirmDialog asks before something that
 * cannot be undone.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Button } from './Button.js';
import { useId } from './Field.js';

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  wide,
  dismissible = true,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  footer?: ComponentChildren;
  wide?: boolean;
  /**
   * false: only a footer button closes the dialog; Escape, the backdrop and the × do nothing.
   * For what cannot be shown again (a secret shown once): one stray key must not lose it.
   */
  dismissible?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId('dlg');
  // Read when the key comes, not when effects last ran: the same dialog may turn dismissible (a
  // form after a secret) a frame before its effects catch up, and Escape must work from then on.
  const dismissibleNow = useRef(dismissible);
  dismissibleNow.current = dismissible;
  useEffect(() => {
    if (!open) return;
    // Chromium closes a modal dialog on a second Escape even when its cancel event is refused,
    // and the key may come from anywhere (focus can fall to <body> when the content changes):
    // refusing the key itself, for the whole document, keeps the dialog open.
    const refuse = (e: KeyboardEvent) => e.key === 'Escape' && !dismissibleNow.current && e.preventDefault();
    document.addEventListener('keydown', refuse, true);
    return () => document.removeEventListener('keydown', refuse, true);
  }, [open]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      // Focus returns to whatever opened the dialog.
      const opener = document.activeElement as HTMLElement | null;
      d.showModal();
      return () => opener?.focus?.();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      class={`modal${wide ? ' modal-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        if (dismissible && e.target === ref.current) onClose(); // a click on the backdrop
      }}
    >
      {open && (
        <div class="modal-inner">
          <header class="modal-header">
            <h2 id={titleId} class="modal-title">
              {title}
            </h2>
            {dismissible && (
              <button type="button" class="icon-btn" aria-label="Close" onClick={onClose}>
                <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
                </svg>
              </button>
            )}
          </header>
          <div class="modal-body">{children}</div>
          {footer && <footer class="modal-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy,
  danger = true,
}: {
  open: boolean;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>{cancelLabel}</Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

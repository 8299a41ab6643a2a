/** @jsxImportSource preact */
/** The few controls every sign-in page uses, so they look and behave the same everywhere. */
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';

let nextId = 0;
const fieldId = (name: string) => `f-${name}-${++nextId}`;

interface FieldProps extends Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label' | 'onInput' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValue(value: string): void;
  hint?: ComponentChildren;
}

export function Field({ label, name, value, onValue, hint, ...input }: FieldProps) {
  // A stable id per mounted field: label/for is what tests and screen readers use.
  const [id] = useState(() => fieldId(name));
  return (
    <div class="lg-field">
      <label for={id} class="lg-field__label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        class="lg-field__input"
        value={value}
        onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        {...input}
      />
      {hint ? <p class="lg-field__hint">{hint}</p> : null}
    </div>
  );
}

interface ButtonProps extends JSX.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  busy?: boolean;
  children: ComponentChildren;
}

export function Button({ variant = 'primary', busy = false, children, class: cls, disabled, ...rest }: ButtonProps) {
  return (
    <button
      class={`lg-btn lg-btn--${variant}${busy ? ' lg-btn--busy' : ''}${cls ? ` ${cls}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy ? 'true' : undefined}
      {...rest}
    >
      {busy ? <span class="lg-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export type Notice = { kind: 'error' | 'success' | 'info'; text: ComponentChildren } | null;

/** Always in the page, so screen readers announce what appears in it. */
export function LiveNotice({ notice }: { notice: Notice }) {
  return (
    <div class="lg-live" aria-live="polite" aria-atomic="true">
      {notice ? (
        <div class={`lg-notice lg-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}
    </div>
  );
}

export function Divider({ children }: { children: ComponentChildren }) {
  return (
    <div class="lg-divider" role="separator">
      <span>{children}</span>
    </div>
  );
}

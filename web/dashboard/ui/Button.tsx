/** The one button: primary, secondary, danger or ghost; `busy` disables it and shows a spinner. */
import type { ComponentChildren, JSX } from 'preact';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

type Props = Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, 'size' | 'type' | 'icon'> & {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  busy?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  icon?: ComponentChildren;
  children?: ComponentChildren;
};

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  disabled,
  type = 'button',
  icon,
  children,
  class: cls,
  ...rest
}: Props) {
  return (
    <button
      {...rest}
      type={type}
      class={`btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}${cls ? ` ${cls}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span class="spinner spinner-inline" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/** A link styled as a button (navigation, not an action). */
export function ButtonLink({
  variant = 'secondary',
  size = 'md',
  class: cls,
  children,
  ...rest
}: JSX.AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; size?: 'sm' | 'md' }) {
  return (
    <a {...rest} class={`btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}${cls ? ` ${cls}` : ''}`}>
      {children}
    </a>
  );
}

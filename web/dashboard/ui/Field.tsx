/**
 * Form fields: a label, the control, a hint and an error, tied together with ids so screen
 * readers announce them. TextField (input or textarea), Select and Switch share `Field`.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useMemo } from 'preact/hooks';

let counter = 0;
/** A stable unique id for one component instance. */
export function useId(prefix: string): string {
  return useMemo(() => `${prefix}-${++counter}`, []);
}

interface FieldProps {
  label: string;
  hint?: ComponentChildren;
  error?: string | null;
  /** Shown after the label, e.g. "optional". */
  aside?: string;
}

export function Field({
  id,
  label,
  hint,
  error,
  aside,
  children,
}: FieldProps & { id: string; children: ComponentChildren }) {
  return (
    <div class={`field${error ? ' field-invalid' : ''}`}>
      <label class="field-label" for={id}>
        {label}
        {aside && <span class="field-aside"> {aside}</span>}
      </label>
      {children}
      {hint && !error && (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type TextFieldProps = FieldProps & {
  value: string;
  onInput: (value: string) => void;
  multiline?: boolean;
  rows?: number;
  type?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  inputProps?: JSX.InputHTMLAttributes<HTMLInputElement>;
};

export function TextField({
  label,
  hint,
  error,
  aside,
  value,
  onInput,
  multiline,
  rows = 3,
  inputProps,
  ...rest
}: TextFieldProps) {
  const id = useId('f');
  const common = {
    id,
    name: rest.name,
    value,
    placeholder: rest.placeholder,
    maxLength: rest.maxLength,
    required: rest.required,
    disabled: rest.disabled,
    autoFocus: rest.autoFocus,
    class: 'input',
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onInput: (e: Event) => onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <Field id={id} label={label} hint={hint} error={error} aside={aside}>
      {multiline ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input {...inputProps} {...common} type={rest.type ?? 'text'} />
      )}
    </Field>
  );
}

export function Select<V extends string>({
  label,
  hint,
  error,
  aside,
  value,
  onChange,
  options,
  disabled,
}: FieldProps & {
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
  disabled?: boolean;
}) {
  const id = useId('s');
  return (
    <Field id={id} label={label} hint={hint} error={error} aside={aside}>
      <select
        id={id}
        class="input select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** An on/off switch: a real checkbox with role=switch, so Space toggles it. */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId('sw');
  return (
    <div class="switch-row">
      <input
        id={id}
        type="checkbox"
        role="switch"
        class="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id} class="switch-label">
        {label}
        {hint && (
          <span class="field-hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}

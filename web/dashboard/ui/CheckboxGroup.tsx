/** A labelled group of checkboxes (a fieldset with a legend), e.g. webhook events or key scopes. */
import type { ComponentChildren } from 'preact';
import { useId } from './Field.js';

export interface CheckboxOption {
  value: string;
  label: ComponentChildren;
  hint?: string;
}

export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  legend: string;
  options: CheckboxOption[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | null;
  hint?: string;
}) {
  const id = useId('cb');
  const toggle = (v: string, on: boolean) =>
    onChange(on ? [...value, v].filter((x, i, a) => a.indexOf(x) === i) : value.filter((x) => x !== v));
  return (
    <fieldset
      class={`field checklist${error ? ' field-invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
    >
      <legend class="field-label">{legend}</legend>
      {hint && !error && (
        <p class="field-hint checklist-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div class="checklist-options">
        {options.map((o) => (
          <label key={o.value} class="checklist-option">
            <input
              type="checkbox"
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, (e.currentTarget as HTMLInputElement).checked)}
            />
            <span>
              <span class="checklist-label">{o.label}</span>
              {o.hint && <span class="checklist-sub">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

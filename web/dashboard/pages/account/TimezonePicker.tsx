/**
 * A searchable IANA time zone picker (the ARIA combobox pattern): type to filter, arrows to
 * move, Enter to pick, Escape to close. The list is the browser's own (Intl), so it names only
 * real zones; the server checks the name again.
 */
import { useMemo, useState } from 'preact/hooks';
import { Field, useId } from '../../ui/index.js';

const MAX_SHOWN = 60;

function allZones(): string[] {
  const supported =
    (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

/** "Europe/Berlin" → "Europe/Berlin (UTC+01:00)", at today's offset. */
function withOffset(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    const offset = part?.value === 'GMT' ? 'UTC' : part?.value.replace('GMT', 'UTC');
    return offset ? `${zone} (${offset})` : zone;
  } catch {
    return zone;
  }
}

const matchCount = (n: number) =>
  n === MAX_SHOWN ? `The first ${MAX_SHOWN} matching zones` : n === 1 ? '1 matching zone' : `${n} matching zones`;

export function TimezonePicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  error?: string | null;
}) {
  const zones = useMemo(allZones, []);
  const id = useId('tz');
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = text !== null;
  const matches = useMemo(() => {
    const q = (text ?? '').trim().toLowerCase().replace(/\s+/g, '_');
    return (q ? zones.filter((z) => z.toLowerCase().includes(q)) : zones).slice(0, MAX_SHOWN);
  }, [text, zones]);

  const pick = (zone: string) => {
    onChange(zone);
    setText(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setText('');
      const d = e.key === 'ArrowDown' ? 1 : -1;
      const next = (active + d + matches.length) % Math.max(matches.length, 1);
      setActive(next);
      document.getElementById(`${id}-opt-${next}`)?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (matches[active]) pick(matches[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setText(null);
    }
  };

  return (
    <Field id={id} label="Time zone" error={error} hint={open ? matchCount(matches.length) : withOffset(value)}>
      <div class="tz-wrap">
        <input
          id={id}
          class="input"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
          aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
          autocomplete="off"
          spellcheck={false}
          placeholder="Search, e.g. Berlin or New_York"
          value={open ? text! : value}
          onFocus={() => {
            setText('');
            setActive(0);
          }}
          onInput={(e) => {
            setText((e.currentTarget as HTMLInputElement).value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setText(null), 150)}
        />
        {open && (
          <ul id={`${id}-list`} role="listbox" class="tz-list" aria-label="Time zones">
            {matches.map((z, i) => (
              <li
                key={z}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(z);
                }}
              >
                {z}
              </li>
            ))}
            {matches.length === 0 && (
              <li role="option" aria-disabled="true" aria-selected={false}>
                No zone matches
              </li>
            )}
          </ul>
        )}
      </div>
    </Field>
  );
}

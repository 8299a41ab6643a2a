/** A month's use of a limit as a bar: amber from 80 %, red when it is all used. */
export function UsageMeter({ used, limit, label }: { used: number; limit: number; label: string }) {
  const pct = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  const tone = pct >= 100 ? ' meter-fill-full' : pct >= 80 ? ' meter-fill-warn' : '';
  return (
    <div
      class="meter"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(used, limit)}
      aria-valuetext={`${Math.round(pct)}% of the month's ${label.replace(/ used$/, '')}`}
    >
      <div class={`meter-fill${tone}`} style={{ width: `${pct}%` }} />
    </div>
  );
}

/** Dates and numbers as people read them, in the browser's locale. */
const dateFmt = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const numberFmt = new Intl.NumberFormat();

export const formatDate = (iso: string | null | undefined) => (iso ? dateFmt.format(new Date(iso)) : '—');
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTimeFmt.format(new Date(iso)) : '—');
export const formatNumber = (n: number) => numberFmt.format(n);

const shortFmt = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** "Nov 25, 04:24 AM" in the current year, the full form otherwise: for dense tables. */
export const formatShortDateTime = (iso: string) =>
  new Date(iso).getFullYear() === new Date().getFullYear() ? shortFmt.format(new Date(iso)) : formatDateTime(iso);

/** A size: "48 KB", "1.2 MB"; a few bytes read as 1 KB, so a small file does not read as nothing. */
export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${n === 0 ? 0 : Math.max(1, Math.round(n / 1024))} KB`;

const relativeFmt = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const ageUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
/** How long ago: "3 days ago", "yesterday", "just now"; whole units only, so "3 days" means at least three. */
export function formatAgo(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of ageUnits) {
    if (Math.abs(seconds) >= size) return relativeFmt.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

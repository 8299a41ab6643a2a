/**
 * CSV text as RFC 4180 writes it: a field with a comma, quote, CR or LF is quoted, its quotes
 * doubled; lines end in CRLF. A cell a spreadsheet would run as a formula (one starting with
 * `=`, `+`, `-`, `@`, tab or CR) is prefixed with a single quote, as OWASP advises against CSV
 * injection: an exported visitor answer must never execute in the reader's spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Numbers are ours (turn counts, versions): a negative one cannot occur, and quoting it would hide it.
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

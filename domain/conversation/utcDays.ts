/**
 * Calendar days in UTC as `YYYY-MM-DD`: the unit of the responses date filter and of the
 * analytics daily counts. ISO timestamps compare as strings, so a day becomes a string range.
 */
import { ValidationError } from '../errors.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/**
 * A real calendar day or a ValidationError naming the field (2024-02-30 is not a day). Every
 * four-digit year is one: setUTCFullYear, unlike Date.UTC, does not read 0001–0099 as 19xx.
 */
export function parseDay(raw: string, field: string): string {
  const m = DAY.exec(raw);
  if (m) {
    const date = new Date(0);
    date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    // An overflowing month or day rolls over to another date, possibly into year 10000.
    if (date.toISOString().slice(0, 10) === raw) return raw;
  }
  throw new ValidationError(`${field} must be a calendar date as YYYY-MM-DD`, field);
}

export const dayOf = (instant: Date | string): string => new Date(instant).toISOString().slice(0, 10);

/**
 * Throws a RangeError past 9999-12-31 or before 0000-01-01: toISOString would write
 * "+010000-01-01…" there, which is no YYYY-MM-DD and sorts before every real day.
 */
export function addDays(day: string, n: number): string {
  const iso = new Date(Date.parse(startOfDay(day)) + n * MS_PER_DAY).toISOString();
  if (iso.length !== 24) throw new RangeError(`${day} plus ${n} days is outside the years 0000–9999`);
  return iso.slice(0, 10);
}

/** The first instant of a day, as stored timestamps are written. */
export const startOfDay = (day: string): string => `${day}T00:00:00.000Z`;

/**
 * The last instant of a day as stored timestamps are written (toISOString, milliseconds), for
 * an inclusive upper bound that needs no next day, which 9999-12-31 does not have.
 */
export const endOfDay = (day: string): string => `${day}T23:59:59.999Z`;

/** Every day from `first` to `last`, both included. */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    out.push(d);
    // Never step past the last day: 9999-12-31 has no next one.
    if (d === last) break;
  }
  return out;
}

/** Inclusive day bounds from optional query values; start after end is a ValidationError. */
export function dayRange(startDate?: string, endDate?: string): { first: string | null; last: string | null } {
  const first = startDate === undefined ? null : parseDay(startDate, 'startDate');
  const last = endDate === undefined ? null : parseDay(endDate, 'endDate');
  if (first && last && first > last) throw new ValidationError('startDate must not be after endDate', 'startDate');
  return { first, last };
}

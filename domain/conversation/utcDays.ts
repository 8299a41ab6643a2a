/**
 * Calendar days in UTC as `YYYY-MM-DD`: the unit of the responses date filter and of the
 * analytics daily counts. ISO timestamps compare as strings, so a day becomes a string range.
 */
import { ValidationError } from '../errors.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day or a ValidationError naming the field (2024-02-30 is not a day). */
export function parseDay(raw: string, field: string): string {
  const m = DAY.exec(raw);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== raw) {
    throw new ValidationError(`${field} must be a calendar date as YYYY-MM-DD`, field);
  }
  return raw;
}

export const dayOf = (instant: Date | string): string => new Date(instant).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The first instant of a day, as stored timestamps are written. */
export const startOfDay = (day: string): string => `${day}T00:00:00.000Z`;

/** Every day from `first` to `last`, both included. */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Inclusive day bounds from optional query values; start after end is a ValidationError. */
export function dayRange(startDate?: string, endDate?: string): { first: string | null; last: string | null } {
  const first = startDate === undefined ? null : parseDay(startDate, 'startDate');
  const last = endDate === undefined ? null : parseDay(endDate, 'endDate');
  if (first && last && first > last) throw new ValidationError('startDate must not be after endDate', 'startDate');
  return { first, last };
}

/**
 * The period of a report asked for by startDate and endDate (docs/ai-analytics.md, Period): UTC
 * days, both included. Neither: the last 30 days ending today. Only endDate: the 30 days ending
 * then. Only startDate: from then to today (just that day when it is after today). Longer than
 * MAX_PERIOD_DAYS, or ending before it starts: a 400 naming startDate.
 */
import { ValidationError } from '../../../domain/errors.js';
import { addDays, dayOf, dayRange } from '../../../domain/conversation/utcDays.js';

export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 366;

const MS_PER_DAY = 86_400_000;
const FIRST_DAY = '0000-01-01';

export function analyticsPeriod(
  query: { startDate?: string; endDate?: string },
  now: Date,
): { first: string; last: string } {
  const asked = dayRange(query.startDate, query.endDate);
  const today = dayOf(now);
  const last = asked.last ?? (asked.first && asked.first > today ? asked.first : today);
  const first = asked.first ?? defaultFirst(last);
  if ((Date.parse(last) - Date.parse(first)) / MS_PER_DAY + 1 > MAX_PERIOD_DAYS)
    throw new ValidationError(`startDate to endDate may span at most ${MAX_PERIOD_DAYS} days`, 'startDate');
  return { first, last };
}

/** The first day of the default period ending `last`, from year 0000 on. */
function defaultFirst(last: string): string {
  try {
    return addDays(last, 1 - DEFAULT_PERIOD_DAYS);
  } catch {
    return FIRST_DAY;
  }
}

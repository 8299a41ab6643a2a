/**
 * A visitor's text answer to a question, judged by the question's input type and stored in one
 * normal form (docs/flows.md#input-types), so conditions and integrations see `2026-03-01`
 * however the visitor wrote the date.
 */
import { charLength } from '../charLength.js';
import type { AnswerInput, ChoiceOption } from './flowGraph.js';

export type AnswerCheck = { ok: true; value: string; next?: string } | { ok: false };

const INVALID: AnswerCheck = { ok: false };
const valid = (value: string, next?: string): AnswerCheck =>
  next === undefined ? { ok: true, value } : { ok: true, value, next };

export const MAX_ANSWER_LENGTH = 2000;

export function checkAnswer(input: AnswerInput, raw: string): AnswerCheck {
  const answer = raw.trim();
  if (answer === '' || charLength(answer) > MAX_ANSWER_LENGTH) return INVALID;
  switch (input.type) {
    case 'text':
      return valid(answer);
    case 'email':
      return email(answer);
    case 'phone':
      return phone(answer);
    case 'number':
      return number(answer, input.min, input.max);
    case 'date':
      return date(answer);
    case 'url':
      return url(answer);
    case 'choice':
      return input.multiple ? choices(input.options, answer) : choice(input.options, answer);
    case 'rating':
      return rating(answer, input.max);
    case 'yesno':
      return yesNo(answer);
  }
}

export const DEFAULT_RETRY_MESSAGES: Readonly<Record<AnswerInput['type'], string>> = {
  text: 'Please type an answer.',
  email: 'That does not look like an email address. Please try again (for example name@example.com).',
  phone: 'That does not look like a phone number. Please type it with its country or area code.',
  number: 'Please answer with a number.',
  date: 'Please give a date such as 2026-03-31 or 31 March 2026.',
  url: 'Please give a web address such as https://example.com.',
  choice: 'Please pick one of the options.',
  rating: 'Please answer with a rating from the scale.',
  yesno: 'Please answer yes or no.',
};

/** The retry message a wrong answer gets: the author's, or the input type's default with the range filled in. */
export function retryMessageFor(input: AnswerInput): string {
  if (input.retryMessage !== undefined) return input.retryMessage;
  if (input.type === 'number' && (input.min !== undefined || input.max !== undefined)) {
    const range =
      input.min !== undefined && input.max !== undefined
        ? `from ${input.min} to ${input.max}`
        : input.min !== undefined
          ? `of at least ${input.min}`
          : `of at most ${input.max}`;
    return `Please answer with a number ${range}.`;
  }
  if (input.type === 'rating') return `Please answer with a rating from ${input.max === 5 ? 1 : 0} to ${input.max}.`;
  return DEFAULT_RETRY_MESSAGES[input.type];
}

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

function email(answer: string): AnswerCheck {
  if (answer.length > 254 || !EMAIL.test(answer)) return INVALID;
  const at = answer.lastIndexOf('@');
  // The domain is case-insensitive; the local part belongs to the receiving server.
  return valid(answer.slice(0, at) + answer.slice(at).toLowerCase());
}

function phone(answer: string): AnswerCheck {
  const compact = answer.replace(/[\s\-.()/]/g, '').replace(/^00/, '+');
  if (!/^\+?\d{6,15}$/.test(compact)) return INVALID;
  return valid(compact);
}

function number(answer: string, min?: number, max?: number): AnswerCheck {
  // Spaces and apostrophes group thousands ("1 000", "1'000"), and so do commas before groups of
  // three digits ("1,000,000.5"); any other single comma is a decimal comma ("2,5").
  const spaced = answer.replace(/[\s']/g, '');
  const compact = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(spaced)
    ? spaced.replaceAll(',', '')
    : spaced.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(compact)) return INVALID;
  const n = Number(compact);
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return INVALID;
  // Beyond 10^21 or under 10^-6 a number prints with an exponent, which this very check refuses:
  // the stored form must pass again.
  const stored = String(n);
  return !Number.isFinite(n) || stored.includes('e') ? INVALID : valid(stored);
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthNumber(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const i = MONTHS.findIndex((m) => m.startsWith(lower) && (lower.length === 3 || lower === m || lower === 'sept'));
  return i === -1 ? null : i + 1;
}

function isoDate(year: number, month: number, day: number): AnswerCheck {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return INVALID;
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 ? (leap ? 29 : 28) : days)) return INVALID;
  return valid(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

/**
 * Year first (`2026-03-31`, `2026/3/31`), month names (`31 March 2026`, `March 31, 2026`),
 * and day and month in numbers (`31/03/2026`) only when one of them is over 12 or both are
 * equal: `03/04/2026` is March in one country and April in another, so it is refused.
 */
function date(answer: string): AnswerCheck {
  const text = answer.replace(/\s+/g, ' ');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})(?:st|nd|rd|th)?\.? ([A-Za-z]+\.?),? (\d{4})$/.exec(text);
  if (m) {
    const month = monthNumber(m[2]);
    return month === null ? INVALID : isoDate(Number(m[3]), month, Number(m[1]));
  }
  m = /^([A-Za-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (m) {
    const month = monthNumber(m[1]);
    return month === null ? INVALID : isoDate(Number(m[3]), month, Number(m[2]));
  }
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) return isoDate(Number(m[3]), b, a);
    if (b > 12 && a <= 12) return isoDate(Number(m[3]), a, b);
    if (a === b) return isoDate(Number(m[3]), a, a);
  }
  return INVALID;
}

/** http and https only; a bare `example.com/page` is read as https. */
function url(answer: string): AnswerCheck {
  if (/\s/.test(answer)) return INVALID;
  const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(answer) ? answer : `https://${answer}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return INVALID;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return INVALID;
  if (!parsed.hostname.includes('.') && parsed.hostname !== 'localhost') return INVALID;
  return valid(parsed.href);
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Values first: an option whose label is another's value must not steal it. */
const findOption = (options: readonly ChoiceOption[], answer: string): ChoiceOption | undefined =>
  options.find((o) => same(o.value, answer)) ?? options.find((o) => same(o.label, answer));

function choice(options: readonly ChoiceOption[], answer: string): AnswerCheck {
  const option = findOption(options, answer);
  return option ? valid(option.value, option.next) : INVALID;
}

function choices(options: readonly ChoiceOption[], answer: string): AnswerCheck {
  const parts = answer
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const chosen = new Set<ChoiceOption>();
  for (const part of parts) {
    const option = findOption(options, part);
    if (!option) return INVALID;
    chosen.add(option);
  }
  if (chosen.size === 0) return INVALID;
  // In the options' order, so the same choice is stored the same way however it was typed.
  return valid(
    options
      .filter((o) => chosen.has(o))
      .map((o) => o.value)
      .join(', '),
  );
}

function rating(answer: string, max: 5 | 10): AnswerCheck {
  const stars = /^[★⭐]+$/u.test(answer) ? Array.from(answer).length : null;
  const m = /^(\d{1,2})(?:\s*\/\s*(\d{1,2}))?$/.exec(answer);
  if (m?.[2] !== undefined && Number(m[2]) !== max) return INVALID;
  const n = stars ?? (m ? Number(m[1]) : null);
  const lowest = max === 5 ? 1 : 0;
  if (n === null || n < lowest || n > max) return INVALID;
  return valid(String(n));
}

const YES = new Set(['yes', 'y', 'true']);
const NO = new Set(['no', 'n', 'false']);

function yesNo(answer: string): AnswerCheck {
  const lower = answer.toLowerCase();
  return YES.has(lower) ? valid('yes') : NO.has(lower) ? valid('no') : INVALID;
}

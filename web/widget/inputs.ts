/**
 * What a question accepts (the chat API's `input`) and how the widget offers it: buttons for
 * choices, yes/no and ratings, and a text field set up so a phone shows the right keyboard.
 * Pure: no DOM, so it is unit-tested on its own.
 */

export type InputType = 'text' | 'email' | 'phone' | 'number' | 'date' | 'url' | 'choice' | 'rating' | 'yesno';

export interface ChoiceOption {
  label: string;
  value: string;
}

/** A question's input as the chat API sends it, checked: it is untrusted data. */
export interface AnswerInput {
  type: InputType;
  options?: ChoiceOption[];
  multiple?: boolean;
  min?: number;
  max?: number;
}

const TYPES: InputType[] = ['text', 'email', 'phone', 'number', 'date', 'url', 'choice', 'rating', 'yesno'];
const MAX_OPTIONS = 20;

const finite = (n: unknown): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
const line = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

/** The input of a message, or undefined when it is missing or not one the widget can offer. */
export function inputOf(raw: unknown): AnswerInput | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const type = TYPES.filter((t) => t === r.type)[0];
  if (!type) return undefined;
  if (type === 'choice') {
    const options = (Array.isArray(r.options) ? r.options : [])
      .filter((o) => o && line(o.label) && line(o.value))
      .slice(0, MAX_OPTIONS)
      .map((o) => ({ label: String(o.label), value: String(o.value) }));
    // A choice without options is a plain text question to the visitor.
    return options.length ? { type, options, multiple: r.multiple === true } : { type: 'text' };
  }
  if (type === 'rating') return { type, max: r.max === 10 ? 10 : 5 };
  if (type === 'number') {
    const input: AnswerInput = { type };
    const min = finite(r.min);
    const max = finite(r.max);
    if (min !== undefined) input.min = min;
    if (max !== undefined) input.max = max;
    return input;
  }
  return { type };
}

/** How the text field is set up for a question: attributes, placeholder and a hint shown under it. */
export interface FieldSetup {
  type: string;
  inputMode: string;
  autocomplete: string;
  placeholder: string;
  hint: string;
}

const PLAIN: FieldSetup = {
  type: 'text',
  inputMode: 'text',
  autocomplete: 'off',
  placeholder: 'Type your message…',
  hint: '',
};

/** Spelled the way people write numbers: no trailing ".0", thousands unchanged. */
const num = (n: number) => String(n);

export function rangeHint(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `A number from ${num(min)} to ${num(max)}`;
  if (min !== undefined) return `A number of at least ${num(min)}`;
  if (max !== undefined) return `A number of at most ${num(max)}`;
  return '';
}

export function fieldFor(input?: AnswerInput): FieldSetup {
  switch (input && input.type) {
    case 'email':
      return { ...PLAIN, type: 'email', inputMode: 'email', autocomplete: 'email', placeholder: 'name@example.com' };
    case 'phone':
      return { ...PLAIN, type: 'tel', inputMode: 'tel', autocomplete: 'tel', placeholder: 'Your phone number' };
    case 'url':
      return { ...PLAIN, type: 'url', inputMode: 'url', autocomplete: 'url', placeholder: 'https://' };
    case 'date':
      // A text field, not type=date: the chat API reads "31 March 2026" as well as 2026-03-31,
      // and a native date picker would hide what the visitor may type.
      return { ...PLAIN, placeholder: 'YYYY-MM-DD', hint: 'A date such as 2026-03-31 or 31 March 2026' };
    case 'number': {
      const i = input as AnswerInput;
      // Phones' decimal keypads have no minus sign: offer it only when a negative answer cannot be right.
      const positive = i.min !== undefined && i.min >= 0;
      return {
        ...PLAIN,
        inputMode: positive ? 'decimal' : 'text',
        placeholder: 'Type a number…',
        hint: rangeHint(i.min, i.max),
      };
    }
    case 'choice':
    case 'yesno':
    case 'rating':
      return { ...PLAIN, placeholder: 'Or type your answer…' };
    default:
      return PLAIN;
  }
}

/** The lowest and highest rating: 1 to 5 stars, or a 0 to 10 scale. */
export const ratingRange = (input: AnswerInput): [number, number] => (input.max === 10 ? [0, 10] : [1, 5]);

/** What a rating button says to a screen reader. */
export const ratingName = (n: number, max: number): string =>
  max === 5 ? `${n} of 5 star${n === 1 ? '' : 's'}` : `${n} of ${max}`;

/**
 * The message a picked rating sends: "4/5" reads well in the transcript and the chat API
 * accepts it for the scale it names.
 */
export const ratingAnswer = (n: number, max: number): string => `${n}/${max}`;

/**
 * The message several picked options send: their labels, comma-separated, in the options'
 * order (a multiple choice's labels never contain a comma).
 */
export function choicesAnswer(options: ChoiceOption[], picked: string[]): string {
  return options
    .filter((o) => picked.indexOf(o.value) >= 0)
    .map((o) => o.label)
    .join(', ');
}

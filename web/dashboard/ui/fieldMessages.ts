/**
 * The server's validation messages in the words of the form. The API names fields by their
 * JSON names and speaks in schema terms ("primaryColor must be a color as #RRGGBB", "slideDuration
 * must be >= 3"); the server's wording stays as it is (SDKs and scripts read it), and the
 * dashboard translates it here: the field's name becomes its label, and the schema phrases
 * become sentences. A message it has no phrase for keeps its own words after the label.
 */

type Phrase = [RegExp, string | ((...groups: string[]) => string)];

const WEB_ADDRESS = 'must be a full web address, such as https://example.com';

/** Rewrites of what follows the field's name, first match wins. */
const PHRASES: Phrase[] = [
  [
    /^must be an https URL or (?:the address of )?an (?:uploaded )?image\b.*$/,
    'must be an https:// address or an image uploaded to this workspace',
  ],
  [/^must be a URL of at most (\d+) characters$/, (n) => `can be at most ${n} characters long`],
  [/^must be (?:a valid |an? )?(?:absolute )?(?:http or https )?URL\b.*$/, WEB_ADDRESS],
  [/^must match format "uri"$/, WEB_ADDRESS],
  [/^must use https$/, 'must start with https://'],
  [/^host must be a fully qualified domain name$/, 'must name a public host, such as hooks.example.com'],
  [/^must be a color as #RRGGBB$/, 'must be a hex color such as #4F46E5'],
  [/^must be >= (\S+)$/, (n) => `must be at least ${n}`],
  [/^must be <= (\S+)$/, (n) => `must be at most ${n}`],
  [/^must be > (\S+)$/, (n) => `must be more than ${n}`],
  [/^must be < (\S+)$/, (n) => `must be less than ${n}`],
  [/^must be integer$/, 'must be a whole number'],
  [/^must be number$/, 'must be a number'],
  [/^must NOT have more than (\d+) characters$/, (n) => `can be at most ${n} characters long`],
  [/^must NOT have fewer than (\d+) characters$/, (n) => `must be at least ${n} characters long`],
  [/^must match format "email"$/, 'must be a valid email address'],
  [/^must not be empty$/, 'cannot be empty'],
];

function rephrase(rest: string): string {
  for (const [pattern, replacement] of PHRASES) {
    const m = pattern.exec(rest);
    if (m) return typeof replacement === 'string' ? replacement : replacement(...m.slice(1));
  }
  return rest;
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * `message` about `field` (its JSON name, e.g. `display.cardPosition`), said with `label`:
 * "website must be an http or https URL" → "Website must be a full web address, such as …".
 * A message that does not start with the field's name is a sentence of its own and stays.
 */
export function humanizeFieldMessage(message: string, field: string, label: string): string {
  if (!message.startsWith(`${field} `)) return sentence(message);
  return sentence(`${label} ${rephrase(message.slice(field.length + 1))}`);
}

/**
 * Validation of the account profile PATCH body and of email addresses.
 * Everything here is a pure function of its input (and `now`, passed in) so the
 * command layer can reject a bad body before touching the event store.
 */
import sanitizeHtml from 'sanitize-html';
import { ValidationError } from '../errors.js';
import { charLength } from '../charLength.js';

export interface ProfilePatch {
  name?: string;
  phone?: string | null;
  dateOfBirth?: string | null;
  address?: string | null;
  timezone?: string;
}

export const PROFILE_NAME_MAX = 200;
export const PROFILE_ADDRESS_MAX = 500;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 20;
export const PHONE_MAX_LENGTH = 40;
export const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;
const EARLIEST_BIRTH_DATE = '1900-01-01';

// Sanitizing is superlinear-ish on pathological markup; a body this long can never
// strip down to a valid value of any legitimate field, so refuse it before parsing.
const RAW_TEXT_HARD_LIMIT = 10_000;

const PATCHABLE = ['name', 'phone', 'dateOfBirth', 'address', 'timezone'] as const;
type PatchableKey = (typeof PATCHABLE)[number];

export function validateProfilePatch(body: unknown, now: Date): ProfilePatch {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError('Request body must be a JSON object');
  }
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (key === 'email') {
      throw new ValidationError(
        'email cannot be changed here; it changes only through the email-change flow (request-change, verify-identity, confirm-change)',
        'email',
      );
    }
    if (!(PATCHABLE as readonly string[]).includes(key)) {
      throw new ValidationError(`Unknown field '${key}'; allowed fields are ${PATCHABLE.join(', ')}`, key);
    }
  }

  const patch: ProfilePatch = {};
  const has = (key: PatchableKey) => Object.hasOwn(input, key) && input[key] !== undefined;
  if (has('name')) patch.name = validateAccountName(input.name);
  if (has('phone')) patch.phone = validatePhone(input.phone);
  if (has('dateOfBirth')) patch.dateOfBirth = validateDateOfBirth(input.dateOfBirth, now);
  if (has('address')) patch.address = validateAddress(input.address);
  if (has('timezone')) patch.timezone = validateTimezone(input.timezone);
  return patch;
}

/**
 * An account name (at most 200 characters, HTML tags stripped; docs/external-api.md), also applied to the names a
 * workspace and its owner get when created (`confab workspace create`, sign-up): `field` is what
 * the caller calls it.
 */
export function validateAccountName(raw: unknown, field = 'name'): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  // A name is a single line: embedded newlines would leak into mail headers and UIs.
  const name = stripTags(raw, field, PROFILE_NAME_MAX).replace(/\s+/g, ' ').trim();
  if (name.length === 0) throw new ValidationError(`${field} must not be empty`, field);
  if (charLength(name) > PROFILE_NAME_MAX) {
    throw new ValidationError(`${field} must be at most ${PROFILE_NAME_MAX} characters`, field);
  }
  return name;
}

function validateAddress(raw: unknown): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string') throw new ValidationError('address must be a string or null', 'address');
  // Postal addresses are legitimately multi-line, so only runs of blanks collapse.
  const address = stripTags(raw, 'address', PROFILE_ADDRESS_MAX)
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (charLength(address) > PROFILE_ADDRESS_MAX) {
    throw new ValidationError(`address must be at most ${PROFILE_ADDRESS_MAX} characters`, 'address');
  }
  // An address that was only markup or blanks carries no information; store it as cleared.
  return address.length === 0 ? null : address;
}

function validatePhone(raw: unknown): string | null {
  if (raw === null) return null;
  const message = `phone must contain ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits and only digits, +, spaces, dashes and parentheses`;
  if (typeof raw !== 'string') throw new ValidationError('phone must be a string or null', 'phone');
  const phone = raw.trim();
  // 20 digits leave room for a few separators each; anything longer is not a phone number.
  if (phone.length > PHONE_MAX_LENGTH)
    throw new ValidationError(`phone must be at most ${PHONE_MAX_LENGTH} characters`, 'phone');
  if (!/^[0-9+\-() ]+$/.test(phone)) throw new ValidationError(message, 'phone');
  const digits = phone.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) throw new ValidationError(message, 'phone');
  return phone;
}

function validateDateOfBirth(raw: unknown, now: Date): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string')
    throw new ValidationError('dateOfBirth must be a string (YYYY-MM-DD) or null', 'dateOfBirth');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) throw new ValidationError('dateOfBirth must be a date in the form YYYY-MM-DD', 'dateOfBirth');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC silently rolls 2023-02-30 over to March; a round trip exposes that.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new ValidationError(`dateOfBirth ${raw} is not a real calendar date`, 'dateOfBirth');
  }
  // Zero-padded ISO dates compare correctly as strings. "Today" is taken in UTC:
  // the server has no better idea of the owner's calendar day.
  if (raw > now.toISOString().slice(0, 10)) {
    throw new ValidationError('dateOfBirth must not be in the future', 'dateOfBirth');
  }
  if (raw < EARLIEST_BIRTH_DATE) {
    throw new ValidationError(`dateOfBirth must not be before ${EARLIEST_BIRTH_DATE}`, 'dateOfBirth');
  }
  return raw;
}

export function validateTimezone(raw: unknown): string {
  const message = 'timezone must be a real IANA time zone name, for example Europe/Berlin or UTC';
  if (typeof raw !== 'string') throw new ValidationError('timezone must be a string', 'timezone');
  const name = raw.trim();
  // Newer ICU builds accept bare offsets such as "+01:00"; those are not zone names
  // and would lose daylight-saving rules, so they are refused explicitly.
  if (name === '' || /^[+\-\u2212\d]/.test(name)) throw new ValidationError(message, 'timezone');
  let resolved: string;
  // Intl is the runtime's own IANA database, so "real" means "this runtime can use it".
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new ValidationError(message, 'timezone');
  }
  if (/^[+\-\u2212\d]/.test(resolved)) throw new ValidationError(message, 'timezone');
  // Not the resolved name: ICU reports legacy spellings (Asia/Kolkata -> Asia/Calcutta),
  // which would surprise the owner. Keep what was sent, only fixing its case when
  // the runtime's zone list knows the name.
  return canonicalZoneCase().get(name.toLowerCase()) ?? name;
}

let zoneCase: Map<string, string> | undefined;
function canonicalZoneCase(): Map<string, string> {
  zoneCase ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC'].map((z) => [z.toLowerCase(), z]));
  return zoneCase;
}

/**
 * Lowercases the whole address: the local part is case-sensitive in theory, but no
 * mainstream provider treats it so, and one spelling per inbox keeps the
 * "must differ from the current address" check honest.
 */
export function validateEmailAddress(raw: unknown, field = 'newEmail'): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  const email = raw.trim().toLowerCase();
  const invalid = () => new ValidationError(`${field} must be a valid email address`, field);
  if (email.length === 0) throw new ValidationError(`${field} is required`, field);
  if (email.length > EMAIL_MAX) {
    throw new ValidationError(`${field} must be at most ${EMAIL_MAX} characters`, field);
  }
  const parts = email.split('@');
  if (parts.length !== 2) throw invalid();
  const [local, domain] = parts as [string, string];
  // Dot-atom only: quoted local parts are legal but practically never deliverable.
  if (local.length === 0 || local.length > EMAIL_LOCAL_MAX) throw invalid();
  if (!/^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(local)) throw invalid();
  const labels = domain.split('.');
  if (labels.length < 2) throw invalid();
  for (const label of labels) {
    if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) throw invalid();
  }
  const tld = labels[labels.length - 1]!;
  // A numeric TLD means an IP literal without brackets, never a mailbox domain.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) throw invalid();
  return email;
}

function stripTags(raw: string, field: string, max: number): string {
  if (raw.length > RAW_TEXT_HARD_LIMIT) {
    throw new ValidationError(`${field} must be at most ${max} characters`, field);
  }
  // sanitize-html re-escapes text ("&" -> "&amp;"); the stored value is plain text,
  // so decode. Decoding can surface markup that was entity-encoded or split across
  // tags ("<<b>script>"), hence repeat until the text stops changing.
  let text = raw;
  for (let pass = 0; ; pass++) {
    const next = decodeBasicEntities(
      sanitizeHtml(escapeLoneBrackets(text), { allowedTags: [], allowedAttributes: {} }),
    );
    if (next === text) break;
    if (pass === 5) throw new ValidationError(`${field} contains markup that cannot be stripped`, field);
    text = next;
  }
  // Control characters have no place in profile text and can corrupt logs and mail headers.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/**
 * A `<` that starts no tag ("x<y", "Unit 5<Building B") is text: the HTML parser would read it
 * as the start of a tag and drop everything after it, so it goes in escaped.
 */
function escapeLoneBrackets(text: string): string {
  return text.replace(/<(?![a-zA-Z/!?][^<>]*>)/g, '&lt;');
}

// Only the entities sanitize-html itself emits; it has already decoded everything else.
function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Rules for a login media item's own fields (docs/branding.md):
 * an optional http(s) ad link with a label of at most 60 characters, and a slide duration of
 * 3 to 30 whole seconds (default 6). Each check names the field it refuses.
 */
import { ValidationError } from '../errors.js';
import { charLength } from '../charLength.js';
import { refuseControlCharacters } from '../controlCharacters.js';

export const MAX_AD_URL = 2048;
export const MAX_AD_LABEL = 60;
export const MIN_SLIDE_SECONDS = 3;
export const MAX_SLIDE_SECONDS = 30;
export const DEFAULT_SLIDE_SECONDS = 6;
/** At most this many items per workspace (docs/branding.md). */
export const MAX_GALLERY_ITEMS = 10;

export type LoginMediaFields = {
  adUrl: string | null;
  adLabel: string | null;
  slideDuration: number;
};

export const ITEM_FIELDS = ['adUrl', 'adLabel', 'slideDuration'] as const;

/** null or "" clears the link. Only http and https: the login page sends visitors there. */
export function validateAdUrl(raw: unknown): string | null {
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > MAX_AD_URL)
    throw new ValidationError(`adUrl must be a URL of at most ${MAX_AD_URL} characters`, 'adUrl');
  let url: URL | null = null;
  try {
    url = new URL(raw.trim());
  } catch {
    /* reported below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new ValidationError('adUrl must be an absolute http or https URL such as https://example.com/offer', 'adUrl');
  }
  return url.toString();
}

/** null or "" (after trimming) clears the label. */
export function validateAdLabel(raw: unknown): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string') throw new ValidationError('adLabel must be a string', 'adLabel');
  // One line of link text on the login page: no control characters or line breaks.
  const label = refuseControlCharacters(raw.trim(), 'adLabel');
  if (charLength(label) > MAX_AD_LABEL)
    throw new ValidationError(`adLabel must be at most ${MAX_AD_LABEL} characters`, 'adLabel');
  return label || null;
}

export function validateSlideDuration(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < MIN_SLIDE_SECONDS || raw > MAX_SLIDE_SECONDS) {
    throw new ValidationError(
      `slideDuration must be a whole number of seconds from ${MIN_SLIDE_SECONDS} to ${MAX_SLIDE_SECONDS}`,
      'slideDuration',
    );
  }
  return raw;
}

/** A PATCH of an item's fields: every given field checked; the result holds only the given ones. */
export function validateItemChanges(body: Record<string, unknown>): Partial<LoginMediaFields> {
  const out: Partial<LoginMediaFields> = {};
  if (body.adUrl !== undefined) out.adUrl = validateAdUrl(body.adUrl);
  if (body.adLabel !== undefined) out.adLabel = validateAdLabel(body.adLabel);
  if (body.slideDuration !== undefined) out.slideDuration = validateSlideDuration(body.slideDuration);
  return out;
}

/**
 * The text fields of a multipart upload. Form fields are strings, so slideDuration is read as
 * digits; a field this endpoint does not know is refused rather than silently dropped.
 */
export function parseUploadFields(fields: Record<string, string>): Partial<LoginMediaFields> {
  const unknown = Object.keys(fields).filter((k) => !(ITEM_FIELDS as readonly string[]).includes(k));
  if (unknown.length)
    throw new ValidationError(
      `${unknown[0]} is not a known field; allowed: file, ${ITEM_FIELDS.join(', ')}`,
      unknown[0],
    );
  const raw: Record<string, unknown> = { ...fields };
  if (fields.slideDuration !== undefined) {
    const text = fields.slideDuration.trim();
    // A form's empty input means "not given" (the default), not a bad number.
    if (text === '') delete raw.slideDuration;
    else raw.slideDuration = /^\d{1,3}$/.test(text) ? Number(text) : text;
  }
  return validateItemChanges(raw);
}

/** A new item's fields: what the upload gave, defaults for the rest. */
export function newItemFields(given: Partial<LoginMediaFields>): LoginMediaFields {
  return { adUrl: null, adLabel: null, slideDuration: DEFAULT_SLIDE_SECONDS, ...given };
}

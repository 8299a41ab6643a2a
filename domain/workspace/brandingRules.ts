/**
 * Rules for the branding and organization fields (docs/branding.md). Each check names the field it refuses.
 */
import countries from 'i18n-iso-countries';
import { ValidationError } from '../errors.js';
import { validateTimezone } from '../account/profileRules.js';
import { refuseControlCharacters, refuseControlCharactersInParagraphs } from '../controlCharacters.js';
import {
  BACKGROUND_FITS,
  BACKGROUND_POSITIONS,
  COMPANY_SIZES,
  INDUSTRIES,
  MAX_DISPLAY_NAME,
  MAX_ORGANIZATION_DESCRIPTION,
  MAX_TAGLINE,
} from './brandingOptions.js';
import { charLength } from '../charLength.js';

export {
  BACKGROUND_FITS,
  BACKGROUND_POSITIONS,
  INDUSTRIES,
  COMPANY_SIZES,
  MAX_TAGLINE,
  MAX_DISPLAY_NAME,
  MAX_ORGANIZATION_DESCRIPTION,
} from './brandingOptions.js';

export interface DisplaySettings {
  fit: (typeof BACKGROUND_FITS)[number];
  position: (typeof BACKGROUND_POSITIONS)[number];
  /** "<x>,<y>", each a percentage 0–100. */
  cardPosition: string;
}

export type BrandingFields = {
  displayName: string;
  loginLogo: string | null;
  companyLogo: string | null;
  primaryColor: string;
  secondaryColor: string;
  tagline: string;
  display: DisplaySettings;
};

export type OrganizationFields = {
  description: string;
  website: string | null;
  industry: (typeof INDUSTRIES)[number] | null;
  companySize: (typeof COMPANY_SIZES)[number] | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  timezone: string | null;
};

export const DEFAULT_DISPLAY: DisplaySettings = { fit: 'cover', position: 'center', cardPosition: '50,50' };

/**
 * A text field. `singleLine` (the name and tagline a login page shows in one line) also refuses
 * control characters and line breaks, as the operator's CLI does for names: an escape sequence
 * or a stray newline is a mistake to point at, not something to show visitors.
 */
function text(raw: unknown, field: string, max: number, { singleLine = false } = {}): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  const value = raw.trim();
  if (singleLine) refuseControlCharacters(value, field);
  else refuseControlCharactersInParagraphs(value, field);
  if (charLength(value) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return value;
}

function oneOf<T extends string>(raw: unknown, field: string, allowed: readonly T[]): T {
  if (!allowed.includes(raw as T)) throw new ValidationError(`${field} must be one of: ${allowed.join(', ')}`, field);
  return raw as T;
}

export function validateColor(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(raw))
    throw new ValidationError(`${field} must be a color as #RRGGBB`, field);
  return raw.toUpperCase();
}

/** Where logos may come from: any https address, or an image this workspace uploaded to the service. */
export interface LogoSources {
  /** The service's own origin, which may be plain http on a local install. */
  ownOrigin: string;
  /** Whether a path on `ownOrigin` is an uploaded image of this workspace. */
  isOwnImage: (path: string) => boolean;
}

/**
 * A logo is an https URL, or the address of an image of this workspace's gallery served by this
 * service. Another path of the service (another workspace's upload, a page) is not. null clears it.
 */
export function validateLogoUrl(raw: unknown, field: string, sources: LogoSources): string | null {
  if (raw === null || raw === '') return null;
  const url = parseUrl(raw, field, 2048);
  const ownUpload = url.origin === sources.ownOrigin && !url.search && !url.hash && sources.isOwnImage(url.pathname);
  if (url.origin === sources.ownOrigin ? !ownUpload : url.protocol !== 'https:') {
    throw new ValidationError(
      `${field} must be an https URL or the address of an image uploaded to this workspace's gallery`,
      field,
    );
  }
  return url.toString();
}

export function validateWebsite(raw: unknown): string | null {
  if (raw === null || raw === '') return null;
  const url = parseUrl(raw, 'website', 2048);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ValidationError('website must be an http or https URL', 'website');
  return url.toString();
}

function parseUrl(raw: unknown, field: string, max: number): URL {
  if (typeof raw !== 'string' || raw.length > max)
    throw new ValidationError(`${field} must be a URL of at most ${max} characters`, field);
  try {
    const url = new URL(raw.trim());
    if (!url.hostname) throw new Error('no host');
    return url;
  } catch {
    throw new ValidationError(
      `${field} must be an absolute URL such as https://example.com${field === 'website' ? '' : '/logo.png'}`,
      field,
    );
  }
}

export function validateCardPosition(raw: unknown): string {
  const m = typeof raw === 'string' ? /^\s*(\d{1,3}(?:\.\d+)?)\s*,\s*(\d{1,3}(?:\.\d+)?)\s*$/.exec(raw) : null;
  const [x, y] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(x >= 0 && x <= 100 && y >= 0 && y <= 100))
    throw new ValidationError(
      'display.cardPosition must be "<x>,<y>" with each a percentage from 0 to 100',
      'display.cardPosition',
    );
  return `${x},${y}`;
}

function validateDisplay(raw: unknown, current: DisplaySettings): DisplaySettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ValidationError('display must be an object with fit, position and cardPosition', 'display');
  const d = raw as Record<string, unknown>;
  const unknown = Object.keys(d).filter((k) => !['fit', 'position', 'cardPosition'].includes(k));
  if (unknown.length) throw new ValidationError(`display has unknown fields: ${unknown.join(', ')}`, 'display');
  return {
    fit: d.fit === undefined ? current.fit : oneOf(d.fit, 'display.fit', BACKGROUND_FITS),
    position: d.position === undefined ? current.position : oneOf(d.position, 'display.position', BACKGROUND_POSITIONS),
    cardPosition: d.cardPosition === undefined ? current.cardPosition : validateCardPosition(d.cardPosition),
  };
}

function onlyKnown(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !known.includes(k));
  if (unknown.length)
    throw new ValidationError(`unknown fields: ${unknown.join(', ')}; allowed: ${known.join(', ')}`, unknown[0]);
}

/** A PATCH of branding: every given field checked; the result holds only the given ones. */
export function validateBrandingPatch(
  body: Record<string, unknown>,
  current: BrandingFields,
  logoSources: LogoSources,
): Partial<BrandingFields> {
  onlyKnown(body, ['displayName', 'loginLogo', 'companyLogo', 'primaryColor', 'secondaryColor', 'tagline', 'display']);
  const out: Partial<BrandingFields> = {};
  if (body.displayName !== undefined) {
    out.displayName = text(body.displayName, 'displayName', MAX_DISPLAY_NAME, { singleLine: true });
    if (!out.displayName) throw new ValidationError('displayName must not be empty', 'displayName');
  }
  if (body.loginLogo !== undefined) out.loginLogo = validateLogoUrl(body.loginLogo, 'loginLogo', logoSources);
  if (body.companyLogo !== undefined) out.companyLogo = validateLogoUrl(body.companyLogo, 'companyLogo', logoSources);
  if (body.primaryColor !== undefined) out.primaryColor = validateColor(body.primaryColor, 'primaryColor');
  if (body.secondaryColor !== undefined) out.secondaryColor = validateColor(body.secondaryColor, 'secondaryColor');
  if (body.tagline !== undefined) out.tagline = text(body.tagline, 'tagline', MAX_TAGLINE, { singleLine: true });
  if (body.display !== undefined) out.display = validateDisplay(body.display, current.display);
  return out;
}

/** A PATCH of the organization details. */
export function validateOrganizationPatch(body: Record<string, unknown>): Partial<OrganizationFields> {
  onlyKnown(body, ['description', 'website', 'industry', 'companySize', 'country', 'timezone']);
  const out: Partial<OrganizationFields> = {};
  if (body.description !== undefined)
    out.description = text(body.description, 'description', MAX_ORGANIZATION_DESCRIPTION);
  if (body.website !== undefined) out.website = validateWebsite(body.website);
  if (body.industry !== undefined)
    out.industry = body.industry === null ? null : oneOf(body.industry, 'industry', INDUSTRIES);
  if (body.companySize !== undefined)
    out.companySize = body.companySize === null ? null : oneOf(body.companySize, 'companySize', COMPANY_SIZES);
  if (body.country !== undefined) out.country = body.country === null ? null : validateCountry(body.country);
  if (body.timezone !== undefined) out.timezone = body.timezone === null ? null : validateTimezone(body.timezone);
  return out;
}

/** ISO 3166-1 alpha-2 from the i18n-iso-countries list (every country, with names). */
export function validateCountry(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(code) || !countries.isValid(code))
    throw new ValidationError('country must be an ISO 3166-1 alpha-2 code such as DE or US', 'country');
  return code;
}

/** Every country with its English name, for pickers. */
export function countryList(): Array<{ code: string; name: string }> {
  return Object.keys(countries.getAlpha2Codes())
    .map((code) => ({ code, name: countries.getName(code, 'en') ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The rules of a knowledge source's input (docs/knowledge.md): each bad field is a
 * ValidationError naming it, and the caps every source is held to whatever the plan.
 */
import { charLength } from '../charLength.js';
import { refuseControlCharacters, refuseControlCharactersInParagraphs } from '../controlCharacters.js';
import { ValidationError } from '../errors.js';
import { validateWebhookUrl } from '../webhooks/webhookUrl.js';

export const MAX_SOURCE_TITLE = 200;
/** Pasted text: about 250,000 tokens, far more than any page of a help centre. */
export const MAX_SOURCE_TEXT = 1_000_000;
/** An uploaded file (Markdown, text, HTML, PDF, DOCX). */
export const MAX_SOURCE_FILE_BYTES = 20 * 1024 * 1024;
/** One fetched web page (a sitemap too): larger is refused while it downloads. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** How long one page may take to arrive, whole. */
export const PAGE_TIMEOUT_MS = 15_000;
/** Pages one sitemap source may take. */
export const MAX_SITEMAP_PAGES = 200;
/** Text one source may hold once extracted: what a 20 MB document could reasonably say. */
export const MAX_SOURCE_CHARACTERS = 10_000_000;

export function validateSourceTitle(raw: unknown): string {
  if (typeof raw !== 'string') throw new ValidationError('title must be a string', 'title');
  const title = raw.trim().replace(/\s+/g, ' ');
  if (title === '') throw new ValidationError('title is required', 'title');
  if (charLength(title) > MAX_SOURCE_TITLE)
    throw new ValidationError(`title must be at most ${MAX_SOURCE_TITLE} characters`, 'title');
  return refuseControlCharacters(title, 'title');
}

export const optionalSourceTitle = (raw: unknown): string | null =>
  raw === undefined || raw === null || raw === '' ? null : validateSourceTitle(raw);

export function validateSourceText(raw: unknown): string {
  if (typeof raw !== 'string') throw new ValidationError('text must be a string', 'text');
  if (raw.trim() === '') throw new ValidationError('text is required', 'text');
  if (charLength(raw) > MAX_SOURCE_TEXT)
    throw new ValidationError(`text must be at most ${MAX_SOURCE_TEXT} characters; upload a file instead`, 'text');
  return refuseControlCharactersInParagraphs(raw, 'text');
}

/** A page to fetch: https only, and no private address, exactly as a webhook's target. */
export const validateSourceUrl = (raw: unknown, allowHosts: readonly string[]): string =>
  validateWebhookUrl(raw, allowHosts, { field: 'url' });

export function validateSitemapFlag(raw: unknown): boolean {
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'boolean') throw new ValidationError('sitemap must be true or false', 'sitemap');
  return raw;
}

/** The title a URL source shows until its page names itself: host and path. */
export function titleOfUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname === '/' ? '' : u.pathname;
  return `${u.host}${path}`.slice(0, MAX_SOURCE_TITLE);
}

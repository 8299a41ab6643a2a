import { ValidationError } from '../errors.js';
import { isForbiddenAddress, isIpLiteral } from './ipAddress.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

const FIELD = 'url';

/** How a caller other than webhooks applies the same rules (model connections' base URLs). */
export interface OutboundUrlRules {
  /** The field named in every error (default 'url'). */
  field?: string;
  /** Hosts in allowHosts may also use plain http (a self-hosted model server on the local network). */
  httpForAllowedHosts?: boolean;
}

/**
 * Validates a webhook target and returns it in WHATWG-normalized form (so "https://0x7f.1/"
 * is stored as the "https://127.0.0.1/" it really means). Throws ValidationError on field 'url'.
 *
 * Only syntax is judged here: a public-looking name that resolves to a private address is
 * caught by the infrastructure address guard at validation and again at connect time.
 * Hosts in `allowHosts` (WEBHOOK_ALLOW_HOSTS) skip the address rules but must still use https.
 */
export function validateWebhookUrl(raw: unknown, allowHosts: readonly string[], rules: OutboundUrlRules = {}): string {
  const field = rules.field ?? 'url';
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  if (raw.trim() === '') throw new ValidationError(`${field} is required`, field);
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    throw new ValidationError(`${field} must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`, field);
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(`${field} must be a valid absolute URL`, field);
  }

  const host = normalizeHost(url.hostname);
  const allowed = host !== '' && isAllowedHost(host, allowHosts);
  const plainHttpAllowed = allowed && rules.httpForAllowedHosts === true && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainHttpAllowed)
    throw new ValidationError(
      rules.httpForAllowedHosts
        ? `${field} must use https (http only for hosts the operator lists in LLM_ALLOW_HOSTS)`
        : `${field} must use https`,
      field,
    );
  // Credentials would be sent to the receiver on every delivery and leak into logs.
  if (url.username !== '' || url.password !== '') {
    throw new ValidationError(`${field} must not contain a username or password`, field);
  }

  if (host === '') throw new ValidationError(`${field} must have a host`, field);
  if (allowed) return url.href;

  if (isIpLiteral(host)) {
    if (isForbiddenAddress(host)) {
      throw new ValidationError(`${field} must not point to a private, loopback or link-local address`, field);
    }
    return url.href;
  }

  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new ValidationError(`${field} must not point to localhost`, field);
  }
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix.slice(1) || host.endsWith(suffix))) {
    throw new ValidationError(`${field} must not point to a local or internal host name`, field);
  }
  // A single label ("metadata", "intranet") is completed by the resolver's search domains,
  // which is exactly how internal-only names are reached.
  if (!host.includes('.')) {
    throw new ValidationError(`${field} host must be a fully qualified domain name`, field);
  }
  return url.href;
}

// Names that by convention only resolve inside a private network (mDNS, cloud metadata,
// home routers).
const LOCAL_SUFFIXES = ['.local', '.internal', '.localdomain', '.home.arpa'];

/**
 * Canonical spelling of a host for comparisons: lower case, no IPv6 brackets, no trailing
 * dots, IP literals in the form the WHATWG URL parser produces (so "0x7f.1", "127.1" and
 * "127.0.0.1" compare equal, as do "0:0:0:0:0:0:0:1" and "::1").
 */
export function normalizeHost(host: string): string {
  let text = host.trim().toLowerCase();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  text = text.replace(/\.+$/, '');
  if (text === '') return '';
  try {
    const parsed = new URL(`https://${text.includes(':') ? `[${text}]` : text}/`).hostname;
    text = parsed.startsWith('[') ? parsed.slice(1, -1) : parsed;
  } catch {
    // Not something a URL can carry; compare it as typed.
  }
  return text.replace(/\.+$/, '');
}

/** Exact, case-insensitive match against WEBHOOK_ALLOW_HOSTS; no wildcards by design. */
export function isAllowedHost(host: string, allowHosts: readonly string[]): boolean {
  const wanted = normalizeHost(host);
  if (wanted === '') return false;
  return allowHosts.some((entry) => normalizeHost(entry) === wanted);
}

/**
 * The spelling-independent form of a webhook URL, for the "one subscription per chatbot and
 * endpoint" rule: "…/hook", "…/hook?", "…/hook#x", "HTTPS://Example.COM.:443/hook" all reach the
 * same receiver (the fragment is never sent, an empty query is no query, 443/80 are the
 * defaults, DNS names are case-insensitive and the trailing dot only marks them absolute).
 * Path and a non-empty query are kept as written: receivers may route on either.
 * Not for storage or delivery: the URL the subscriber gave is the one used.
 */
export function webhookUrlKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('url must be a valid absolute URL', FIELD);
  }
  // The parser already lowercases scheme and host and drops the scheme's default port; the
  // setters given '' remove the "#" and "?" themselves, not just what follows them.
  parsed.hash = '';
  if (parsed.search === '') parsed.search = '';
  const host = parsed.hostname.replace(/\.+$/, '');
  if (host !== '' && host !== parsed.hostname) parsed.hostname = host;
  return parsed.href;
}

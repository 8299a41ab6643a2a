/**
 * Fetches the web pages of URL sources the way webhooks are sent: https only, every DNS answer
 * checked at connect time (no private, loopback or link-local address unless the operator lists
 * the host in WEBHOOK_ALLOW_HOSTS), redirects followed only to URLs that pass the same rules.
 * Each page has a size cap, enforced while it downloads, and a time cap on the whole answer, so
 * a page that never ends costs at most PAGE_TIMEOUT_MS and MAX_PAGE_BYTES. robots.txt is read
 * once per site and job, and honoured for our product token or `*`.
 */
import { ValidationError } from '../../domain/errors.js';
import { MAX_PAGE_BYTES, PAGE_TIMEOUT_MS, validateSourceUrl } from '../../domain/knowledge/knowledgeSourceFields.js';
import { allowEverything, parseRobotsTxt, type RobotsRules } from '../../domain/knowledge/robotsTxt.js';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import { createGuardedFetch } from '../ai/guardedFetch.js';
import { FORBIDDEN_ADDRESS_CODE, type Resolver } from '../webhooks/addressGuard.js';

export const USER_AGENT = 'ConfabBot/1.0 (+knowledge sources; honours robots.txt)';
const MAX_REDIRECTS = 5;

export interface WebPage {
  /** Where the page was found, after redirects. */
  url: string;
  contentType: string | null;
  bytes: Uint8Array;
}

export interface WebPagesOptions {
  allowHosts: readonly string[];
  resolver?: Resolver;
  certificateAuthority?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface WebPages {
  /** A page's bytes; a SourceProblem for answers retrying will not change (4xx, too large, too slow). */
  get(url: string): Promise<WebPage>;
  /** A fresh robots.txt reader for one job (it caches each site's rules for the job's length). */
  robots(): (url: string) => Promise<RobotsRules>;
}

/** Whether an error is a refusal of the target's address (a private one), which no retry changes. */
function forbiddenAddress(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === FORBIDDEN_ADDRESS_CODE) return true;
  return false;
}

async function readCapped(res: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new SourceProblem(`${url} is larger than ${maxBytes / 1024 / 1024} MB`);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new SourceProblem(`${url} is larger than ${maxBytes / 1024 / 1024} MB`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

export function createWebPages(options: WebPagesOptions): WebPages {
  const guarded = createGuardedFetch(options);
  const timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;

  /** The answer to `url` after redirects, its body read whole under the caps; any status. */
  async function fetchWhole(start: string): Promise<{ url: string; status: number; page: WebPage }> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      let url = start;
      for (let hop = 0; ; hop++) {
        let res: Response;
        try {
          res = await guarded(url, {
            headers: {
              'user-agent': USER_AGENT,
              accept: 'text/html, text/plain, text/markdown, application/pdf, application/xml;q=0.9, */*;q=0.5',
            },
            signal: abort.signal,
          });
        } catch (err) {
          if (forbiddenAddress(err))
            throw new SourceProblem(`${url} points to a private address, which is not fetched`);
          throw err;
        }
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel().catch(() => undefined);
          if (hop >= MAX_REDIRECTS) throw new SourceProblem(`${start} redirects more than ${MAX_REDIRECTS} times`);
          try {
            url = validateSourceUrl(new URL(location, url).href, options.allowHosts);
          } catch (err) {
            if (err instanceof ValidationError)
              throw new SourceProblem(`${url} redirects to a URL that is not fetched: ${err.message}`);
            throw err;
          }
          continue;
        }
        const bytes = await readCapped(res, maxBytes, url);
        return { url, status: res.status, page: { url, contentType: res.headers.get('content-type'), bytes } };
      }
    } catch (err) {
      if (abort.signal.aborted)
        throw new SourceProblem(`${start} did not answer in full within ${timeoutMs / 1000} seconds`);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async get(url) {
      const { status, page } = await fetchWhole(url);
      if (status >= 200 && status < 300) return page;
      if (status === 429 || status >= 500) throw new Error(`${url} answered ${status}`);
      throw new SourceProblem(`${url} answered ${status}${status === 404 ? ' (not found)' : ''}; check the address`);
    },
    robots() {
      const bySite = new Map<string, Promise<RobotsRules>>();
      return (url) => {
        const origin = new URL(url).origin;
        let rules = bySite.get(origin);
        if (!rules) {
          rules = fetchWhole(`${origin}/robots.txt`).then(({ status, page }) => {
            // RFC 9309: an unavailable robots.txt (4xx) allows everything; an unreachable one (5xx) nothing, for now.
            if (status >= 400 && status < 500) return allowEverything;
            if (status >= 500) throw new Error(`${origin}/robots.txt answered ${status}`);
            return parseRobotsTxt(new TextDecoder().decode(page.bytes));
          });
          bySite.set(origin, rules);
        }
        return rules;
      };
    },
  };
}

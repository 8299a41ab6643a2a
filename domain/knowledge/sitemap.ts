/**
 * The page addresses of a sitemap (sitemaps.org): every `<loc>` of a `<urlset>`, or, for a
 * sitemap index, the sitemaps it lists (`isIndex`). Entities are decoded; anything not an
 * absolute URL is skipped.
 */
import { decodeEntities } from './htmlText.js';

export interface SitemapEntries {
  isIndex: boolean;
  urls: string[];
}

export function parseSitemap(xml: string): SitemapEntries {
  const isIndex = /<sitemapindex\b/i.test(xml);
  const urls: string[] = [];
  const seen = new Set<string>();
  for (const match of xml.matchAll(/<loc\b[^>]*>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/loc\s*>/gi)) {
    const raw = decodeEntities(match[1]!.trim());
    try {
      const url = new URL(raw).href;
      if (!seen.has(url)) {
        seen.add(url);
        urls.push(url);
      }
    } catch {
      // Not an absolute URL: a sitemap must list absolute ones.
    }
  }
  return { isIndex, urls };
}

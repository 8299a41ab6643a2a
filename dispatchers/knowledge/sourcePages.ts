/**
 * The pages of one source, read for its indexing job: the stored bytes of a text or file source,
 * or the web page(s) of a URL source — one page, or up to MAX_SITEMAP_PAGES pages of a sitemap
 * (a sitemap index is followed one level). Each fetched page takes one from the workspace's daily
 * page budget and is skipped when robots.txt disallows it. In a sitemap, a page that cannot be
 * read is skipped and counted; the source fails only when no page could be read.
 */
import type { KnowledgeSourceState } from '../../domain/knowledge/knowledgeSource.js';
import { MAX_SITEMAP_PAGES } from '../../domain/knowledge/knowledgeSourceFields.js';
import type { ExtractedPage } from '../../domain/knowledge/chunking.js';
import { parseSitemap } from '../../domain/knowledge/sitemap.js';
import { formatOfContentType, type SourceFormat } from '../../domain/knowledge/sourceFormat.js';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import { charsetOf, decodeText } from '../../domain/knowledge/textDecoding.js';
import { documentText } from '../../infrastructure/knowledge/documentText.js';
import type { SourceContentStore } from '../../infrastructure/knowledge/sourceContentStore.js';
import type { WebPages } from '../../infrastructure/knowledge/webPages.js';

/** Child sitemaps of a sitemap index that are read. */
const MAX_CHILD_SITEMAPS = 10;

/** The day's page budget is spent: ends the whole run, unlike a problem with one page. */
class PageBudgetSpent extends SourceProblem {}

export interface SourcePagesDeps {
  contents: SourceContentStore;
  web: WebPages;
  /** Takes one page of the workspace's daily budget; false when spent. */
  takePage(workspaceId: string): Promise<boolean>;
}

export interface ReadSource {
  pages: ExtractedPage[];
  /** A title the document gives itself (an HTML page's `<title>`). */
  title: string | null;
  /** Bytes read (stored content, or the pages fetched). */
  sizeBytes: number;
  /** Pages read: PDF pages, web pages, else 1. */
  pageCount: number;
}

export async function readSourcePages(deps: SourcePagesDeps, state: KnowledgeSourceState): Promise<ReadSource> {
  const description = state.description!;
  if (description.type !== 'url') {
    const content = await deps.contents.get(state.sourceId!);
    if (!content) throw new SourceProblem('The stored content of this source is missing; delete it and add it again');
    const doc = await documentText(content.format as SourceFormat, content.bytes);
    return { ...doc, sizeBytes: content.bytes.length, pageCount: doc.pages.length };
  }

  const workspaceId = state.workspaceId!;
  const robots = deps.web.robots();
  const fetchPage = async (url: string) => {
    if (!(await robots(url)).allows(new URL(url).pathname + new URL(url).search))
      throw new SourceProblem(`robots.txt of ${new URL(url).host} does not allow fetching ${url}`);
    if (!(await deps.takePage(workspaceId)))
      throw new PageBudgetSpent(
        "The workspace fetched its plan's web pages for today; reindex tomorrow or upgrade the plan",
      );
    return deps.web.get(url);
  };
  const readPage = async (url: string) => {
    const page = await fetchPage(url);
    const format = formatOfContentType(page.contentType);
    if (!format)
      throw new SourceProblem(`${page.url} is ${page.contentType ?? 'of no declared type'}, not HTML, text or PDF`);
    const doc = await documentText(format, page.bytes, { url: page.url, charset: charsetOf(page.contentType) });
    return { ...doc, size: page.bytes.length };
  };

  if (!description.sitemap) {
    const page = await readPage(description.url!);
    return { pages: page.pages, title: page.title, sizeBytes: page.size, pageCount: 1 };
  }

  const sitemapUrls = async (url: string) => {
    const page = await fetchPage(url);
    return { ...parseSitemap(decodeText(page.bytes, charsetOf(page.contentType))), size: page.bytes.length };
  };
  const top = await sitemapUrls(description.url!);
  let size = top.size;
  let urls = top.urls;
  if (top.isIndex) {
    urls = [];
    for (const child of top.urls.slice(0, MAX_CHILD_SITEMAPS)) {
      if (urls.length >= MAX_SITEMAP_PAGES) break;
      const entries = await sitemapUrls(child);
      size += entries.size;
      urls.push(...entries.urls);
    }
  }
  urls = urls.slice(0, MAX_SITEMAP_PAGES);
  if (urls.length === 0) throw new SourceProblem(`The sitemap ${description.url} lists no pages`);
  const pages: ExtractedPage[] = [];
  let read = 0;
  let firstProblem: string | null = null;
  for (const url of urls) {
    try {
      const page = await readPage(url);
      pages.push(...page.pages);
      size += page.size;
      read += 1;
    } catch (err) {
      if (!(err instanceof SourceProblem)) throw err;
      if (err instanceof PageBudgetSpent) throw err;
      firstProblem ??= err.message;
    }
  }
  if (read === 0) throw new SourceProblem(`No page of the sitemap could be read: ${firstProblem}`);
  return { pages, title: null, sizeBytes: size, pageCount: read };
}

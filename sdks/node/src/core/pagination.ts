/**
 * Page-numbered lists (`{data, total, page, totalPages}`), in the OpenAI SDK's shape:
 *
 *   const page = await client.responses.list(botId);          // one page, page.data
 *   if (page.hasNextPage()) await page.getNextPage();
 *   for await (const r of client.responses.list(botId)) …     // every item of every page
 */
import { ConfabError } from './errors.js';

export interface PageBody<Item> {
  data: Item[];
  total: number;
  page: number;
  totalPages: number;
}

/** Fetches page number `n` with the list's other parameters unchanged. */
export type PageFetcher<Item> = (n: number) => Promise<PageBody<Item>>;

export class Page<Item> implements AsyncIterable<Item> {
  /** The items of this page. */
  readonly data: Item[];
  /** Items matching the list's filters, over all pages. */
  readonly total: number;
  /** This page's number, from 1. */
  readonly page: number;
  readonly totalPages: number;

  constructor(
    body: PageBody<Item>,
    private readonly fetchPage: PageFetcher<Item>,
  ) {
    this.data = body.data;
    this.total = body.total;
    this.page = body.page;
    this.totalPages = body.totalPages;
  }

  hasNextPage(): boolean {
    return this.data.length > 0 && this.page < this.totalPages;
  }

  async getNextPage(): Promise<Page<Item>> {
    if (!this.hasNextPage()) throw new ConfabError('No next page: check page.hasNextPage() first.');
    return new Page(await this.fetchPage(this.page + 1), this.fetchPage);
  }

  /** This page and every later one, each fetched when the previous one is used up. */
  async *iterPages(): AsyncGenerator<Page<Item>> {
    let page: Page<Item> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    // The list is newest first: a response recorded while we walk it pushes the last item of a
    // page onto the next one, so an item already yielded is skipped (by its `_id`, as in the
    // Python SDK) instead of being seen twice.
    const seen = new Set<unknown>();
    for await (const page of this.iterPages()) {
      for (const item of page.data) {
        const id = (item as { _id?: unknown } | null)?._id ?? item;
        if (seen.has(id)) continue;
        seen.add(id);
        yield item;
      }
    }
  }
}

/**
 * What a list method returns: awaiting it gives the first Page; iterating it with `for await`
 * walks every item across all pages. The first request is sent when it is first awaited or
 * iterated, so an unused list never sends (or fails) anything.
 */
export class PagePromise<Item> implements PromiseLike<Page<Item>>, AsyncIterable<Item> {
  private started: Promise<Page<Item>> | undefined;

  constructor(
    private readonly firstPage: number,
    private readonly fetchPage: PageFetcher<Item>,
  ) {}

  private get promise(): Promise<Page<Item>> {
    this.started ??= this.fetchPage(this.firstPage).then((body) => new Page(body, this.fetchPage));
    return this.started;
  }

  then<R1 = Page<Item>, R2 = never>(
    onfulfilled?: ((value: Page<Item>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.promise.then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<Item> | R> {
    return this.promise.catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<Item>> {
    return this.promise.finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    const first = await this.promise;
    yield* first;
  }

  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}

/**
 * Cursor-paged lists (`{data, nextCursor}`, newest first), used like the page-numbered ones:
 *
 *   const page = await client.knowledge.unanswered.list();    // one page, page.data
 *   if (page.hasNextPage()) await page.getNextPage();
 *   for await (const q of client.knowledge.unanswered.list()) …  // every item of every page
 */
import { ConfabError } from './errors.js';

export interface CursorPageBody<Item> {
  data: Item[];
  /** null on the last page. */
  nextCursor: string | null;
}

/** Fetches the page after `cursor` (undefined: the first) with the list's other parameters unchanged. */
export type CursorPageFetcher<Item> = (cursor: string | undefined) => Promise<CursorPageBody<Item>>;

export class CursorPage<Item> implements AsyncIterable<Item> {
  /** The items of this page. */
  readonly data: Item[];
  /** What to pass as `cursor` for the next page; null on the last. */
  readonly nextCursor: string | null;

  constructor(
    body: CursorPageBody<Item>,
    private readonly fetchPage: CursorPageFetcher<Item>,
  ) {
    this.data = body.data;
    this.nextCursor = body.nextCursor ?? null;
  }

  hasNextPage(): boolean {
    return this.nextCursor !== null && this.data.length > 0;
  }

  async getNextPage(): Promise<CursorPage<Item>> {
    if (!this.hasNextPage()) throw new ConfabError('No next page: check page.hasNextPage() first.');
    return new CursorPage(await this.fetchPage(this.nextCursor!), this.fetchPage);
  }

  /** This page and every later one, each fetched when the previous one is used up. */
  async *iterPages(): AsyncGenerator<CursorPage<Item>> {
    let page: CursorPage<Item> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/**
 * What a cursor-paged list method returns: awaiting it gives the first page; `for await` walks
 * every item of every page. Nothing is sent until it is first awaited or iterated.
 */
export class CursorPagePromise<Item> implements PromiseLike<CursorPage<Item>>, AsyncIterable<Item> {
  private started: Promise<CursorPage<Item>> | undefined;

  constructor(
    private readonly firstCursor: string | undefined,
    private readonly fetchPage: CursorPageFetcher<Item>,
  ) {}

  private get promise(): Promise<CursorPage<Item>> {
    this.started ??= this.fetchPage(this.firstCursor).then((body) => new CursorPage(body, this.fetchPage));
    return this.started;
  }

  then<R1 = CursorPage<Item>, R2 = never>(
    onfulfilled?: ((value: CursorPage<Item>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.promise.then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<CursorPage<Item> | R> {
    return this.promise.catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<CursorPage<Item>> {
    return this.promise.finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    yield* await this.promise;
  }

  get [Symbol.toStringTag](): string {
    return 'CursorPagePromise';
  }
}

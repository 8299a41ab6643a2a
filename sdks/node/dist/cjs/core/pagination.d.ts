export interface PageBody<Item> {
    data: Item[];
    total: number;
    page: number;
    totalPages: number;
}
/** Fetches page number `n` with the list's other parameters unchanged. */
export type PageFetcher<Item> = (n: number) => Promise<PageBody<Item>>;
export declare class Page<Item> implements AsyncIterable<Item> {
    private readonly fetchPage;
    /** The items of this page. */
    readonly data: Item[];
    /** Items matching the list's filters, over all pages. */
    readonly total: number;
    /** This page's number, from 1. */
    readonly page: number;
    readonly totalPages: number;
    constructor(body: PageBody<Item>, fetchPage: PageFetcher<Item>);
    hasNextPage(): boolean;
    getNextPage(): Promise<Page<Item>>;
    /** This page and every later one, each fetched when the previous one is used up. */
    iterPages(): AsyncGenerator<Page<Item>>;
    [Symbol.asyncIterator](): AsyncIterator<Item>;
}
/**
 * What a list method returns: awaiting it gives the first Page; iterating it with `for await`
 * walks every item across all pages. The first request is sent when it is first awaited or
 * iterated, so an unused list never sends (or fails) anything.
 */
export declare class PagePromise<Item> implements PromiseLike<Page<Item>>, AsyncIterable<Item> {
    private readonly firstPage;
    private readonly fetchPage;
    private started;
    constructor(firstPage: number, fetchPage: PageFetcher<Item>);
    private get promise();
    then<R1 = Page<Item>, R2 = never>(onfulfilled?: ((value: Page<Item>) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>;
    catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<Item> | R>;
    finally(onfinally?: (() => void) | null): Promise<Page<Item>>;
    [Symbol.asyncIterator](): AsyncIterator<Item>;
    get [Symbol.toStringTag](): string;
}

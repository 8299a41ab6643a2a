export interface CursorPageBody<Item> {
    data: Item[];
    /** null on the last page. */
    nextCursor: string | null;
}
/** Fetches the page after `cursor` (undefined: the first) with the list's other parameters unchanged. */
export type CursorPageFetcher<Item> = (cursor: string | undefined) => Promise<CursorPageBody<Item>>;
export declare class CursorPage<Item> implements AsyncIterable<Item> {
    private readonly fetchPage;
    /** The items of this page. */
    readonly data: Item[];
    /** What to pass as `cursor` for the next page; null on the last. */
    readonly nextCursor: string | null;
    constructor(body: CursorPageBody<Item>, fetchPage: CursorPageFetcher<Item>);
    hasNextPage(): boolean;
    getNextPage(): Promise<CursorPage<Item>>;
    /** This page and every later one, each fetched when the previous one is used up. */
    iterPages(): AsyncGenerator<CursorPage<Item>>;
    [Symbol.asyncIterator](): AsyncIterator<Item>;
}
/**
 * What a cursor-paged list method returns: awaiting it gives the first page; `for await` walks
 * every item of every page. Nothing is sent until it is first awaited or iterated.
 */
export declare class CursorPagePromise<Item> implements PromiseLike<CursorPage<Item>>, AsyncIterable<Item> {
    private readonly firstCursor;
    private readonly fetchPage;
    private started;
    constructor(firstCursor: string | undefined, fetchPage: CursorPageFetcher<Item>);
    private get promise();
    then<R1 = CursorPage<Item>, R2 = never>(onfulfilled?: ((value: CursorPage<Item>) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>;
    catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<CursorPage<Item> | R>;
    finally(onfinally?: (() => void) | null): Promise<CursorPage<Item>>;
    [Symbol.asyncIterator](): AsyncIterator<Item>;
    get [Symbol.toStringTag](): string;
}

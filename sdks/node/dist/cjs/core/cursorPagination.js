"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CursorPagePromise = exports.CursorPage = void 0;
/**
 * Cursor-paged lists (`{data, nextCursor}`, newest first), used like the page-numbered ones:
 *
 *   const page = await client.knowledge.unanswered.list();    // one page, page.data
 *   if (page.hasNextPage()) await page.getNextPage();
 *   for await (const q of client.knowledge.unanswered.list()) …  // every item of every page
 */
const errors_js_1 = require("./errors.js");
class CursorPage {
    fetchPage;
    /** The items of this page. */
    data;
    /** What to pass as `cursor` for the next page; null on the last. */
    nextCursor;
    constructor(body, fetchPage) {
        this.fetchPage = fetchPage;
        this.data = body.data;
        this.nextCursor = body.nextCursor ?? null;
    }
    hasNextPage() {
        return this.nextCursor !== null && this.data.length > 0;
    }
    async getNextPage() {
        if (!this.hasNextPage())
            throw new errors_js_1.ConfabError('No next page: check page.hasNextPage() first.');
        return new CursorPage(await this.fetchPage(this.nextCursor), this.fetchPage);
    }
    /** This page and every later one, each fetched when the previous one is used up. */
    async *iterPages() {
        let page = this;
        yield page;
        while (page.hasNextPage()) {
            page = await page.getNextPage();
            yield page;
        }
    }
    async *[Symbol.asyncIterator]() {
        for await (const page of this.iterPages())
            yield* page.data;
    }
}
exports.CursorPage = CursorPage;
/**
 * What a cursor-paged list method returns: awaiting it gives the first page; `for await` walks
 * every item of every page. Nothing is sent until it is first awaited or iterated.
 */
class CursorPagePromise {
    firstCursor;
    fetchPage;
    started;
    constructor(firstCursor, fetchPage) {
        this.firstCursor = firstCursor;
        this.fetchPage = fetchPage;
    }
    get promise() {
        this.started ??= this.fetchPage(this.firstCursor).then((body) => new CursorPage(body, this.fetchPage));
        return this.started;
    }
    then(onfulfilled, onrejected) {
        return this.promise.then(onfulfilled, onrejected);
    }
    catch(onrejected) {
        return this.promise.catch(onrejected);
    }
    finally(onfinally) {
        return this.promise.finally(onfinally);
    }
    async *[Symbol.asyncIterator]() {
        yield* await this.promise;
    }
    get [Symbol.toStringTag]() {
        return 'CursorPagePromise';
    }
}
exports.CursorPagePromise = CursorPagePromise;

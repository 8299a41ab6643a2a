"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PagePromise = exports.Page = void 0;
/**
 * Page-numbered lists (`{data, total, page, totalPages}`), in the OpenAI SDK's shape:
 *
 *   const page = await client.responses.list(botId);          // one page, page.data
 *   if (page.hasNextPage()) await page.getNextPage();
 *   for await (const r of client.responses.list(botId)) …     // every item of every page
 */
const errors_js_1 = require("./errors.js");
class Page {
    fetchPage;
    /** The items of this page. */
    data;
    /** Items matching the list's filters, over all pages. */
    total;
    /** This page's number, from 1. */
    page;
    totalPages;
    constructor(body, fetchPage) {
        this.fetchPage = fetchPage;
        this.data = body.data;
        this.total = body.total;
        this.page = body.page;
        this.totalPages = body.totalPages;
    }
    hasNextPage() {
        return this.data.length > 0 && this.page < this.totalPages;
    }
    async getNextPage() {
        if (!this.hasNextPage())
            throw new errors_js_1.ConfabError('No next page: check page.hasNextPage() first.');
        return new Page(await this.fetchPage(this.page + 1), this.fetchPage);
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
        // The list is newest first: a response recorded while we walk it pushes the last item of a
        // page onto the next one, so an item already yielded is skipped (by its `_id`, as in the
        // Python SDK) instead of being seen twice.
        const seen = new Set();
        for await (const page of this.iterPages()) {
            for (const item of page.data) {
                const id = item?._id ?? item;
                if (seen.has(id))
                    continue;
                seen.add(id);
                yield item;
            }
        }
    }
}
exports.Page = Page;
/**
 * What a list method returns: awaiting it gives the first Page; iterating it with `for await`
 * walks every item across all pages. The first request is sent when it is first awaited or
 * iterated, so an unused list never sends (or fails) anything.
 */
class PagePromise {
    firstPage;
    fetchPage;
    started;
    constructor(firstPage, fetchPage) {
        this.firstPage = firstPage;
        this.fetchPage = fetchPage;
    }
    get promise() {
        this.started ??= this.fetchPage(this.firstPage).then((body) => new Page(body, this.fetchPage));
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
        const first = await this.promise;
        yield* first;
    }
    get [Symbol.toStringTag]() {
        return 'PagePromise';
    }
}
exports.PagePromise = PagePromise;

/** A chatbot's stored conversations. */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
import { PagePromise } from '../core/pagination.js';
import { ResponseExport } from './responseExport.js';
export class Responses extends APIResource {
    /**
     * Newest first. Await it for one page (`page.data`, `page.hasNextPage()`,
     * `page.getNextPage()`), or `for await` over it for every response of every page.
     */
    list(chatbotId, params = {}, options) {
        const path = pathOf `/chatbots/${chatbotId}/responses`;
        return new PagePromise(params.page ?? 1, (page) => this._client.request({
            method: 'get',
            path,
            query: { ...params, page },
            options,
            envelope: 'page',
        }));
    }
    /** One response with the full conversation. */
    retrieve(chatbotId, responseId, options) {
        return this._client
            .get(pathOf `/chatbots/${chatbotId}/responses/${responseId}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Where each AI answer of the response came from: model, tokens, the passages with their scores, the cited sources. */
    provenance(chatbotId, responseId, options) {
        return this._client
            .get(pathOf `/chatbots/${chatbotId}/responses/${responseId}/provenance`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * The chatbot's conversations as a CSV (default) or NDJSON file, oldest first, one line per
     * response: `for await (const line of client.responses.export(id, {format: 'ndjson'}))`, or
     * `(await exp.response()).body` to stream it to a file. Sent when reading starts.
     */
    export(chatbotId, params = {}, options) {
        const format = params.format ?? 'csv';
        const accept = format === 'csv' ? 'text/csv' : 'application/x-ndjson';
        const client = this._client;
        const req = {
            method: 'get',
            path: pathOf `/chatbots/${chatbotId}/responses/export`,
            query: { ...params },
            options: { ...options, headers: { accept, ...options?.headers } },
        };
        return new ResponseExport(() => client.requestStream(req), options?.timeout ?? client.timeout, options?.signal);
    }
}

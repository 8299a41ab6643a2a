"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Responses = void 0;
/** A chatbot's stored conversations. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
const pagination_js_1 = require("../core/pagination.js");
const responseExport_js_1 = require("./responseExport.js");
class Responses extends resource_js_1.APIResource {
    /**
     * Newest first. Await it for one page (`page.data`, `page.hasNextPage()`,
     * `page.getNextPage()`), or `for await` over it for every response of every page.
     */
    list(chatbotId, params = {}, options) {
        const path = (0, path_js_1.pathOf) `/chatbots/${chatbotId}/responses`;
        return new pagination_js_1.PagePromise(params.page ?? 1, (page) => this._client.request({
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
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/responses/${responseId}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Where each AI answer of the response came from: model, tokens, the passages with their scores, the cited sources. */
    provenance(chatbotId, responseId, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/responses/${responseId}/provenance`, undefined, options)
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
            path: (0, path_js_1.pathOf) `/chatbots/${chatbotId}/responses/export`,
            query: { ...params },
            options: { ...options, headers: { accept, ...options?.headers } },
        };
        return new responseExport_js_1.ResponseExport(() => client.requestStream(req), options?.timeout ?? client.timeout, options?.signal);
    }
}
exports.Responses = Responses;

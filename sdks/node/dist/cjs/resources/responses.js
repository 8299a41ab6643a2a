"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Responses = void 0;
/** A chatbot's stored conversations. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
const pagination_js_1 = require("../core/pagination.js");
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
}
exports.Responses = Responses;

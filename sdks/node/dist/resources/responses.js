/** A chatbot's stored conversations. */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
import { PagePromise } from '../core/pagination.js';
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
}

/** Response analytics of a chatbot. */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
export class Analytics extends APIResource {
    /** Totals and per-day counts over the last `days` days (default 30). */
    retrieve(chatbotId, params = {}, options) {
        return this._client
            .get(pathOf `/chatbots/${chatbotId}/analytics`, params, options)
            ._thenUnwrap((r) => r.data);
    }
}

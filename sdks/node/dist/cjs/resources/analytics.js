"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Analytics = void 0;
/** Response analytics of a chatbot. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
class Analytics extends resource_js_1.APIResource {
    /** Totals and per-day counts over the last `days` days (default 30). */
    retrieve(chatbotId, params = {}, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/analytics`, params, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.Analytics = Analytics;

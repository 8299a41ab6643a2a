"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Usage = void 0;
/** API usage and AI token usage this month. */
const resource_js_1 = require("../core/resource.js");
class Usage extends resource_js_1.APIResource {
    /** External API calls counted this month. */
    retrieve(options) {
        return this._client.get('/usage', undefined, options)._thenUnwrap((r) => r.data);
    }
    /** AI tokens the workspace's agents used this month against the plan's budget; null limits are unlimited. */
    ai(options) {
        return this._client.get('/usage/ai', undefined, options)._thenUnwrap((r) => r.data);
    }
}
exports.Usage = Usage;

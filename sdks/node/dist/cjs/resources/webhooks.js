"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Webhooks = void 0;
/** Webhook subscriptions, plus delivery verification. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
const webhookVerification_js_1 = require("../webhookVerification.js");
class Webhooks extends resource_js_1.APIResource {
    /** The workspace's subscriptions, newest first (no secrets). */
    list(options) {
        return this._client.get('/webhooks', undefined, options)._thenUnwrap((r) => r.data);
    }
    /**
     * The subscription with its signing `secret`, which is returned only here: store it to
     * verify deliveries. Subject to the plan's webhook cap.
     */
    create(params, options) {
        return this._client
            .post('/webhooks', params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Only the given fields change; status 'active' or 'paused'. */
    update(id, params, options) {
        return this._client.patch((0, path_js_1.pathOf) `/webhooks/${id}`, params, options)._thenUnwrap((r) => r.data);
    }
    delete(id, options) {
        return this._client.delete((0, path_js_1.pathOf) `/webhooks/${id}`, options);
    }
    /** Same as `Confab.webhooks.verify`. */
    verify = webhookVerification_js_1.verify;
    /** Same as `Confab.webhooks.signedHeaders`. */
    signedHeaders = webhookVerification_js_1.signedHeaders;
}
exports.Webhooks = Webhooks;

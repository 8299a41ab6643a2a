"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ModelConnections = void 0;
/** Model connections: the workspace's OpenAI-compatible providers. The API key is write-only. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
class ModelConnections extends resource_js_1.APIResource {
    /** The workspace's connections, oldest first (never their keys). */
    list(options) {
        return this._client
            .get('/model-connections', undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Stores the key encrypted; no answer ever carries it. */
    create(params, options) {
        return this._client
            .post('/model-connections', params, options)
            ._thenUnwrap((r) => r.data);
    }
    retrieve(id, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/model-connections/${id}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Only the given fields change; `apiKey` replaces the stored key; `embeddingModel: null` removes it. */
    update(id, params, options) {
        return this._client
            .patch((0, path_js_1.pathOf) `/model-connections/${id}`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    delete(id, options) {
        return this._client.delete((0, path_js_1.pathOf) `/model-connections/${id}`, options);
    }
    /** Asks the provider whether the key and the models work: `{ok}` or `{ok: false, error}` in plain words. */
    test(id, options) {
        return this._client
            .post((0, path_js_1.pathOf) `/model-connections/${id}/test`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.ModelConnections = ModelConnections;

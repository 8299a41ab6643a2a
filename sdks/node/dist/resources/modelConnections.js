/** Model connections: the workspace's OpenAI-compatible providers. The API key is write-only. */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
export class ModelConnections extends APIResource {
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
            .get(pathOf `/model-connections/${id}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Only the given fields change; `apiKey` replaces the stored key; `embeddingModel: null` removes it. */
    update(id, params, options) {
        return this._client
            .patch(pathOf `/model-connections/${id}`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    delete(id, options) {
        return this._client.delete(pathOf `/model-connections/${id}`, options);
    }
    /** Asks the provider whether the key and the models work: `{ok}` or `{ok: false, error}` in plain words. */
    test(id, options) {
        return this._client
            .post(pathOf `/model-connections/${id}/test`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}

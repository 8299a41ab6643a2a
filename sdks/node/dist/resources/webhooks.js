/** Webhook subscriptions, plus delivery verification. */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
import { signedHeaders, verify } from '../webhookVerification.js';
export class Webhooks extends APIResource {
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
        return this._client.patch(pathOf `/webhooks/${id}`, params, options)._thenUnwrap((r) => r.data);
    }
    delete(id, options) {
        return this._client.delete(pathOf `/webhooks/${id}`, options);
    }
    /** Same as `Confab.webhooks.verify`. */
    verify = verify;
    /** Same as `Confab.webhooks.signedHeaders`. */
    signedHeaders = signedHeaders;
}

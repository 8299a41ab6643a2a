/** Webhook subscriptions, plus delivery verification. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, Webhook, WebhookCreated, WebhookCreateParams, WebhookUpdateParams } from '../types.js';
import { signedHeaders, verify } from '../webhookVerification.js';
export declare class Webhooks extends APIResource {
    /** The workspace's subscriptions, newest first (no secrets). */
    list(options?: RequestOptions): APIPromise<Webhook[]>;
    /**
     * The subscription with its signing `secret`, which is returned only here: store it to
     * verify deliveries. Subject to the plan's webhook cap.
     */
    create(params: WebhookCreateParams, options?: RequestOptions): APIPromise<WebhookCreated>;
    /** Only the given fields change; status 'active' or 'paused'. */
    update(id: string, params: WebhookUpdateParams, options?: RequestOptions): APIPromise<Webhook>;
    delete(id: string, options?: RequestOptions): APIPromise<Deleted>;
    /** Same as `Confab.webhooks.verify`. */
    verify: typeof verify;
    /** Same as `Confab.webhooks.signedHeaders`. */
    signedHeaders: typeof signedHeaders;
}

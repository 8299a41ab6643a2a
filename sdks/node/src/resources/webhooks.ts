/** Webhook subscriptions, plus delivery verification. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import { pathOf } from '../core/path.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, Webhook, WebhookCreated, WebhookCreateParams, WebhookUpdateParams } from '../types.js';
import { signedHeaders, verify } from '../webhookVerification.js';

export class Webhooks extends APIResource {
  /** The workspace's subscriptions, newest first (no secrets). */
  list(options?: RequestOptions): APIPromise<Webhook[]> {
    return this._client.get<{ data: Webhook[] }>('/webhooks', undefined, options)._thenUnwrap((r) => r.data);
  }

  /**
   * The subscription with its signing `secret`, which is returned only here: store it to
   * verify deliveries. Subject to the plan's webhook cap.
   */
  create(params: WebhookCreateParams, options?: RequestOptions): APIPromise<WebhookCreated> {
    return this._client
      .post<{ data: WebhookCreated; message: string }>('/webhooks', params, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Only the given fields change; status 'active' or 'paused'. */
  update(id: string, params: WebhookUpdateParams, options?: RequestOptions): APIPromise<Webhook> {
    return this._client.patch<{ data: Webhook }>(pathOf`/webhooks/${id}`, params, options)._thenUnwrap((r) => r.data);
  }

  delete(id: string, options?: RequestOptions): APIPromise<Deleted> {
    return this._client.delete<Deleted>(pathOf`/webhooks/${id}`, options);
  }

  /** Same as `Confab.webhooks.verify`. */
  verify = verify;
  /** Same as `Confab.webhooks.signedHeaders`. */
  signedHeaders = signedHeaders;
}

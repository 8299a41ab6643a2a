/** Webhook subscriptions (seed: Endpoints → Webhooks), plus delivery verification. */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/apiClient.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, Webhook, WebhookCreated, WebhookCreateParams, WebhookUpdateParams } from '../types.js';
import { signedHeaders, verify } from '../webhookVerification.js';

export class Webhooks extends APIResource {
  /** The workspace's subscriptions, newest first (no secrets). */
  async list(options?: RequestOptions): Promise<Webhook[]> {
    return (await this._client.get<{ data: Webhook[] }>('/webhooks', undefined, options)).data;
  }

  /**
   * The subscription with its signing `secret`, which is returned only here: store it to
   * verify deliveries. Subject to the plan's webhook cap.
   */
  async create(params: WebhookCreateParams, options?: RequestOptions): Promise<WebhookCreated> {
    return (await this._client.post<{ data: WebhookCreated; message: string }>('/webhooks', params, options)).data;
  }

  /** Only the given fields change; status 'active' or 'paused'. */
  async update(id: string, params: WebhookUpdateParams, options?: RequestOptions): Promise<Webhook> {
    return (await this._client.patch<{ data: Webhook }>(pathOf`/webhooks/${id}`, params, options)).data;
  }

  delete(id: string, options?: RequestOptions): Promise<Deleted> {
    return this._client.delete<Deleted>(pathOf`/webhooks/${id}`, options);
  }

  /** Same as `Confab.webhooks.verify`. */
  verify = verify;
  /** Same as `Confab.webhooks.signedHeaders`. */
  signedHeaders = signedHeaders;
}

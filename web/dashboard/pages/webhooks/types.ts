/** The dashboard webhook endpoints' answers (api/resources/webhooks/webhookRoutes.ts), from the OpenAPI types. */
import type { Answer } from '../../apiTypes.js';

export type WebhookList = Answer<'/api/v1/dashboard/webhooks', 'get'>;
export type Webhook = WebhookList['data'][number];
export type WebhookStatus = Webhook['status'];
/** A created webhook: its secret is shown once. */
export type CreatedWebhook = Answer<'/api/v1/dashboard/webhooks', 'post'>['data'];
export type DeliveryPage = Answer<'/api/v1/dashboard/webhooks/{id}/deliveries', 'get'>;
export type DeliveryEntry = DeliveryPage['data'][number];

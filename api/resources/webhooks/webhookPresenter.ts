/**
 * A webhook as each door answers it: every documented field and never the secret
 * (docs/external-api.md, Webhooks); the dashboard adds why the service set it to failed. And
 * one attempt of the delivery log, which only the dashboard shows.
 */
import type { DeliveryAttemptRow } from '../../../infrastructure/webhooks/deliveryLogQueries.js';
import type { WebhookDoc } from '../../../projections/views/webhooksView.js';
import type { DoorKind } from '../resourceDoor.js';

/** The key door's shape. */
export function presentWebhook(doc: WebhookDoc, chatbotName: string | null): Record<string, unknown> {
  return {
    id: doc.id,
    chatbot: { id: doc.chatbotId, name: chatbotName },
    url: doc.url,
    events: doc.events,
    description: doc.description ?? '',
    status: doc.status,
    failureCount: doc.failureCount ?? 0,
    lastDeliveryAt: doc.lastDeliveryAt ?? null,
    lastFailureAt: doc.lastFailureAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The dashboard's shape: the key door's plus disabledReason. */
export function presentDashboardWebhook(doc: WebhookDoc, chatbotName: string | null): Record<string, unknown> {
  return {
    ...presentWebhook(doc, chatbotName),
    disabledReason: doc.status === 'failed' ? (doc.disabledReason ?? 'consecutive_failures') : null,
  };
}

export const WEBHOOK_PRESENTERS: Record<DoorKind, typeof presentWebhook> = {
  key: presentWebhook,
  session: presentDashboardWebhook,
};

export const presentAttempt = (a: DeliveryAttemptRow) => ({
  id: a.id,
  deliveryId: a.deliveryId,
  attempt: a.attempt,
  event: a.eventName,
  success: a.success,
  statusCode: a.statusCode,
  responseMs: a.responseMs,
  error: a.error,
  createdAt: a.createdAt,
  payload: a.requestBody,
  response: a.responseBody,
  requestUrl: a.requestUrl,
  requestHeaders: a.requestHeaders,
  resentFrom: a.resentFrom,
});

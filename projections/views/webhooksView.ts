/**
 * `webhooks`: the one read model of webhook subscriptions. The External API lists them, the
 * chatbot deletion finds a chatbot's webhooks here, and the dispatcher fans out to and signs
 * with them. The doc is private: it holds the signing secret for the dispatcher, and the API
 * strips it from every answer (only the create call returns it, from the command, not from here).
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { positionToString } from '../../infrastructure/eventStore/eventStore.js';
import { defineProjection, stampedAt } from '../projection.js';

export const WEBHOOKS = collection<WebhookDoc>('webhooks');

export interface WebhookDoc {
  id: string;
  workspaceId: string;
  chatbotId: string;
  url: string;
  events: string[];
  description: string;
  status: 'active' | 'paused' | 'failed';
  failureCount: number;
  lastDeliveryAt: string | null;
  lastFailureAt: string | null;
  secret: string;
  /** Why the service set status failed (absent on docs from before it was kept, and while not failed). */
  disabledReason?: 'consecutive_failures' | 'gone' | null;
  /** Where WebhookCreated sits in the log: fan-out skips events from before it. */
  createdPosition: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

const id = (e: { data: { webhookId: string } }) => e.data.webhookId;

export const webhooksView = defineProjection(
  'webhooks',
  [
    {
      name: WEBHOOKS.name,
      indexes: [
        ['workspaceId', 'createdAt'],
        ['chatbotId', 'status'],
      ],
    },
  ],
  {
    async WebhookCreated(e, tx) {
      const d = e.data;
      await tx.upsert(WEBHOOKS, {
        id: d.webhookId,
        workspaceId: d.workspaceId,
        chatbotId: d.chatbotId,
        url: d.url,
        events: d.events,
        description: d.description,
        status: 'active',
        failureCount: 0,
        lastDeliveryAt: null,
        lastFailureAt: null,
        secret: d.secret,
        createdPosition: positionToString(e.position),
        ...stampedAt(e),
      });
    },
    async WebhookUpdated(e, tx) {
      await tx.patch(WEBHOOKS, id(e), { ...e.data.changes, updatedAt: e.metadata.occurredAt });
    },
    async WebhookPaused(e, tx) {
      const doc = await tx.get(WEBHOOKS, id(e));
      await tx.patch(WEBHOOKS, id(e), {
        status: 'paused',
        ...(doc?.status === 'failed' ? { failureCount: 0, disabledReason: null } : {}),
        updatedAt: e.metadata.occurredAt,
      });
    },
    async WebhookActivated(e, tx) {
      await tx.patch(WEBHOOKS, id(e), { status: 'active', updatedAt: e.metadata.occurredAt });
    },
    async WebhookReactivated(e, tx) {
      await tx.patch(WEBHOOKS, id(e), {
        status: 'active',
        failureCount: 0,
        disabledReason: null,
        updatedAt: e.metadata.occurredAt,
      });
    },
    // Delivery health is not an edit by the subscriber, so updatedAt stays.
    async WebhookDeliveryFailed(e, tx) {
      const d = e.data;
      await tx.patch(WEBHOOKS, id(e), { failureCount: d.consecutiveFailures, lastFailureAt: d.at });
    },
    async WebhookDeliverySucceeded(e, tx) {
      await tx.patch(WEBHOOKS, id(e), { failureCount: 0, lastDeliveryAt: e.data.at });
    },
    async WebhookDisabled(e, tx) {
      await tx.patch(WEBHOOKS, id(e), {
        status: 'failed',
        disabledReason: e.data.reason,
        updatedAt: e.metadata.occurredAt,
      });
    },
    async WebhookDeleted(e, tx) {
      await tx.delete(WEBHOOKS, id(e));
    },
  },
);

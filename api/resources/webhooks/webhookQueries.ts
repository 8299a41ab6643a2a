/** The webhook reads both doors make: one of the workspace's, chatbot names, a create's answer, the plan's cap. */
import type { CreatedWebhook } from '../../../commands/webhookCommands.js';
import { ForbiddenError, NotFoundError } from '../../../domain/errors.js';
import { hasApiAccess, limitsFor } from '../../../domain/plans.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { type DeliveryLog, laterDelivery } from '../../../infrastructure/webhooks/deliveryLogQueries.js';
import { CHATBOTS } from '../../../projections/views/chatbotsView.js';
import { WEBHOOKS, type WebhookDoc } from '../../../projections/views/webhooksView.js';
import type { Principal } from '../../principal/principal.js';

/** The workspace's webhooks, newest first. */
export function workspaceWebhooks(views: ReadStoreReader, workspaceId: string): Promise<WebhookDoc[]> {
  return views.find(WEBHOOKS, { workspaceId }, { sort: [['createdAt', -1]] });
}

export async function ownedWebhook(views: ReadStoreReader, workspaceId: string, id: string): Promise<WebhookDoc> {
  const doc = await views.get(WEBHOOKS, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Webhook not found');
  return doc;
}

export async function chatbotNames(views: ReadStoreReader, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const docs = unique.length ? await views.find(CHATBOTS, { id: { $in: unique } }) : [];
  return new Map(docs.map((d) => [d.id, d.name]));
}

/** The docs with lastDeliveryAt as the delivery log has it, where that is later than the view's. */
export async function withLatestDeliveries(
  docs: WebhookDoc[],
  deliveryLog?: Pick<DeliveryLog, 'latestSuccesses'>,
): Promise<WebhookDoc[]> {
  if (!deliveryLog || docs.length === 0) return docs;
  const logged = await deliveryLog.latestSuccesses(docs.map((d) => d.id));
  return docs.map((d) => ({ ...d, lastDeliveryAt: laterDelivery(d.lastDeliveryAt, logged.get(d.id)) }));
}

/**
 * The webhook a create answers, from the command's result, so a lagging view can never turn it
 * into a 404. One that an earlier run of the request made (recovered) takes its times from the
 * view, which that run waited for before its answer was lost.
 */
export async function createdDoc(
  views: ReadStoreReader,
  workspaceId: string,
  created: CreatedWebhook,
): Promise<WebhookDoc> {
  const { webhookId, secret, state } = created;
  const viewed = created.at === null ? await views.get(WEBHOOKS, webhookId) : null;
  const at = created.at ?? viewed?.createdAt ?? new Date().toISOString();
  return {
    failureCount: 0,
    lastDeliveryAt: null,
    lastFailureAt: null,
    createdPosition: '',
    createdAt: at,
    updatedAt: at,
    ...viewed,
    // Live: the command answers no webhook that is absent or deleted.
    id: webhookId,
    workspaceId,
    chatbotId: state.chatbotId!,
    ...state.fields,
    status: state.status as WebhookDoc['status'],
    secret,
  };
}

/** The plan's webhook cap; null: unlimited. */
export function webhookCap({ plan, workspace }: Principal): number | null {
  return limitsFor(plan, workspace.limits).webhooks;
}

/** The Free plan has no webhook access (docs/external-api.md, Plans), on the dashboard as on the External API. */
export function assertWebhookAccess({ plan }: Principal): void {
  if (!hasApiAccess(plan))
    throw new ForbiddenError(
      'The Free plan has no webhook access. Upgrade your plan to use webhooks.',
      'PLAN_NO_WEBHOOK_ACCESS',
    );
}

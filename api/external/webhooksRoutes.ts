/**
 * Webhook subscription endpoints (docs/external-api.md, Webhooks). Reads come from the `webhooks`
 * view; the signing secret is returned by create only and stripped everywhere else.
 */
import type { Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { WEBHOOKS, type WebhookDoc } from '../../projections/views/webhooksView.js';
import { CHATBOTS, type ChatbotDoc } from '../../projections/views/chatbotsView.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addApiKeyRoute } from './apiKeyRoute.js';
import { principalOf, contextOf } from '../principal/principal.js';
import { createUnderKey } from './idempotentIds.js';
import type { CreatedWebhook } from '../../commands/webhookCommands.js';
import { idParams, messageSchema, wrapped } from '../resources/resourceSchemas.js';
import { createWebhookBody, updateWebhookBody, webhookSchema } from './webhookSchemas.js';
import { laterDelivery, type DeliveryLog } from '../../infrastructure/webhooks/deliveryLogQueries.js';

/** The public shape: every documented field (docs/external-api.md), never the secret. */
export function present(doc: WebhookDoc, chatbotName: string | null): Record<string, unknown> {
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

export async function ownedWebhook(views: ReadStoreReader, workspaceId: string, id: string): Promise<WebhookDoc> {
  const doc = await views.get<WebhookDoc>(WEBHOOKS, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Webhook not found');
  return doc;
}

export async function chatbotNames(views: ReadStoreReader, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const docs = unique.length ? await views.find<ChatbotDoc>(CHATBOTS, { id: { $in: unique } }) : [];
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
async function createdDoc(views: ReadStoreReader, workspaceId: string, created: CreatedWebhook): Promise<WebhookDoc> {
  const { webhookId, secret, state } = created;
  const viewed = created.at === null ? await views.get<WebhookDoc>(WEBHOOKS, webhookId) : null;
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

export function webhooksRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  { views, webhooks: commands, deliveryLog }: Pick<ExternalApiDeps, 'views' | 'webhooks' | 'deliveryLog'>,
): void {
  const tags = ['Webhooks'];

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/webhooks',
      summary: "List the workspace's webhook subscriptions",
      tags,
      responses: {
        200: {
          description: 'Webhooks, newest first (no secrets)',
          schema: wrapped({ type: 'array', items: webhookSchema(false) }),
        },
      },
    },
    async ({ res }) => {
      const docs = await withLatestDeliveries(
        await views.find<WebhookDoc>(
          WEBHOOKS,
          { workspaceId: principalOf(res).workspaceId },
          { sort: [['createdAt', -1]] },
        ),
        deliveryLog,
      );
      const names = await chatbotNames(
        views,
        docs.map((d) => d.chatbotId),
      );
      return { body: { data: docs.map((d) => present(d, names.get(d.chatbotId) ?? null)) } };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/webhooks',
      summary: 'Create a webhook subscription (subject to the plan webhook cap)',
      tags,
      body: createWebhookBody,
      responses: {
        201: {
          description: 'Created; the secret is returned only here',
          schema: {
            type: 'object',
            required: ['data', 'message'],
            properties: { data: webhookSchema(true), message: { type: 'string' } },
          },
        },
      },
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      const created = await createUnderKey(res, 'webhook', (opts) => commands.create(body, ctx, opts));
      return {
        status: 201,
        body: {
          data: { ...present(await createdDoc(views, ctx.workspaceId, created), null), secret: created.secret },
          message:
            'Webhook created. Save the secret now: it is used to verify the x-webhook-signature header and will not be shown again.',
        },
      };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/webhooks/:id',
      summary: 'Update a webhook (only given fields change; status active or paused)',
      tags,
      params: idParams,
      body: updateWebhookBody,
      responses: {
        200: { description: 'Updated (no secret)', schema: wrapped(webhookSchema(false)) },
        409: { description: 'Another webhook of this chatbot already has this URL' },
      },
    },
    async ({ params, body, res }) => {
      const ctx = contextOf(res);
      await commands.update(params.id, body, ctx);
      const [doc] = await withLatestDeliveries([await ownedWebhook(views, ctx.workspaceId, params.id)], deliveryLog);
      const names = await chatbotNames(views, [doc.chatbotId]);
      return { body: { data: present(doc, names.get(doc.chatbotId) ?? null) } };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/webhooks/:id',
      summary: 'Delete a webhook and its delivery logs',
      tags,
      params: idParams,
      responses: { 200: { description: 'Deleted', schema: messageSchema } },
    },
    async ({ params, res }) => {
      await commands.delete(params.id, contextOf(res));
      return { body: { message: 'Webhook deleted successfully' } };
    },
  );
}

/**
 * The webhook endpoints of both doors (docs/external-api.md, Webhooks; docs/events.md). Reads
 * come from the `webhooks` view, with lastDeliveryAt from the delivery log where that is later;
 * the signing secret is answered by create only. The dashboard adds the delivery log of the
 * retention period, resending a past delivery, and reactivation (a PATCH to status active, which
 * the aggregate records as WebhookReactivated when the webhook had failed). On the dashboard,
 * reads need the admin role as writes do: a receiver URL often carries the receiver's token, and
 * the delivery log shows the payloads sent; the Free plan has no webhook access on either door
 * (the key door refuses it any API access).
 */
import type { WebhookCommands } from '../../../commands/webhookCommands.js';
import { NotFoundError } from '../../../domain/errors.js';
import { WEBHOOK_EVENT_NAMES } from '../../../domain/webhooks/webhookEvents.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { type DeliveryLog, RETENTION_DAYS } from '../../../infrastructure/webhooks/deliveryLogQueries.js';
import type { WebhookDoc } from '../../../projections/views/webhooksView.js';
import { decodeCursor, encodeCursor } from './logCursor.js';
import type { RouteHandler } from '../../http/route.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { DoorPolicy, PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, messageSchema, wrapped } from '../resourceSchemas.js';
import { presentAttempt, WEBHOOK_PRESENTERS } from './webhookPresenter.js';
import {
  assertWebhookAccess,
  chatbotNames,
  createdDoc,
  ownedWebhook,
  webhookCap,
  withLatestDeliveries,
  workspaceWebhooks,
} from './webhookQueries.js';
import { workspaceChatbots } from '../chatbots/chatbotQueries.js';
import {
  createWebhookBody,
  dashboardWebhookSchema,
  deliveryEntrySchema,
  updateWebhookBody,
  webhookEventNameSchema,
  webhookSchema,
} from './webhookSchemas.js';
import { namedSchema, schemaName } from '../../http/namedSchema.js';
import { webhookCallbacks } from './webhookCallbacks.js';

export interface WebhookRoutesDeps {
  views: ReadStoreReader;
  webhooks: WebhookCommands;
  /** The delivery log: each webhook's latest success (absent: the view's alone), its pages and resends. */
  deliveryLog?: Partial<DeliveryLog> & Pick<DeliveryLog, 'latestSuccesses'>;
}

const TAGS: PerDoor<string[]> = { key: ['Webhooks'], session: ['Dashboard: webhooks'] };
const LOG_PAGE = 25;
const SAME_URL = { 409: { description: 'Another webhook of this chatbot already has this URL' } };

/** The answer of a create: the webhook with its secret, and a reminder to save the secret. */
const createdAnswer = (webhook: JsonSchema): JsonSchema =>
  namedSchema(`${schemaName(webhook)}Envelope`, {
    type: 'object',
    required: ['data', 'message'],
    properties: { data: webhook, message: { type: 'string' } },
  });

export function webhookRoutes(door: ResourceDoor, { views, webhooks: commands, deliveryLog }: WebhookRoutesDeps): void {
  const tags = TAGS[door.kind];
  const onKey = door.kind === 'key';
  const present = WEBHOOK_PRESENTERS[door.kind];
  /**
   * A route behind this door. The dashboard documents its 403s and checks the plan once the
   * request is valid; the key door refused the Free plan at its entrance already.
   */
  const add = (spec: Parameters<ResourceDoor['add']>[0], handler: RouteHandler, policy: DoorPolicy = {}) => {
    if (onKey) return door.add(spec, handler, policy);
    const forbidden = 'Free plan (PLAN_NO_WEBHOOK_ACCESS) or not an admin (INSUFFICIENT_ROLE)';
    door.add(
      { ...spec, responses: { ...spec.responses, 403: { description: forbidden } } },
      async (input) => {
        assertWebhookAccess(principalOf(input.res));
        return handler(input);
      },
      { ...policy, admin: true },
    );
  };
  /** One webhook with its latest delivery and its chatbot's name. */
  const presentOne = async (doc: WebhookDoc) => {
    const [fresh] = await withLatestDeliveries([doc], deliveryLog);
    return present(fresh, (await chatbotNames(views, [doc.chatbotId])).get(doc.chatbotId) ?? null);
  };

  add(
    {
      method: 'get',
      path: '/webhooks',
      tags,
      ...{
        key: {
          summary: "List the workspace's webhook subscriptions",
          responses: {
            200: {
              description: 'Webhooks, newest first (no secrets)',
              schema: wrapped({ type: 'array', items: webhookSchema(false) }),
            },
          },
        },
        session: {
          summary: "The workspace's webhooks, the chatbots one can subscribe to, the event names and the plan's cap",
          responses: {
            200: {
              description: 'Webhooks newest first (no secrets)',
              schema: namedSchema('DashboardWebhookList', {
                type: 'object',
                required: ['data', 'chatbots', 'events', 'limit'],
                properties: {
                  data: { type: 'array', items: dashboardWebhookSchema(false) },
                  chatbots: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id', 'name'],
                      properties: { id: { type: 'string' }, name: { type: 'string' } },
                    },
                  },
                  events: { type: 'array', items: webhookEventNameSchema },
                  limit: { type: 'integer', nullable: true, description: "The plan's webhook cap; null: unlimited" },
                },
              }),
            },
          },
        },
      }[door.kind],
    },
    async ({ res }) => {
      const principal = principalOf(res);
      const { workspaceId } = principal;
      if (onKey) {
        const docs = await withLatestDeliveries(await workspaceWebhooks(views, workspaceId), deliveryLog);
        const names = await chatbotNames(
          views,
          docs.map((d) => d.chatbotId),
        );
        return { body: { data: docs.map((d) => present(d, names.get(d.chatbotId) ?? null)) } };
      }
      const limit = webhookCap(principal);
      const [docs, bots] = await Promise.all([
        workspaceWebhooks(views, workspaceId).then((found) => withLatestDeliveries(found, deliveryLog)),
        workspaceChatbots(views, workspaceId),
      ]);
      const names = new Map(bots.map((b) => [b.id, b.name]));
      return {
        body: {
          data: docs.map((d) => present(d, names.get(d.chatbotId) ?? null)),
          chatbots: bots.map((b) => ({ id: b.id, name: b.name })),
          events: [...WEBHOOK_EVENT_NAMES],
          limit,
        },
      };
    },
  );

  add(
    {
      method: 'post',
      path: '/webhooks',
      tags,
      body: createWebhookBody,
      ...{
        key: {
          summary: 'Create a webhook subscription (subject to the plan webhook cap)',
          callbacks: webhookCallbacks(),
          responses: {
            201: {
              description: 'Created; the secret is returned only here',
              schema: createdAnswer(webhookSchema(true)),
            },
          },
        },
        session: {
          summary: 'Create a webhook; its signing secret is answered only here',
          responses: {
            201: {
              description: 'Created',
              schema: createdAnswer(dashboardWebhookSchema(true)),
            },
            ...SAME_URL,
          },
        },
      }[door.kind],
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      // Answered from the command's result, so a lagging view can never turn it into a 404.
      const created = await door.create(res, 'webhook', (opts) => commands.create(body, ctx, opts));
      const doc = await createdDoc(views, ctx.workspaceId, created);
      return {
        status: 201,
        body: onKey
          ? {
              data: { ...present(doc, null), secret: created.secret },
              message:
                'Webhook created. Save the secret now: it is used to verify the x-webhook-signature header and will not be shown again.',
            }
          : {
              data: { ...(await presentOne(doc)), secret: created.secret },
              message: 'Webhook created. Save the signing secret now: it will not be shown again.',
            },
      };
    },
  );

  add(
    {
      method: 'patch',
      path: '/webhooks/:id',
      tags,
      params: idParams,
      body: updateWebhookBody,
      ...{
        key: {
          summary: 'Update a webhook (only given fields change; status active or paused)',
          responses: {
            200: { description: 'Updated (no secret)', schema: wrapped(webhookSchema(false)) },
            ...SAME_URL,
          },
        },
        session: {
          summary:
            'Update a webhook: url, events, description, or status (paused; active resumes a paused webhook and reactivates a failed one)',
          responses: { 200: { description: 'Updated', schema: wrapped(dashboardWebhookSchema(false)) }, ...SAME_URL },
        },
      }[door.kind],
    },
    async ({ params, body, res }) => {
      const ctx = contextOf(res);
      await commands.update(params.id, body, ctx);
      return { body: { data: await presentOne(await ownedWebhook(views, ctx.workspaceId, params.id)) } };
    },
  );

  add(
    {
      method: 'delete',
      path: '/webhooks/:id',
      tags,
      params: idParams,
      summary: onKey ? 'Delete a webhook and its delivery logs' : 'Delete a webhook and its delivery log',
      responses: { 200: { description: 'Deleted', schema: messageSchema } },
    },
    async ({ params, res }) => {
      await commands.delete(params.id, contextOf(res));
      return { body: { message: onKey ? 'Webhook deleted successfully' : 'Webhook deleted' } };
    },
  );

  // The log's pages and resends are the dashboard's alone.
  const log = deliveryLog;
  if (onKey || !log?.attempts || !log.onRecord) return;
  const { attempts, onRecord } = log;

  add(
    {
      method: 'get',
      path: '/webhooks/:id/deliveries',
      tags,
      params: idParams,
      summary: `The delivery log of one webhook: every attempt of the last ${RETENTION_DAYS} days, newest first`,
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 100, description: `Attempts per page (default ${LOG_PAGE})` },
          cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page' },
        },
      },
      responses: {
        200: {
          description: 'One page of the log',
          schema: namedSchema('WebhookDeliveryLogPage', {
            type: 'object',
            required: ['data', 'nextCursor'],
            properties: {
              data: { type: 'array', items: deliveryEntrySchema },
              nextCursor: { type: 'string', nullable: true },
            },
          }),
        },
      },
    },
    async ({ params, query, res }) => {
      await ownedWebhook(views, principalOf(res).workspaceId, params.id);
      const limit = (query.limit as number | undefined) ?? LOG_PAGE;
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor as string);
      // One more than asked tells whether there is a next page without a count over the log.
      const rows = await attempts(params.id, { limit: limit + 1, after, withinDays: RETENTION_DAYS });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        body: {
          data: page.map(presentAttempt),
          nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
        },
      };
    },
  );

  const deliveryParams: JsonSchema = {
    type: 'object',
    required: ['id', 'deliveryId'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 64 },
      deliveryId: { type: 'string', minLength: 1, maxLength: 64 },
    },
  };
  add(
    {
      method: 'post',
      path: '/webhooks/:id/deliveries/:deliveryId/resend',
      tags,
      params: deliveryParams,
      summary:
        'Send a past delivery again: a new delivery with the same payload and a fresh signature, logged like any other (409 while the webhook is failed or paused)',
      responses: {
        202: {
          description: 'Queued',
          schema: {
            type: 'object',
            required: ['data', 'message'],
            properties: {
              data: { type: 'object', required: ['deliveryId'], properties: { deliveryId: { type: 'string' } } },
              message: { type: 'string' },
            },
          },
        },
        409: { description: 'The webhook is failed (WEBHOOK_DISABLED) or paused (WEBHOOK_PAUSED)' },
      },
    },
    async ({ params, res }) => {
      await ownedWebhook(views, principalOf(res).workspaceId, params.id);
      if (!(await onRecord(params.id, params.deliveryId))) throw new NotFoundError('Delivery not found');
      const { deliveryId } = await commands.resendDelivery(params.id, params.deliveryId, contextOf(res));
      return {
        status: 202,
        body: { data: { deliveryId }, message: 'The delivery was queued; it appears in the log once sent.' },
      };
    },
  );
}

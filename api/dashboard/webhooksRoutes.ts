/**
 * The dashboard's webhook endpoints: the External API's webhook operations for a
 * signed-in user (same commands, schemas and presenter), plus what only the dashboard offers:
 * the delivery log of the last 30 days, resending a past delivery, and reactivation (a PATCH to
 * status active, which the aggregate records as WebhookReactivated when the webhook had failed).
 * Reads are open to every member; writes need the admin role. The Free plan has no webhook
 * access here either (403 PLAN_NO_WEBHOOK_ACCESS), as on the External API.
 */
import type { Response, Router } from 'express';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { hasApiAccess, limitsFor, type PlanName } from '../../domain/plans.js';
import { WEBHOOK_EVENT_NAMES } from '../../domain/webhooks/webhookEvents.js';
import { WEBHOOKS, type WebhookDoc } from '../../projections/views/webhooksView.js';
import { CHATBOTS, type ChatbotDoc } from '../../projections/views/chatbotsView.js';
import { WORKSPACES, type WorkspaceDoc } from '../../projections/views/workspacesView.js';
import { RETENTION_DAYS, type DeliveryAttemptRow } from '../../infrastructure/webhooks/deliveryLogQueries.js';
import {
  chatbotNames,
  ownedWebhook,
  present as presentWebhook,
  withLatestDeliveries,
} from '../external/webhooksRoutes.js';
import { createWebhookBody, updateWebhookBody, webhookSchema } from '../external/webhookSchemas.js';
import { idParams, messageSchema, wrapped } from '../resources/resourceSchemas.js';
import { contextOf, principalOf } from '../principal/principal.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { JsonSchema } from '../http/schemaValidator.js';
import type { DashboardApiDeps } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';
import { decodeCursor, encodeCursor } from './logCursor.js';

const tags = ['Dashboard: webhooks'];
const LOG_PAGE = 25;

/** What the dashboard adds to the External API's webhook: why the service set it to failed. */
const dashboardWebhookSchema = (withSecret: boolean): JsonSchema => {
  const base = webhookSchema(withSecret) as { properties: Record<string, JsonSchema>; required: string[] };
  const disabledReason = {
    type: 'string',
    enum: ['consecutive_failures', 'gone'],
    nullable: true,
    description: 'Why status is failed: 10 consecutive failed deliveries, or the receiver answered 410 Gone',
  };
  return {
    ...base,
    required: [...base.required, 'disabledReason'],
    properties: { ...base.properties, disabledReason },
  };
};

function present(doc: WebhookDoc, chatbotName: string | null) {
  return {
    ...presentWebhook(doc, chatbotName),
    disabledReason: doc.status === 'failed' ? (doc.disabledReason ?? 'consecutive_failures') : null,
  };
}

const deliveryEntrySchema: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'deliveryId',
    'attempt',
    'event',
    'success',
    'statusCode',
    'responseMs',
    'error',
    'createdAt',
    'payload',
    'response',
    'requestUrl',
    'requestHeaders',
    'resentFrom',
  ],
  properties: {
    id: { type: 'string', description: 'This attempt' },
    deliveryId: { type: 'string', description: 'The delivery (one event to one webhook, with its retries)' },
    attempt: { type: 'integer', description: '1 for the first try, then each retry' },
    event: { type: 'string' },
    success: { type: 'boolean' },
    statusCode: {
      type: 'integer',
      nullable: true,
      description: 'null when no answer came (timeout, connection refused)',
    },
    responseMs: { type: 'integer' },
    error: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    payload: { type: 'string', description: 'The exact JSON body sent (and signed)' },
    response: { type: 'string', nullable: true, description: "The start of the receiver's answer" },
    requestUrl: { type: 'string' },
    requestHeaders: { type: 'object', additionalProperties: { type: 'string' } },
    resentFrom: { type: 'string', nullable: true, description: 'The delivery this one resends' },
  },
};

const presentAttempt = (a: DeliveryAttemptRow) => ({
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

async function planOf(
  views: DashboardApiDeps['views'],
  res: Response,
): Promise<{ plan: PlanName; limit: number | null }> {
  const ws = await views.get<WorkspaceDoc>(WORKSPACES, principalOf(res).workspaceId);
  if (!ws) throw new NotFoundError('Workspace not found');
  const plan = ws.plan as PlanName;
  return { plan, limit: limitsFor(plan, ws.limits).webhooks };
}

/** The Free plan has no webhook access (docs/external-api.md, Plans), here as on the External API. */
async function assertWebhookAccess(
  views: DashboardApiDeps['views'],
  res: Response,
): Promise<{ plan: PlanName; limit: number | null }> {
  const plan = await planOf(views, res);
  if (!hasApiAccess(plan.plan))
    throw new ForbiddenError(
      'The Free plan has no webhook access. Upgrade your plan to use webhooks.',
      'PLAN_NO_WEBHOOK_ACCESS',
    );
  return plan;
}

export function webhooksRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: DashboardApiDeps): void {
  const { views, webhooks: commands, deliveryLog } = deps;
  const route =
    (admin: boolean) => (spec: Parameters<typeof addSessionRoute>[3], handler: Parameters<typeof addSessionRoute>[4]) =>
      addSessionRoute(
        router,
        registry,
        mount,
        {
          ...spec,
          responses: {
            ...spec.responses,
            403: {
              description: 'Free plan (PLAN_NO_WEBHOOK_ACCESS)' + (admin ? ' or not an admin (INSUFFICIENT_ROLE)' : ''),
            },
          },
        },
        async (input) => {
          await assertWebhookAccess(views, input.res);
          return handler(input);
        },
        { admin },
      );
  const read = route(false);
  const write = route(true);
  const deliveryParams: JsonSchema = {
    type: 'object',
    required: ['id', 'deliveryId'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 64 },
      deliveryId: { type: 'string', minLength: 1, maxLength: 64 },
    },
  };
  const presentOne = async (doc: WebhookDoc) => {
    const [fresh] = await withLatestDeliveries([doc], deliveryLog);
    return present(fresh, (await chatbotNames(views, [doc.chatbotId])).get(doc.chatbotId) ?? null);
  };

  read(
    {
      method: 'get',
      path: '/webhooks',
      summary: "The workspace's webhooks, the chatbots one can subscribe to, the event names and the plan's cap",
      tags,
      responses: {
        200: {
          description: 'Webhooks newest first (no secrets)',
          schema: {
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
              events: { type: 'array', items: { type: 'string' } },
              limit: { type: 'integer', nullable: true, description: "The plan's webhook cap; null: unlimited" },
            },
          },
        },
      },
    },
    async ({ res }) => {
      const { workspaceId } = principalOf(res);
      const { limit } = await planOf(views, res);
      const [docs, bots] = await Promise.all([
        views
          .find<WebhookDoc>(WEBHOOKS, { workspaceId }, { sort: [['createdAt', -1]] })
          .then((found) => withLatestDeliveries(found, deliveryLog)),
        views.find<ChatbotDoc>(CHATBOTS, { workspaceId }, { sort: [['createdAt', -1]] }),
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

  write(
    {
      method: 'post',
      path: '/webhooks',
      summary: 'Create a webhook; its signing secret is answered only here',
      tags,
      body: createWebhookBody,
      responses: {
        201: {
          description: 'Created',
          schema: {
            type: 'object',
            required: ['data', 'message'],
            properties: { data: dashboardWebhookSchema(true), message: { type: 'string' } },
          },
        },
        409: { description: 'Another webhook of this chatbot already has this URL' },
      },
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      // Answered from the command's result, so a lagging view can never turn it into a 404.
      const { webhookId, secret, state, at } = await commands.create(body, ctx);
      const doc: WebhookDoc = {
        id: webhookId,
        workspaceId: ctx.workspaceId,
        chatbotId: state.chatbotId!,
        ...state.fields,
        status: 'active',
        failureCount: 0,
        lastDeliveryAt: null,
        lastFailureAt: null,
        secret,
        createdPosition: '',
        createdAt: at,
        updatedAt: at,
      };
      return {
        status: 201,
        body: {
          data: { ...(await presentOne(doc)), secret },
          message: 'Webhook created. Save the signing secret now: it will not be shown again.',
        },
      };
    },
  );

  write(
    {
      method: 'patch',
      path: '/webhooks/:id',
      tags,
      params: idParams,
      body: updateWebhookBody,
      summary:
        'Update a webhook: url, events, description, or status (paused; active resumes a paused webhook and reactivates a failed one)',
      responses: {
        200: { description: 'Updated', schema: wrapped(dashboardWebhookSchema(false)) },
        409: { description: 'Another webhook of this chatbot already has this URL' },
      },
    },
    async ({ params, body, res }) => {
      await commands.update(params.id, body, contextOf(res));
      return { body: { data: await presentOne(await ownedWebhook(views, principalOf(res).workspaceId, params.id)) } };
    },
  );

  write(
    {
      method: 'delete',
      path: '/webhooks/:id',
      summary: 'Delete a webhook and its delivery log',
      tags,
      params: idParams,
      responses: { 200: { description: 'Deleted', schema: messageSchema } },
    },
    async ({ params, res }) => {
      await commands.delete(params.id, contextOf(res));
      return { body: { message: 'Webhook deleted' } };
    },
  );

  read(
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
          schema: {
            type: 'object',
            required: ['data', 'nextCursor'],
            properties: {
              data: { type: 'array', items: deliveryEntrySchema },
              nextCursor: { type: 'string', nullable: true },
            },
          },
        },
      },
    },
    async ({ params, query, res }) => {
      await ownedWebhook(views, principalOf(res).workspaceId, params.id);
      const limit = (query.limit as number | undefined) ?? LOG_PAGE;
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor as string);
      // One more than asked tells whether there is a next page without a count over the log.
      const rows = await deliveryLog.attempts(params.id, { limit: limit + 1, after, withinDays: RETENTION_DAYS });
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

  write(
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
      if (!(await deliveryLog.onRecord(params.id, params.deliveryId))) throw new NotFoundError('Delivery not found');
      const { deliveryId } = await commands.resendDelivery(params.id, params.deliveryId, contextOf(res));
      return {
        status: 202,
        body: { data: { deliveryId }, message: 'The delivery was queued; it appears in the log once sent.' },
      };
    },
  );
}

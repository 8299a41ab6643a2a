/** JSON schemas of the webhook endpoints (docs/external-api.md, Webhooks). */
import { namedSchema, unnamed } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { WEBHOOK_EVENT_NAMES } from '../../../domain/webhooks/webhookEvents.js';
import { MAX_WEBHOOK_DESCRIPTION } from '../../../domain/webhooks/webhook.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../domain/webhooks/webhookUrl.js';

/** The one schema of an event name, in requests, answers and the deliveries' bodies alike. */
export const webhookEventNameSchema: JsonSchema = namedSchema('WebhookEventName', {
  type: 'string',
  enum: [...WEBHOOK_EVENT_NAMES],
  description: 'A webhook event (docs/events.md)',
});

// An unknown name is a 400 listing the unknown and the valid names (schemaValidator.ts).
const eventsSchema: JsonSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 20,
  items: webhookEventNameSchema,
  description: 'The events to receive; duplicates count once',
};
const urlSchema: JsonSchema = {
  type: 'string',
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description: 'https URL of a public host',
};

export const createWebhookBody: JsonSchema = namedSchema('CreateWebhookRequest', {
  type: 'object',
  required: ['chatbotId', 'url', 'events'],
  additionalProperties: false,
  properties: {
    chatbotId: { type: 'string', minLength: 1, maxLength: 64 },
    url: urlSchema,
    events: eventsSchema,
    description: { type: 'string', maxLength: MAX_WEBHOOK_DESCRIPTION },
  },
});

export const updateWebhookBody: JsonSchema = namedSchema('UpdateWebhookRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: urlSchema,
    events: eventsSchema,
    description: { type: 'string', maxLength: MAX_WEBHOOK_DESCRIPTION },
    status: { type: 'string', enum: ['active', 'paused'] },
  },
});

const ts = { type: 'string', format: 'date-time' };
const nullableTs = { type: 'string', format: 'date-time', nullable: true };

const WEBHOOK_FIELDS: Record<string, JsonSchema> = {
  id: { type: 'string' },
  chatbot: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'string' }, name: { type: 'string', nullable: true } },
  },
  url: { type: 'string' },
  events: { type: 'array', items: webhookEventNameSchema },
  description: { type: 'string' },
  status: { type: 'string', enum: ['active', 'paused', 'failed'] },
  failureCount: { type: 'integer' },
  lastDeliveryAt: nullableTs,
  lastFailureAt: nullableTs,
  createdAt: ts,
  updatedAt: ts,
};

export const WEBHOOK_FIELD_NAMES = Object.keys(WEBHOOK_FIELDS);

export function webhookSchema(withSecret: boolean): JsonSchema {
  const properties = withSecret
    ? {
        ...WEBHOOK_FIELDS,
        secret: {
          type: 'string',
          pattern: '^[0-9a-f]{64}$',
          description: 'Signing secret; returned only here. Save it.',
        },
      }
    : WEBHOOK_FIELDS;
  return namedSchema(withSecret ? 'WebhookCreated' : 'Webhook', {
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  });
}

/** What the dashboard adds to the External API's webhook: why the service set it to failed. */
export const dashboardWebhookSchema = (withSecret: boolean): JsonSchema => {
  const base = unnamed(webhookSchema(withSecret)) as { properties: Record<string, JsonSchema>; required: string[] };
  const disabledReason = {
    type: 'string',
    enum: ['consecutive_failures', 'gone'],
    nullable: true,
    description: 'Why status is failed: 10 consecutive failed deliveries, or the receiver answered 410 Gone',
  };
  return namedSchema(withSecret ? 'DashboardWebhookCreated' : 'DashboardWebhook', {
    ...base,
    required: [...base.required, 'disabledReason'],
    properties: { ...base.properties, disabledReason },
  });
};

/** One attempt of the delivery log, as the dashboard shows it. */
export const deliveryEntrySchema: JsonSchema = namedSchema('WebhookDeliveryAttempt', {
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
    event: webhookEventNameSchema,
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
});

/** JSON schemas of the webhook endpoints (docs/external-api.md, Webhooks). */
import type { JsonSchema } from '../http/schemaValidator.js';
import { WEBHOOK_EVENT_NAMES } from '../../domain/webhooks/webhookEvents.js';
import { MAX_WEBHOOK_DESCRIPTION } from '../../domain/webhooks/webhook.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../domain/webhooks/webhookUrl.js';

// Event names are checked by the domain, not by an enum here: its 400 lists the unknown and
// the valid events (docs/external-api.md), which an ajv enum message cannot.
const eventsSchema: JsonSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 20,
  items: { type: 'string', maxLength: 100 },
  description: `Event names: ${WEBHOOK_EVENT_NAMES.join(', ')}`,
};
const urlSchema: JsonSchema = {
  type: 'string',
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description: 'https URL of a public host',
};

export const createWebhookBody: JsonSchema = {
  type: 'object',
  required: ['chatbotId', 'url', 'events'],
  additionalProperties: false,
  properties: {
    chatbotId: { type: 'string', minLength: 1, maxLength: 64 },
    url: urlSchema,
    events: eventsSchema,
    description: { type: 'string', maxLength: MAX_WEBHOOK_DESCRIPTION },
  },
};

export const updateWebhookBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: urlSchema,
    events: eventsSchema,
    description: { type: 'string', maxLength: MAX_WEBHOOK_DESCRIPTION },
    status: { type: 'string', enum: ['active', 'paused'] },
  },
};

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
  events: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_NAMES] } },
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
  return { type: 'object', required: Object.keys(properties), additionalProperties: false, properties };
}

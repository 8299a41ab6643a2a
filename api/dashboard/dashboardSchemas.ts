/**
 * Schemas of the dashboard's own answers. Request bodies and the chatbot and response fields
 * are the External API's (api/external/*Schemas.ts); what is added here is what only the
 * dashboard shows (a chatbot's flow, the embed snippet, the usage and cap figures).
 */
import type { JsonSchema } from '../http/schemaValidator.js';
import { withProps } from '../resources/resourceSchemas.js';
import { responseRecordSchema } from '../resources/responses/responseSchemas.js';

const str = { type: 'string' };
const nullableInt = { type: 'integer', nullable: true };

/** A response list item: the record plus which chatbot it belongs to. */
export const dashboardResponseSchema: JsonSchema = withProps(
  responseRecordSchema,
  { chatbotId: str, chatbotName: str },
  ['chatbotId', 'chatbotName'],
);

export const RESOLUTION_FILTERS = ['resolved', 'escalated', 'ended', 'active'] as const;

export const responsesQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    chatbotId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: "Only this chatbot's responses (default: every chatbot of the workspace)",
    },
    startDate: { type: 'string', format: 'date', maxLength: 10 },
    endDate: { type: 'string', format: 'date', maxLength: 10 },
    resolution: {
      type: 'string',
      enum: [...RESOLUTION_FILTERS],
      description: 'How the conversation ended; `active`: not ended yet',
    },
    visitorId: { type: 'string', minLength: 1, maxLength: 200, description: 'Exact visitor id' },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
};

export const responsesPageSchema: JsonSchema = {
  type: 'object',
  required: ['data', 'total', 'page', 'totalPages'],
  properties: {
    data: { type: 'array', items: dashboardResponseSchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    totalPages: { type: 'integer' },
  },
};

export const usageSchema: JsonSchema = {
  type: 'object',
  required: ['month', 'plan', 'used', 'limit', 'remaining'],
  properties: { month: str, plan: str, used: { type: 'integer' }, limit: nullableInt, remaining: nullableInt },
};

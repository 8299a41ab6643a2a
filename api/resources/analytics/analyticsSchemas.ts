/** JSON schemas of the analytics endpoints of both doors (docs/external-api.md, Analytics). */
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { wrapped } from '../resourceSchemas.js';

export const MAX_ANALYTICS_DAYS = 365;
export const DEFAULT_ANALYTICS_DAYS = 30;

export const analyticsQuery: JsonSchema = {
  type: 'object',
  properties: {
    days: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_ANALYTICS_DAYS,
      default: DEFAULT_ANALYTICS_DAYS,
      description: `Length of the period in UTC days ending today, 1 to ${MAX_ANALYTICS_DAYS} (default ${DEFAULT_ANALYTICS_DAYS}); outside that range: 400`,
    },
  },
};

export const analyticsSchema: JsonSchema = namedSchema('Analytics', {
  type: 'object',
  required: ['totalResponses', 'recentResponses', 'period', 'dailyCounts'],
  properties: {
    totalResponses: { type: 'integer' },
    recentResponses: { type: 'integer', description: 'Responses whose chatDate falls in the period' },
    period: { type: 'string', example: '30d' },
    dailyCounts: {
      type: 'array',
      description: 'One entry per UTC day of the period, oldest first, zeros included',
      items: {
        type: 'object',
        required: ['date', 'count'],
        properties: { date: { type: 'string', format: 'date' }, count: { type: 'integer' } },
      },
    },
  },
});

/** The dashboard's query: one chatbot or the whole workspace. */
export const analyticsQueryDashboard: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    chatbotId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'One chatbot (default: every chatbot of the workspace together)',
    },
    days: { type: 'integer', minimum: 1, maximum: MAX_ANALYTICS_DAYS, default: DEFAULT_ANALYTICS_DAYS },
  },
};

export const dashboardAnalyticsSchema: JsonSchema = wrapped(analyticsSchema);

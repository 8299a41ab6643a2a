/** JSON schemas of an agent's analytics and the period query (docs/ai-analytics.md). */
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS } from './analyticsPeriod.js';

const day: JsonSchema = { type: 'string', format: 'date', maxLength: 10 };
const count: JsonSchema = { type: 'integer', minimum: 0 };

/** startDate and endDate of a report's period; other lists add their own fields to it. */
export const periodProperties: Record<string, JsonSchema> = {
  startDate: {
    ...day,
    description: `First UTC day of the period (YYYY-MM-DD, inclusive). Not a calendar date: 400. Alone: the period runs to today.`,
  },
  endDate: {
    ...day,
    description: `Last UTC day of the period (YYYY-MM-DD, inclusive). Before startDate, or more than ${MAX_PERIOD_DAYS} days after it: 400. Neither date: the last ${DEFAULT_PERIOD_DAYS} days ending today.`,
  },
};

export const agentAnalyticsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: periodProperties,
};

export const agentAnalyticsSchema: JsonSchema = namedSchema('AgentAnalytics', {
  type: 'object',
  additionalProperties: false,
  required: [
    'chatbotId',
    'startDate',
    'endDate',
    'conversations',
    'resolved',
    'escalated',
    'ended',
    'handoffReasons',
    'answers',
    'answersWithSource',
    'sourcedShare',
    'unansweredQuestions',
    'tokens',
    'latencyMs',
    'days',
  ],
  properties: {
    chatbotId: { type: 'string' },
    startDate: { ...day, description: 'First day of the period (UTC)' },
    endDate: { ...day, description: 'Last day of the period (UTC)' },
    conversations: {
      ...count,
      description: 'Conversations an AI agent took part in, counted on the day it first did',
    },
    resolved: { ...count, description: 'Of those conversations, how many ended resolved' },
    escalated: { ...count, description: 'Handed off to a person' },
    ended: { ...count, description: 'Ended without resolution or handoff' },
    handoffReasons: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description:
        'Escalated conversations by handoff reason (visitor_request, low_confidence, out_of_scope, policy, turn_limit, model_error…; unspecified without one; other for a reason in words)',
    },
    answers: { ...count, description: 'Answers of the model' },
    answersWithSource: { ...count, description: 'Answers citing at least one knowledge source' },
    sourcedShare: {
      type: 'number',
      nullable: true,
      minimum: 0,
      maximum: 1,
      description: 'answersWithSource / answers; null without answers',
    },
    unansweredQuestions: {
      ...count,
      description: 'Visitor questions the knowledge had nothing for (GET /knowledge/unanswered lists them)',
    },
    tokens: {
      type: 'object',
      additionalProperties: false,
      required: ['in', 'out'],
      properties: { in: count, out: count },
    },
    latencyMs: {
      type: 'object',
      additionalProperties: false,
      required: ['p50', 'p95'],
      description: "Percentiles of the model's answer time, within 9.1%; null without answers",
      properties: { p50: { ...count, nullable: true }, p95: { ...count, nullable: true } },
    },
    days: {
      type: 'array',
      description: 'One entry per UTC day of the period, oldest first, zeros included',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'conversations', 'answers', 'tokens'],
        properties: {
          date: day,
          conversations: count,
          answers: count,
          tokens: { ...count, description: 'Tokens in and out together' },
        },
      },
    },
  },
});

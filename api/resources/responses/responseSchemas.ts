/**
 * JSON schemas of the responses endpoints of both doors (docs/external-api.md, Responses): the
 * key door's per chatbot, the dashboard's across the workspace with its filters.
 */
import { citedSourcesSchema } from '../../http/citedSourcesSchema.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { withProps } from '../resourceSchemas.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE = 1_000_000;

const id = { type: 'string', minLength: 1, maxLength: 64 };
const day = { type: 'string', format: 'date', maxLength: 10 };

export const chatbotParams: JsonSchema = { type: 'object', required: ['id'], properties: { id } };
export const responseParams: JsonSchema = {
  type: 'object',
  required: ['id', 'responseId'],
  properties: { id, responseId: id },
};

const startDateParam = {
  ...day,
  description: 'First UTC day of chatDate to include (YYYY-MM-DD, inclusive). Not a calendar date: 400.',
};
const endDateParam = {
  ...day,
  description: 'Last UTC day of chatDate to include (YYYY-MM-DD, inclusive). Before startDate: 400.',
};

export const listResponsesQuery: JsonSchema = {
  type: 'object',
  properties: {
    page: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      default: 1,
      description: 'Page number, from 1. A page past the last one returns an empty data array.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: `Page size, ${DEFAULT_PAGE_SIZE} by default. Values above ${MAX_PAGE_SIZE} are rejected with 400 (not capped), so a client never silently gets fewer items than it asked for.`,
    },
    startDate: startDateParam,
    endDate: endDateParam,
  },
};

export const exportResponsesQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    format: {
      type: 'string',
      enum: ['csv', 'ndjson'],
      default: 'csv',
      description: 'csv (a header line, then one row per response) or ndjson (one JSON object per line)',
    },
    startDate: startDateParam,
    endDate: endDateParam,
  },
};

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };

export const responseRecordSchema: JsonSchema = namedSchema('Response', {
  type: 'object',
  required: ['_id', 'chatSessionId', 'visitorId', 'chatDate', 'record', 'answerVariables'],
  properties: {
    _id: str,
    chatSessionId: str,
    visitorId: str,
    chatDate: { type: 'string', format: 'date-time', description: 'When the visitor sent the first message' },
    record: {
      type: 'array',
      description: 'The whole conversation, oldest first',
      items: {
        type: 'object',
        required: ['type', 'message'],
        properties: {
          type: { type: 'string', enum: ['bot', 'user'] },
          message: str,
          timestamp: { type: 'string', format: 'date-time' },
          sources: citedSourcesSchema,
        },
      },
    },
    answerVariables: { type: 'object', additionalProperties: str, description: "Variable name → the visitor's answer" },
    customData: {
      type: 'object',
      additionalProperties: str,
      description: 'What the embedding site passed to the widget',
    },
    user: {
      type: 'object',
      nullable: true,
      properties: { id: str, email: str, name: str },
      description: 'The logged-in customer the embedding site passed, if any',
    },
    channel: str,
    turnCount: { type: 'integer', description: 'Visitor messages so far' },
    status: { type: 'string', enum: ['active', 'completed'] },
    // OpenAPI 3.0: nullable alone does not admit null into an enum; it must be listed too.
    resolution: {
      type: 'string',
      enum: ['escalated', 'resolved', 'ended', null],
      nullable: true,
      description: 'null while the conversation is active',
    },
    escalationReason: nullableStr,
    completedAt: { type: 'string', format: 'date-time', nullable: true },
    handoff: {
      type: 'object',
      nullable: true,
      required: ['reason', 'summary'],
      properties: {
        reason: { type: 'string', description: 'The handoff reason the AI agent gave (as escalationReason)' },
        summary: { type: 'string', description: 'What the agent wrote for the person taking over' },
      },
      description:
        "An AI agent's handoff to a person: why, and its summary of the conversation. null when no agent handed this conversation off (a flow's handoff, a model error or a turn limit has no summary).",
    },
  },
});

export const responsesPage: JsonSchema = namedSchema('ResponsePage', {
  type: 'object',
  required: ['data', 'total', 'page', 'totalPages'],
  properties: {
    data: { type: 'array', items: responseRecordSchema, description: 'Newest chatDate first' },
    total: { type: 'integer', description: 'Responses matching the date filter' },
    page: { type: 'integer' },
    totalPages: { type: 'integer', description: 'ceil(total / limit); 0 when there are none' },
  },
});

/** A response list item: the record plus which chatbot it belongs to. */
export const dashboardResponseSchema: JsonSchema = namedSchema(
  'DashboardResponse',
  withProps(responseRecordSchema, { chatbotId: str, chatbotName: str }, ['chatbotId', 'chatbotName']),
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

export const responsesPageSchema: JsonSchema = namedSchema('DashboardResponsePage', {
  type: 'object',
  required: ['data', 'total', 'page', 'totalPages'],
  properties: {
    data: { type: 'array', items: dashboardResponseSchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    totalPages: { type: 'integer' },
  },
});

export const provenanceSchema: JsonSchema = namedSchema('ResponseProvenance', {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      description: "One item per AI answer of the record, in the record's order",
      items: namedSchema('AnswerProvenance', {
        type: 'object',
        required: [
          'messageIndex',
          'message',
          'model',
          'tokens',
          'tokensIn',
          'tokensOut',
          'latencyMs',
          'instructionsVersion',
          'searches',
          'chunks',
          'sources',
        ],
        additionalProperties: false,
        properties: {
          messageIndex: {
            type: 'integer',
            minimum: 0,
            description: "The answer's place in the record (0 = first entry)",
          },
          message: { type: 'string', nullable: true, description: 'The words of the answer' },
          model: str,
          tokens: { type: 'integer', description: 'Tokens in and out of the model calls of this answer' },
          tokensIn: { type: 'integer' },
          tokensOut: { type: 'integer' },
          latencyMs: { type: 'integer' },
          instructionsVersion: {
            type: 'string',
            nullable: true,
            description:
              "The first 16 hex digits of the SHA-256 of the agent's instructions then; null for agents without knowledge",
          },
          searches: { type: 'array', items: str, description: 'What the knowledge was searched with, in order' },
          chunks: {
            type: 'array',
            description: 'Every passage the model was given, with its retrieval score (higher is better)',
            items: {
              type: 'object',
              required: ['chunkId', 'sourceId', 'score'],
              additionalProperties: false,
              properties: { chunkId: str, sourceId: str, score: { type: 'number' } },
            },
          },
          sources: citedSourcesSchema,
        },
      }),
    },
  },
});

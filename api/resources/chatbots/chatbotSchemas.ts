/**
 * JSON schemas of the chatbot endpoints, request validation and OpenAPI in one: the key door's
 * fields per operation, and the dashboard's chatbot (every field of GET plus its flow, the plan
 * cap and the embed snippet).
 */
import { MAX_CHATBOT_DESCRIPTION, MAX_CHATBOT_NAME } from '../../../domain/chatbot/chatbot.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { MAX_FLOW_STEPS, MAX_STEP_TEXT } from '../../../domain/chatbot/flow.js';
import { withProps } from '../resourceSchemas.js';

/** The list form of docs/chat-api.md: 1 to 100 steps run in order. */
const listFlowSchema: JsonSchema = {
  type: 'object',
  required: ['steps'],
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_FLOW_STEPS,
      items: {
        type: 'object',
        required: ['type', 'text'],
        properties: {
          type: { type: 'string', enum: ['message', 'question', 'handoff'] },
          text: { type: 'string', minLength: 1, maxLength: MAX_STEP_TEXT },
          variable: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
        },
      },
    },
  },
};

/** A branching flow of docs/flows.md, checked as a whole by the domain (400 INVALID_FLOW). */
const graphFlowSchema: JsonSchema = {
  type: 'object',
  required: ['start', 'steps'],
  properties: { start: { type: 'string' }, steps: { type: 'array', items: { type: 'object' } } },
};

/** A flow given with the chatbot, in either form. Never echoed in the External API's answers. */
export const flowSchema: JsonSchema = namedSchema('FlowInput', {
  description: "Conversation flow (docs/chat-api.md, docs/flows.md); never echoed in the External API's answers",
  anyOf: [listFlowSchema, graphFlowSchema],
});

export const createChatbotBody: JsonSchema = namedSchema('CreateChatbotRequest', {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: MAX_CHATBOT_NAME },
    description: { type: 'string', maxLength: MAX_CHATBOT_DESCRIPTION },
    flow: flowSchema,
  },
});

export const updateChatbotBody: JsonSchema = namedSchema('UpdateChatbotRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: MAX_CHATBOT_NAME },
    description: { type: 'string', maxLength: MAX_CHATBOT_DESCRIPTION },
    disabled: { type: 'boolean' },
    flow: flowSchema,
  },
});

const ts = { type: 'string', format: 'date-time' };
const fields: Record<string, JsonSchema> = {
  id: { type: 'string' },
  name: { type: 'string' },
  description: { type: 'string' },
  disabled: { type: 'boolean' },
  responseCount: { type: 'integer' },
  createdAt: ts,
  updatedAt: ts,
};

/** Which fields each operation returns is fixed by the spec (docs/external-api.md, Chatbots). */
export const CHATBOT_FIELDS = {
  list: ['id', 'name', 'disabled', 'responseCount', 'createdAt', 'updatedAt'],
  get: ['id', 'name', 'disabled', 'description', 'responseCount', 'createdAt', 'updatedAt'],
  create: ['id', 'name', 'description', 'createdAt'],
  update: ['id', 'name', 'description', 'disabled', 'updatedAt'],
  duplicate: ['id', 'name', 'description', 'createdAt'],
} as const;

/** The name of each operation's chatbot (create and duplicate answer the same fields). */
const CHATBOT_SCHEMA_NAMES: Record<keyof typeof CHATBOT_FIELDS, string> = {
  list: 'ChatbotSummary',
  get: 'Chatbot',
  create: 'ChatbotCreated',
  update: 'ChatbotUpdated',
  duplicate: 'ChatbotCreated',
};

export function chatbotSchema(op: keyof typeof CHATBOT_FIELDS): JsonSchema {
  const names = CHATBOT_FIELDS[op];
  return namedSchema(CHATBOT_SCHEMA_NAMES[op], {
    type: 'object',
    required: [...names],
    additionalProperties: false,
    properties: Object.fromEntries(names.map((n) => [n, fields[n]])),
  });
}

const str = { type: 'string' };

/** A chatbot as the dashboard shows it: every field of GET plus its flow's draft (either form). */
export const dashboardChatbotSchema: JsonSchema = withProps(chatbotSchema('get'), { flow: flowSchema }, ['flow']);

/** What a workspace may still create under its plan (null: unlimited). */
export const capSchema: JsonSchema = namedSchema('PlanCap', {
  type: 'object',
  required: ['used', 'limit'],
  properties: { used: { type: 'integer' }, limit: { type: 'integer', nullable: true } },
});

export const chatbotListSchema: JsonSchema = namedSchema('DashboardChatbotList', {
  type: 'object',
  required: ['data', 'cap'],
  properties: {
    data: { type: 'array', items: withProps(chatbotSchema('list'), { description: str }) },
    cap: capSchema,
  },
});

export const embedSchema: JsonSchema = namedSchema('Embed', {
  type: 'object',
  required: ['scriptUrl', 'snippet'],
  properties: {
    scriptUrl: { ...str, description: 'Where the widget script is served' },
    snippet: { ...str, description: 'HTML to paste before </body> of the site' },
  },
});

export const chatbotDetailSchema: JsonSchema = namedSchema('DashboardChatbotDetail', {
  type: 'object',
  required: ['data', 'embed'],
  properties: { data: namedSchema('DashboardChatbot', dashboardChatbotSchema), embed: embedSchema },
});

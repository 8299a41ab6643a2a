/** JSON schemas of the model connection endpoints (docs/ai-agents.md, Model connections). */
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import {
  MAX_API_KEY,
  MAX_CONNECTION_NAME,
  MAX_MODEL_CONNECTIONS,
  MAX_MODEL_NAME,
} from '../../../domain/modelConnections/modelConnectionFields.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../domain/webhooks/webhookUrl.js';

const FIELDS: Record<string, JsonSchema> = {
  name: {
    type: 'string',
    maxLength: MAX_CONNECTION_NAME,
    description: `1 to ${MAX_CONNECTION_NAME} characters, unique in the workspace`,
  },
  baseUrl: {
    type: 'string',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description:
      "The provider's OpenAI-compatible root, e.g. https://api.openai.com/v1. https to a public host; http or a private address only for hosts in LLM_ALLOW_HOSTS",
  },
  apiKey: {
    type: 'string',
    maxLength: MAX_API_KEY,
    writeOnly: true,
    description: `1 to ${MAX_API_KEY} characters; stored encrypted and never answered`,
  },
  chatModel: {
    type: 'string',
    maxLength: MAX_MODEL_NAME,
    description: 'Model id for chat completions, e.g. gpt-4o-mini',
  },
  embeddingModel: {
    type: 'string',
    nullable: true,
    maxLength: MAX_MODEL_NAME,
    description: 'Model id for embeddings (knowledge search); null: none',
  },
};

export const createModelConnectionBody: JsonSchema = namedSchema('CreateModelConnectionRequest', {
  type: 'object',
  required: ['name', 'baseUrl', 'apiKey', 'chatModel'],
  additionalProperties: false,
  properties: FIELDS,
});

export const updateModelConnectionBody: JsonSchema = namedSchema('UpdateModelConnectionRequest', {
  type: 'object',
  additionalProperties: false,
  properties: FIELDS,
  description: 'Only the given fields change; apiKey replaces the stored key; embeddingModel null removes it',
});

export const modelConnectionSchema: JsonSchema = namedSchema('ModelConnection', {
  type: 'object',
  required: ['id', 'name', 'baseUrl', 'chatModel', 'embeddingModel', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    baseUrl: { type: 'string' },
    chatModel: { type: 'string' },
    embeddingModel: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
});

export const platformModelSchema: JsonSchema = namedSchema('PlatformModel', {
  type: 'object',
  nullable: true,
  required: ['baseUrl', 'chatModel'],
  additionalProperties: false,
  description: "The operator's default connection (OPENAI_BASE_URL, OPENAI_MODEL), read-only; null when none is set",
  properties: { baseUrl: { type: 'string' }, chatModel: { type: 'string' } },
});

export const modelConnectionListSchema: JsonSchema = namedSchema('ModelConnectionList', {
  type: 'object',
  required: ['data', 'platform', 'limit'],
  properties: {
    data: { type: 'array', items: modelConnectionSchema },
    platform: platformModelSchema,
    limit: { type: 'integer', description: `Connections a workspace may hold (${MAX_MODEL_CONNECTIONS})` },
  },
});

export const connectionTestSchema: JsonSchema = namedSchema('ModelConnectionTest', {
  type: 'object',
  required: ['ok'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean', description: 'The provider accepted the key and knows the model(s)' },
    error: { type: 'string', description: 'What the provider said, in plain words (absent when ok)' },
  },
});

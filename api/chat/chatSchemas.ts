/** JSON schemas of the visitor chat API (CONTRACT.md §4): request validation and OpenAPI in one. */
import type { JsonSchema } from '../http/schemaValidator.js';
import {
  MAX_CUSTOM_DATA_KEYS,
  MAX_CUSTOM_DATA_VALUE_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_REASON_LENGTH,
  MAX_USER_FIELD_LENGTH,
} from '../../domain/conversation/visitorInput.js';

const id = { type: 'string', minLength: 1, maxLength: 64 };
const userField = { type: 'string', maxLength: MAX_USER_FIELD_LENGTH };

export const botParams: JsonSchema = { type: 'object', required: ['botId'], properties: { botId: id } };
export const sessionParams: JsonSchema = { type: 'object', required: ['botId', 'sessionId'], properties: { botId: id, sessionId: id } };

export const startSessionBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    visitorId: { type: 'string', maxLength: 100, nullable: true, description: 'The visitor\'s id (1-100 of A-Z a-z 0-9 . _ : @ + -); a new one is made when absent' },
    channel: { type: 'string', maxLength: 32, nullable: true, description: 'Conversation channel, default "web"' },
    customData: {
      type: 'object',
      nullable: true,
      maxProperties: MAX_CUSTOM_DATA_KEYS,
      additionalProperties: { type: 'string', maxLength: MAX_CUSTOM_DATA_VALUE_LENGTH },
      description: `Embedder data stored with the response record: up to ${MAX_CUSTOM_DATA_KEYS} string values, keys of 1-64 characters`,
    },
    user: {
      type: 'object',
      nullable: true,
      additionalProperties: false,
      properties: { id: userField, email: userField, name: userField },
      description: 'The logged-in customer, when the embedding site knows one',
    },
  },
};

export const messageBody: JsonSchema = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: { message: { type: 'string', maxLength: MAX_MESSAGE_LENGTH, description: 'The visitor\'s message, not blank' } },
};

export const escalateBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: MAX_REASON_LENGTH, description: 'Why the visitor asks for a human, not blank; "visitor_request" when absent' } },
};

const botMessages: JsonSchema = {
  type: 'array',
  items: { type: 'object', required: ['type', 'message'], properties: { type: { type: 'string', enum: ['bot'] }, message: { type: 'string' } } },
};

export const sessionStarted: JsonSchema = {
  type: 'object',
  required: ['sessionId', 'visitorId', 'messages', 'done'],
  properties: { sessionId: { type: 'string' }, visitorId: { type: 'string' }, messages: botMessages, done: { type: 'boolean' } },
};

export const turnResult: JsonSchema = {
  type: 'object',
  required: ['messages', 'done'],
  properties: { messages: botMessages, done: { type: 'boolean' } },
};

export const doneResult: JsonSchema = { type: 'object', required: ['done'], properties: { done: { type: 'boolean', enum: [true] } } };

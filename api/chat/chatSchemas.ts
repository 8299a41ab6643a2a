/** JSON schemas of the visitor chat API (docs/chat-api.md): request validation and OpenAPI in one. */
import { citedSourcesSchema } from '../http/citedSourcesSchema.js';
import { namedSchema } from '../http/namedSchema.js';
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
export const sessionParams: JsonSchema = {
  type: 'object',
  required: ['botId', 'sessionId'],
  properties: { botId: id, sessionId: id },
};

export const startSessionBody: JsonSchema = namedSchema('StartChatSessionRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    visitorId: {
      type: 'string',
      maxLength: 100,
      nullable: true,
      description: "The visitor's id (1-100 of A-Z a-z 0-9 . _ : @ + -); a new one is made when absent",
    },
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
});

export const messageBody: JsonSchema = namedSchema('ChatMessageRequest', {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: { type: 'string', maxLength: MAX_MESSAGE_LENGTH, description: "The visitor's message, not blank" },
  },
});

export const escalateBody: JsonSchema = namedSchema('EscalateChatSessionRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why the visitor asks for a human, not blank; "visitor_request" when absent',
    },
  },
});

/** How a question may be answered (docs/chat-api.md, Answering questions). */
const questionInput: JsonSchema = namedSchema('QuestionInput', {
  type: 'object',
  required: ['type'],
  description: "On a message that asks a question: the question's input (choices' options as label and value)",
  properties: {
    type: { type: 'string', enum: ['text', 'email', 'phone', 'number', 'date', 'url', 'choice', 'rating', 'yesno'] },
    min: { type: 'number' },
    max: { type: 'number' },
    multiple: { type: 'boolean' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'value'],
        additionalProperties: false,
        properties: { label: { type: 'string' }, value: { type: 'string' } },
      },
    },
  },
});

const botMessages: JsonSchema = {
  type: 'array',
  items: namedSchema('BotMessage', {
    type: 'object',
    required: ['type', 'message'],
    properties: {
      type: { type: 'string', enum: ['bot'] },
      message: { type: 'string' },
      input: questionInput,
      sources: citedSourcesSchema,
    },
  }),
};

/** The colors a workspace wears until it sets its own (the workspace branding defaults). */
export const DEFAULT_CHAT_COLORS = { primaryColor: '#4F46E5', secondaryColor: '#64748B' } as const;

const hexColor = (what: string, fallback: string) => ({
  type: 'string',
  pattern: '^#[0-9A-Fa-f]{6}$',
  description: `The workspace's ${what} color (#RRGGBB); ${fallback} until the workspace sets one`,
});

export const sessionStarted: JsonSchema = namedSchema('ChatSessionStarted', {
  type: 'object',
  required: ['sessionId', 'visitorId', 'messages', 'done', 'chatbot', 'branding'],
  properties: {
    sessionId: { type: 'string' },
    visitorId: { type: 'string' },
    messages: botMessages,
    done: { type: 'boolean' },
    chatbot: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', description: "The chatbot's name: the widget's header" } },
    },
    branding: {
      type: 'object',
      required: ['primaryColor', 'secondaryColor'],
      description: "The colors of the chatbot's workspace (its branding), for the widget",
      properties: {
        primaryColor: hexColor('primary', DEFAULT_CHAT_COLORS.primaryColor),
        secondaryColor: hexColor('secondary', DEFAULT_CHAT_COLORS.secondaryColor),
      },
    },
  },
});

export const turnResult: JsonSchema = namedSchema('ChatTurn', {
  type: 'object',
  required: ['messages', 'done'],
  properties: { messages: botMessages, done: { type: 'boolean' } },
});

export const doneResult: JsonSchema = namedSchema('ChatSessionEnded', {
  type: 'object',
  required: ['done'],
  properties: { done: { type: 'boolean', enum: [true] } },
});

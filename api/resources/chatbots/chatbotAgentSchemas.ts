/** JSON schemas of a chatbot's agent endpoints (docs/ai-agents.md, Agents). */
import {
  DEFAULT_MAX_TURNS,
  MAX_AGENT_NAME,
  MAX_GREETING,
  MAX_CONVERSATION_TOKENS,
  MAX_INSTRUCTIONS,
  MAX_LIMIT_MESSAGE,
  MAX_OUTPUT_TOKENS,
  MAX_TEMPERATURE,
  MAX_TURNS,
  ON_LIMIT_ACTIONS,
} from '../../../domain/agent/agentSettings.js';
import { MAX_MODEL_NAME } from '../../../domain/modelConnections/modelConnectionFields.js';
import type { JsonSchema } from '../../http/schemaValidator.js';

const FIELDS: Record<string, JsonSchema> = {
  name: {
    type: 'string',
    maxLength: MAX_AGENT_NAME,
    description: `1 to ${MAX_AGENT_NAME} characters; conversation.started carries it as aiAgent`,
  },
  instructions: {
    type: 'string',
    maxLength: MAX_INSTRUCTIONS,
    description: `The system message the model gets first in every call; 1 to ${MAX_INSTRUCTIONS} characters`,
  },
  connectionId: { type: 'string', maxLength: 64, description: 'A model connection of the workspace' },
  model: {
    type: 'string',
    nullable: true,
    maxLength: MAX_MODEL_NAME,
    description: "The model id; null or absent: the connection's chatModel",
  },
  temperature: {
    type: 'number',
    nullable: true,
    minimum: 0,
    maximum: MAX_TEMPERATURE,
    description: "0 to 2; null or absent: the provider's default",
  },
  maxOutputTokens: {
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_OUTPUT_TOKENS,
    description: `Longest answer, 1 to ${MAX_OUTPUT_TOKENS} tokens; null or absent: the provider's default`,
  },
  greeting: {
    type: 'string',
    nullable: true,
    maxLength: MAX_GREETING,
    description: 'The first bot message of every conversation; null or absent: none',
  },
  handoff: {
    type: 'object',
    nullable: true,
    additionalProperties: false,
    description: 'Limits of one conversation and what happens at a limit (also at the monthly AI token budget)',
    properties: {
      maxTurns: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_TURNS,
        description: `Model answers before the limit is reached (turn_limit); default ${DEFAULT_MAX_TURNS}`,
      },
      maxTokens: {
        type: 'integer',
        nullable: true,
        minimum: 1,
        maximum: MAX_CONVERSATION_TOKENS,
        description:
          "Tokens in and out of the conversation's model calls together before the limit is reached (budget); null or absent: no limit of its own",
      },
      onLimit: {
        type: 'string',
        enum: [...ON_LIMIT_ACTIONS],
        description:
          'handoff (default): the conversation escalates with turn_limit or budget; message: the visitor reads limitMessage and the conversation ends (resolution ended)',
      },
      limitMessage: {
        type: 'string',
        nullable: true,
        maxLength: MAX_LIMIT_MESSAGE,
        description: `What the visitor reads at a limit, 1 to ${MAX_LIMIT_MESSAGE} characters; null or absent: the standard words`,
      },
    },
  },
};

export const agentBody: JsonSchema = {
  type: 'object',
  required: ['name', 'instructions', 'connectionId'],
  additionalProperties: false,
  properties: FIELDS,
};

export const agentSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'instructions', 'connectionId', 'model', 'temperature', 'maxOutputTokens', 'greeting', 'handoff'],
  additionalProperties: false,
  properties: {
    ...FIELDS,
    handoff: {
      type: 'object',
      required: ['maxTurns', 'maxTokens', 'onLimit', 'limitMessage'],
      additionalProperties: false,
      properties: {
        maxTurns: { type: 'integer' },
        maxTokens: { type: 'integer', nullable: true },
        onLimit: { type: 'string', enum: [...ON_LIMIT_ACTIONS] },
        limitMessage: { type: 'string', nullable: true },
      },
    },
  },
};

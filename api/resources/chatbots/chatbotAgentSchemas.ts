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
  MAX_AGENT_SOURCES,
  MAX_TURNS,
  ON_LIMIT_ACTIONS,
  ON_NO_ANSWER_ACTIONS,
} from '../../../domain/agent/agentSettings.js';
import { MAX_PREVIEW_BOT_TEXT, MAX_PREVIEW_MESSAGES } from '../../../domain/agent/agentPreview.js';
import { HANDOFF_REASONS } from '../../../domain/agent/agentTools.js';
import { MAX_MESSAGE_LENGTH } from '../../../domain/conversation/visitorInput.js';
import { MAX_MODEL_NAME } from '../../../domain/modelConnections/modelConnectionFields.js';
import { citedSourcesSchema } from '../../http/citedSourcesSchema.js';
import { namedSchema, unnamed } from '../../http/namedSchema.js';
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
  knowledge: {
    type: 'object',
    nullable: true,
    required: ['sourceIds'],
    additionalProperties: false,
    description: 'The knowledge sources the agent answers from; null or absent: none (the model alone)',
    properties: {
      sourceIds: {
        type: 'array',
        maxItems: MAX_AGENT_SOURCES,
        items: { type: 'string', maxLength: 64 },
        description: 'Knowledge sources of the workspace the agent may search (search_knowledge)',
      },
      answerOnlyFromKnowledge: {
        type: 'boolean',
        description:
          "true: a question with no passage found is never answered from the model's memory (see onNoAnswer); default false",
      },
      onNoAnswer: {
        type: 'string',
        enum: [...ON_NO_ANSWER_ACTIONS],
        description:
          'With answerOnlyFromKnowledge, when nothing is found: clarify (default) asks the visitor to rephrase; handoff escalates with low_confidence',
      },
    },
  },
};

export const agentBody: JsonSchema = namedSchema('AgentSettings', {
  type: 'object',
  required: ['name', 'instructions', 'connectionId'],
  additionalProperties: false,
  properties: FIELDS,
});

export const agentSchema: JsonSchema = namedSchema('Agent', {
  type: 'object',
  required: [
    'name',
    'instructions',
    'connectionId',
    'model',
    'temperature',
    'maxOutputTokens',
    'greeting',
    'handoff',
    'knowledge',
  ],
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
    knowledge: {
      type: 'object',
      nullable: true,
      required: ['sourceIds', 'answerOnlyFromKnowledge', 'onNoAnswer'],
      additionalProperties: false,
      properties: {
        sourceIds: { type: 'array', items: { type: 'string' } },
        answerOnlyFromKnowledge: { type: 'boolean' },
        onNoAnswer: { type: 'string', enum: [...ON_NO_ANSWER_ACTIONS] },
      },
    },
  },
});

export const previewBody: JsonSchema = namedSchema('PreviewAgentRequest', {
  type: 'object',
  required: ['messages'],
  additionalProperties: false,
  properties: {
    messages: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PREVIEW_MESSAGES,
      description: "The conversation so far, oldest first, ending with the visitor's newest message",
      items: {
        type: 'object',
        required: ['role', 'text'],
        additionalProperties: false,
        properties: {
          role: { type: 'string', enum: ['user', 'bot'], description: "'user': the visitor; 'bot': the agent" },
          text: {
            type: 'string',
            maxLength: MAX_PREVIEW_BOT_TEXT,
            description: `Not blank; a visitor's message at most ${MAX_MESSAGE_LENGTH} characters, as in the chat API`,
          },
        },
      },
    },
    agent: {
      ...unnamed(agentBody),
      nullable: true,
      description: "Settings to try instead of the saved agent's (not saved)",
    },
  },
});

export const previewAnswerSchema: JsonSchema = namedSchema('AgentPreview', {
  type: 'object',
  required: [
    'text',
    'action',
    'toolCall',
    'model',
    'tokensIn',
    'tokensOut',
    'latencyMs',
    'finishReason',
    'sources',
    'passages',
    'error',
  ],
  additionalProperties: false,
  properties: {
    text: { type: 'string', description: 'What the visitor would read' },
    action: {
      type: 'object',
      required: ['type'],
      additionalProperties: false,
      description: 'What the agent did: answered, handed off to a person, or ended the conversation',
      properties: {
        type: { type: 'string', enum: ['reply', 'handoff', 'end'] },
        reason: { type: 'string', enum: [...HANDOFF_REASONS, 'model_error'] },
        summary: { type: 'string' },
        resolution: { type: 'string', enum: ['resolved', 'ended'] },
      },
    },
    toolCall: { type: 'string', nullable: true, description: 'The tool the model called (handoff, end_conversation)' },
    model: { type: 'string', nullable: true, description: 'The model that answered, as the provider names it' },
    tokensIn: { type: 'integer' },
    tokensOut: { type: 'integer' },
    latencyMs: { type: 'integer', nullable: true },
    finishReason: { type: 'string', nullable: true },
    sources: citedSourcesSchema,
    passages: {
      type: 'array',
      description:
        'Agents with knowledge sources: every passage the model was given, numbered as it cites them ([n]), with its retrieval score',
      items: {
        type: 'object',
        required: ['ref', 'sourceId', 'title', 'headingPath', 'url', 'page', 'text', 'score'],
        additionalProperties: false,
        properties: {
          ref: { type: 'integer', minimum: 1 },
          sourceId: { type: 'string' },
          title: { type: 'string', description: "The source's title" },
          headingPath: { type: 'array', items: { type: 'string' } },
          url: { type: 'string', nullable: true },
          page: { type: 'integer', nullable: true, description: 'The PDF page, or null' },
          text: { type: 'string' },
          score: { type: 'number' },
        },
      },
    },
    error: {
      type: 'object',
      nullable: true,
      required: ['type', 'message'],
      additionalProperties: false,
      description: 'Why the model gave no usable answer, in plain words; null when it answered',
      properties: {
        type: {
          type: 'string',
          enum: [
            'timeout',
            'rate_limited',
            'provider_error',
            'unreachable',
            'stream_cut',
            'no_connection',
            'unknown_tool',
            'bad_tool_arguments',
          ],
        },
        message: { type: 'string' },
      },
    },
  },
});

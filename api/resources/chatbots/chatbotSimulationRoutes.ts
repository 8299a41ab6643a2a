/**
 * What-if runs on both doors (docs/flows.md, What-if runs): the chatbot's latest recorded
 * conversations replayed against its draft, with where each would now go and how it would end.
 * A POST because it computes on demand, though it writes nothing.
 */
import { type FlowDocument, graphOf } from '../../../domain/chatbot/flowDocument.js';
import { ValidationError } from '../../../domain/errors.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { principalOf } from '../../principal/principal.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, wrapped } from '../resourceSchemas.js';
import {
  DEFAULT_SIMULATION_LIMIT,
  MAX_SIMULATION_LIMIT,
  type SimulationDeps,
  simulateFlow,
} from './chatbotFlowSimulation.js';
import { ownedChatbot } from './chatbotQueries.js';

const TAGS: PerDoor<string[]> = { key: ['Chatbot flows'], session: ['Dashboard: chatbot flows'] };

const day: JsonSchema = { type: 'string', format: 'date', maxLength: 10 };

const simulateBody: JsonSchema = namedSchema('SimulateFlowRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_SIMULATION_LIMIT,
      default: DEFAULT_SIMULATION_LIMIT,
      description: `How many of the latest conversations to replay (default ${DEFAULT_SIMULATION_LIMIT}, at most ${MAX_SIMULATION_LIMIT})`,
    },
    startDate: { ...day, description: 'First UTC day of start times to include (YYYY-MM-DD, inclusive)' },
    endDate: {
      ...day,
      description: 'Last UTC day of start times to include (YYYY-MM-DD, inclusive). Before startDate: 400.',
    },
  },
});

const outcome: JsonSchema = { type: 'string', enum: ['resolved', 'escalated', 'ended', 'open'] };
const count: JsonSchema = { type: 'integer' };
const outcomeCounts: JsonSchema = {
  type: 'object',
  required: ['resolved', 'escalated', 'ended', 'open'],
  additionalProperties: false,
  properties: { resolved: count, escalated: count, ended: count, open: count },
};
const nullableStepId: JsonSchema = { type: 'string', nullable: true };

const simulatedConversation: JsonSchema = namedSchema('SimulatedConversation', {
  type: 'object',
  required: ['chatSessionId', 'responseId', 'startedAt', 'same', 'divergedAt', 'before', 'after', 'unknownAt'],
  additionalProperties: false,
  properties: {
    chatSessionId: { type: 'string' },
    responseId: {
      type: 'string',
      nullable: true,
      description:
        "The conversation's response record (GET /chatbots/{id}/responses/{responseId}); null when the visitor never wrote",
    },
    startedAt: { type: 'string', format: 'date-time' },
    same: { type: 'boolean', description: 'The draft takes exactly the recorded path and ends the same way' },
    divergedAt: {
      ...nullableStepId,
      description:
        "The draft's step at the first position where its path and the recorded one differ (where the draft stops earlier: the step it stops at; same path, other outcome: the last step); null when same",
    },
    before: { ...outcome, description: 'How the conversation stands as recorded' },
    after: { ...outcome, description: 'How it would stand on the draft' },
    unknownAt: {
      ...nullableStepId,
      description:
        'The http step the replay stopped at, having no recorded answer to use there (then after is open, and how it would end is unknown)',
    },
  },
});

const simulationSchema: JsonSchema = wrapped(
  namedSchema('FlowSimulation', {
    type: 'object',
    required: ['total', 'changed', 'outcomeChanged', 'unknown', 'skipped', 'outcomes', 'conversations'],
    additionalProperties: false,
    properties: {
      total: { ...count, description: 'Conversations replayed' },
      changed: { ...count, description: 'Conversations that take another path or end otherwise' },
      outcomeChanged: { ...count, description: 'Conversations whose outcome differs' },
      unknown: { ...count, description: 'Replays stopped at an http step with no recorded answer' },
      skipped: { ...count, description: 'Conversations recorded before the flow engine kept paths: not replayed' },
      outcomes: {
        type: 'object',
        required: ['before', 'after'],
        additionalProperties: false,
        properties: { before: outcomeCounts, after: outcomeCounts },
      },
      conversations: { type: 'array', description: 'Newest first', items: simulatedConversation },
    },
  }),
);

export interface ChatbotSimulationRoutesDeps {
  views: ReadStoreReader;
  flowSimulation: SimulationDeps;
}

export function chatbotSimulationRoutes(
  door: ResourceDoor,
  { views, flowSimulation }: ChatbotSimulationRoutesDeps,
): void {
  door.add(
    {
      method: 'post',
      path: '/chatbots/:id/flow/simulate',
      summary:
        "Replay the chatbot's latest recorded conversations against its draft: nothing is sent, stored or called",
      tags: TAGS[door.kind],
      params: idParams,
      body: simulateBody,
      responses: {
        200: { description: 'Each conversation, newest first, and the totals', schema: simulationSchema },
        400: { description: 'A bad body (the error names the field); NO_FLOW_DRAFT: no flow to replay against' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, body, res }) => {
      const chatbot = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      if (!chatbot.flow)
        throw new ValidationError('This chatbot has no flow draft to replay against', 'flow', 'NO_FLOW_DRAFT');
      const report = await simulateFlow(flowSimulation, params.id, graphOf(chatbot.flow as FlowDocument), body);
      return { body: { data: report } };
    },
  );
}

/**
 * A chatbot's funnel on both doors (docs/flows.md, Funnel): for one published flow version, how
 * many conversations of the last days reached each step, stopped there, and how they ended.
 */
import { graphOf } from '../../../domain/chatbot/flowDocument.js';
import { addDays, dayOf, startOfDay } from '../../../domain/conversation/utcDays.js';
import { funnelOf } from '../../../domain/flow/flowFunnel.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { FLOW_FUNNEL } from '../../../projections/views/flowFunnelView.js';
import { principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, wrapped } from '../resourceSchemas.js';
import { namedSchema } from '../../http/namedSchema.js';
import { DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS } from '../analytics/analyticsSchemas.js';
import { flowVersion, flowVersions } from './chatbotFlowQueries.js';
import { ownedChatbot } from './chatbotQueries.js';

export interface ChatbotFunnelRoutesDeps {
  views: ReadStoreReader;
  clock: () => Date;
}

const TAGS: PerDoor<string[]> = { key: ['Chatbot flows'], session: ['Dashboard: chatbot flows'] };

const funnelQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { type: 'integer', minimum: 1, description: 'The flow version (default: the newest)' },
    days: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_ANALYTICS_DAYS,
      default: DEFAULT_ANALYTICS_DAYS,
      description: `Conversations started in this many UTC days ending today (default ${DEFAULT_ANALYTICS_DAYS})`,
    },
  },
};

const count = { type: 'integer' };
const funnelSchema = wrapped(
  namedSchema('FlowFunnel', {
    type: 'object',
    required: ['version', 'steps', 'outcomes'],
    additionalProperties: false,
    properties: {
      version: { type: 'integer' },
      steps: {
        type: 'array',
        description: "The version's steps in the author's order",
        items: {
          type: 'object',
          required: ['id', 'reached', 'stoppedHere'],
          additionalProperties: false,
          properties: {
            id: { type: 'string' },
            reached: { ...count, description: 'Conversations that passed this step' },
            stoppedHere: { ...count, description: 'Conversations whose last step this is so far' },
          },
        },
      },
      outcomes: {
        type: 'object',
        required: ['resolved', 'escalated', 'ended', 'open'],
        additionalProperties: false,
        properties: { resolved: count, escalated: count, ended: count, open: count },
      },
    },
  }),
);

export function chatbotFunnelRoutes(door: ResourceDoor, { views, clock }: ChatbotFunnelRoutesDeps): void {
  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/funnel',
      summary: "How a flow version's conversations went: steps reached, where they stopped, outcomes",
      tags: TAGS[door.kind],
      params: idParams,
      query: funnelQuery,
      responses: {
        200: { description: 'The funnel', schema: funnelSchema },
        404: { description: 'No such chatbot in this workspace, or no such version' },
      },
    },
    async ({ params, query, res }) => {
      await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      const version = query.version ?? (await flowVersions(views, params.id))[0]?.version ?? 1;
      const published = await flowVersion(views, params.id, version);
      const since = startOfDay(addDays(dayOf(clock()), 1 - (query.days ?? DEFAULT_ANALYTICS_DAYS)));
      const sessions = await views.find(FLOW_FUNNEL, {
        chatbotId: params.id,
        flowVersion: version,
        startedAt: { $gte: since },
      });
      return { body: { data: { version, ...funnelOf(graphOf(published.flow), sessions) } } };
    },
  );
}

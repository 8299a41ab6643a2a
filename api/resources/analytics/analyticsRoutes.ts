/**
 * The analytics object from the per-day counts view (docs/external-api.md, Analytics). The key
 * door answers it for one chatbot at /chatbots/{id}/analytics; the dashboard's Analytics page
 * at /analytics, for one chatbot or the whole workspace together.
 */
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { principalOf } from '../../principal/principal.js';
import { CHATBOTS } from '../../../projections/views/chatbotsView.js';
import { ownedChatbot } from '../chatbots/chatbotQueries.js';
import type { ResourceDoor } from '../resourceDoor.js';
import { wrapped } from '../resourceSchemas.js';
import { chatbotParams } from '../responses/responseSchemas.js';
import { analyticsReport } from './analyticsReport.js';
import {
  analyticsQuery,
  analyticsQueryDashboard,
  analyticsSchema,
  dashboardAnalyticsSchema,
} from './analyticsSchemas.js';

export interface AnalyticsRoutesDeps {
  views: ReadStoreReader;
  clock: () => Date;
}

export function analyticsRoutes(door: ResourceDoor, { views, clock }: AnalyticsRoutesDeps): void {
  if (door.kind === 'key') {
    door.add(
      {
        method: 'get',
        path: '/chatbots/:id/analytics',
        summary: 'Response analytics of a chatbot over the last days',
        tags: ['Analytics'],
        params: chatbotParams,
        query: analyticsQuery,
        responses: { 200: { description: 'The analytics object', schema: wrapped(analyticsSchema) } },
      },
      async ({ params, query, res }) => {
        const chatbot = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
        return { body: { data: await analyticsReport(views, [chatbot], query.days as number, clock()) } };
      },
    );
    return;
  }
  door.add(
    {
      method: 'get',
      path: '/analytics',
      summary: 'Responses per day over the last days, for one chatbot or the whole workspace',
      tags: ['Dashboard: analytics'],
      query: analyticsQueryDashboard,
      responses: {
        200: { description: 'The analytics object', schema: dashboardAnalyticsSchema },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ query, res }) => {
      const { workspaceId } = principalOf(res);
      const chatbots = query.chatbotId
        ? [await ownedChatbot(views, workspaceId, query.chatbotId as string)]
        : await views.find(CHATBOTS, { workspaceId });
      return { body: { data: await analyticsReport(views, chatbots, query.days as number, clock()) } };
    },
  );
}

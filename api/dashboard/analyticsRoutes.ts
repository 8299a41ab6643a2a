/** The Analytics page's read: the External API's analytics object, for one chatbot or all together. */
import { CHATBOTS, type ChatbotDoc } from '../../projections/views/chatbotsView.js';
import { ownedChatbot } from '../resources/chatbots/chatbotQueries.js';
import { analyticsReport } from '../external/analyticsReport.js';
import { principalOf } from '../principal/principal.js';
import type { DashboardResource } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';
import { analyticsQueryDashboard, dashboardAnalyticsSchema } from './dashboardSchemas.js';

export const analyticsRoutes: DashboardResource = (router, registry, mount, { views, clock }) => {
  addSessionRoute(
    router,
    registry,
    mount,
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
        : await views.find<ChatbotDoc>(CHATBOTS, { workspaceId });
      return { body: { data: await analyticsReport(views, chatbots, query.days as number, clock()) } };
    },
  );
};

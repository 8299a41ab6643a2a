/**
 * The Overview page's one read: this month's API usage against the quota (the External API's
 * usage counter and usage object), the plan and its limits, the chatbots and response totals.
 * Free workspaces get it too: no API access does not mean no dashboard.
 */
import { CHATBOTS } from '../../projections/views/chatbotsView.js';
import { WORKSPACES } from '../../projections/views/workspacesView.js';
import { NotFoundError } from '../../domain/errors.js';
import { hasApiAccess, type PlanName } from '../../domain/plans.js';
import { monthOf } from '../../infrastructure/usage/usageCounter.js';
import { limitsOfWorkspace, usageReport } from '../resources/usage/usageReport.js';
import { pick } from '../resources/chatbots/chatbotPresenter.js';
import { chatbotSchema } from '../resources/chatbots/chatbotSchemas.js';
import { analyticsReport } from '../resources/analytics/analyticsReport.js';
import { principalOf } from '../principal/principal.js';
import type { DashboardResource } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';
import { usageSchema } from './overviewSchemas.js';

const nullableInt = { type: 'integer', nullable: true };

export const overviewRoutes: DashboardResource = (router, registry, mount, { views, usage, clock }) => {
  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/overview',
      summary: 'Usage this month, plan limits, chatbots and responses of the last 30 days',
      tags: ['Dashboard: overview'],
      responses: {
        200: {
          description: 'The overview',
          schema: {
            type: 'object',
            required: ['usage', 'apiAccess', 'limits', 'chatbots', 'responses'],
            properties: {
              usage: usageSchema,
              apiAccess: { type: 'boolean', description: 'false on the Free plan (no External API)' },
              limits: {
                type: 'object',
                properties: { monthlyCalls: nullableInt, chatbots: nullableInt, webhooks: nullableInt },
              },
              chatbots: {
                type: 'object',
                properties: { count: { type: 'integer' }, items: { type: 'array', items: chatbotSchema('list') } },
              },
              responses: {
                type: 'object',
                properties: { total: { type: 'integer' }, last30Days: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async ({ res }) => {
      const { workspaceId } = principalOf(res);
      const now = clock();
      const month = monthOf(now);
      const [workspace, used, docs] = await Promise.all([
        views.get(WORKSPACES, workspaceId),
        usage.get(workspaceId, month),
        views.find(CHATBOTS, { workspaceId }, { sort: [['createdAt', -1]] }),
      ]);
      if (!workspace) throw new NotFoundError('Workspace not found');
      const limits = limitsOfWorkspace(workspace);
      const recent = await analyticsReport(views, docs, 30, now);
      return {
        body: {
          usage: usageReport(month, workspace.plan, used, limits.monthlyCalls),
          apiAccess: hasApiAccess(workspace.plan as PlanName),
          limits,
          chatbots: { count: docs.length, items: docs.map((d) => pick(d, 'list')) },
          responses: { total: recent.totalResponses, last30Days: recent.recentResponses },
        },
      };
    },
  );
};

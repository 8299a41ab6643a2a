/**
 * The dashboard's JSON endpoints under /api/v1/dashboard: same origin as the page,
 * every one behind the session (and CSRF for writes), tenant-isolated like the External API.
 * No API quota is spent here. `RESOURCES` is the one list of its route modules.
 */
import { Router } from 'express';
import { jsonBody } from '../http/jsonBody.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { sessionDoor } from '../principal/sessionDoor.js';
import { workspaceViewsCaughtUp } from '../principal/workspaceViewsCaughtUp.js';
import type { DashboardApiDeps, DashboardResource } from './dashboardApiDeps.js';
import { overviewRoutes } from './overviewRoutes.js';
import { chatbotRoutes } from '../resources/chatbots/chatbotRoutes.js';
import { sessionResourceDoor } from './sessionRoute.js';
import { responseRoutes } from '../resources/responses/responseRoutes.js';
import { analyticsRoutes } from '../resources/analytics/analyticsRoutes.js';
import { chatbotFlowRoutes } from '../resources/chatbots/chatbotFlowRoutes.js';
import { chatbotAgentRoutes } from '../resources/chatbots/chatbotAgentRoutes.js';
import { chatbotFunnelRoutes } from '../resources/chatbots/chatbotFunnelRoutes.js';
import { chatbotSimulationRoutes } from '../resources/chatbots/chatbotSimulationRoutes.js';
import { membersRoutes } from './membersRoutes.js';
import { accountPasswordRoutes } from './accountPasswordRoutes.js';
import { webhookRoutes } from '../resources/webhooks/webhookRoutes.js';
import { aiUsageRoutes } from '../resources/usage/aiUsageRoutes.js';
import { modelConnectionRoutes } from '../resources/modelConnections/modelConnectionRoutes.js';
import { knowledgeSourceRoutes } from '../resources/knowledge/knowledgeSourceRoutes.js';
import { knowledgeEvaluationRoutes } from '../resources/knowledge/knowledgeEvaluationRoutes.js';
import { agentAnalyticsRoutes } from '../resources/analytics/agentAnalyticsRoutes.js';
import { unansweredQuestionRoutes } from '../resources/knowledge/unansweredQuestionRoutes.js';
import { apiKeysRoutes } from './apiKeysRoutes.js';
import { accountRoutes } from '../resources/account/accountRoutes.js';

export const DASHBOARD_MOUNT = '/api/v1/dashboard';

/** Every dashboard resource, in the order the OpenAPI document lists them. */
const RESOURCES: DashboardResource[] = [
  overviewRoutes,
  (router, registry, mount, deps) => aiUsageRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) =>
    chatbotRoutes(sessionResourceDoor(router, registry, mount), { ...deps, publicUrl: deps.session.publicUrl }),
  (router, registry, mount, deps) => chatbotFlowRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotAgentRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotFunnelRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotSimulationRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => responseRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => analyticsRoutes(sessionResourceDoor(router, registry, mount), deps),
  membersRoutes,
  accountPasswordRoutes,
  (router, registry, mount, deps) => webhookRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => modelConnectionRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => knowledgeSourceRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => knowledgeEvaluationRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => agentAnalyticsRoutes(sessionResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => unansweredQuestionRoutes(sessionResourceDoor(router, registry, mount), deps),
  apiKeysRoutes,
  (router, registry, mount, deps) => accountRoutes(sessionResourceDoor(router, registry, mount), deps),
];

export function dashboardRouter(deps: DashboardApiDeps, registry: OpenApiRegistry): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The session (and, for writes, CSRF) before any body is read.
  router.use(sessionDoor(deps.session));
  // Read-your-writes for the workspace's visitor turns, which answered before the views had them.
  router.use(workspaceViewsCaughtUp(deps.aheadOfViews));
  router.use(...jsonBody({ limit: '1mb' }));
  for (const routes of RESOURCES) routes(router, registry, DASHBOARD_MOUNT, deps);
  return router;
}

/**
 * The External API under /api/v1/external/v1: CORS for server and browser clients, API key,
 * burst limit, monthly quota, then the resource routes. `RESOURCES` is the one list of them.
 */
import { Router } from 'express';
import { jsonBody } from '../http/jsonBody.js';
import { middlewareChain } from '../http/middlewareChain.js';
import cors from 'cors';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { apiKeyDoor } from '../principal/apiKeyDoor.js';
import { workspaceViewsCaughtUp } from '../principal/workspaceViewsCaughtUp.js';
import { anonymousLimitHeaders, burstLimit, monthlyQuota, quotaHeaders } from './rateLimitAndQuota.js';
import { idempotentPosts } from './idempotency.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import { chatbotRoutes } from '../resources/chatbots/chatbotRoutes.js';
import { apiKeyResourceDoor, requireApiAccess } from './apiKeyRoute.js';
import { usageRoutes } from './usageRoutes.js';
import { responseRoutes } from '../resources/responses/responseRoutes.js';
import { chatbotFlowRoutes } from '../resources/chatbots/chatbotFlowRoutes.js';
import { chatbotAgentRoutes } from '../resources/chatbots/chatbotAgentRoutes.js';
import { chatbotFunnelRoutes } from '../resources/chatbots/chatbotFunnelRoutes.js';
import { chatbotSimulationRoutes } from '../resources/chatbots/chatbotSimulationRoutes.js';
import { analyticsRoutes } from '../resources/analytics/analyticsRoutes.js';
import { accountRoutes } from '../resources/account/accountRoutes.js';
import { webhookRoutes } from '../resources/webhooks/webhookRoutes.js';
import { aiUsageRoutes } from '../resources/usage/aiUsageRoutes.js';
import { modelConnectionRoutes } from '../resources/modelConnections/modelConnectionRoutes.js';
import { knowledgeSourceRoutes } from '../resources/knowledge/knowledgeSourceRoutes.js';
import { knowledgeEvaluationRoutes } from '../resources/knowledge/knowledgeEvaluationRoutes.js';
import { agentAnalyticsRoutes } from '../resources/analytics/agentAnalyticsRoutes.js';
import { unansweredQuestionRoutes } from '../resources/knowledge/unansweredQuestionRoutes.js';

export const EXTERNAL_MOUNT = '/api/v1/external/v1';

/** A resource module registers its routes (and their OpenAPI operations) on the router. */
export type ResourceRoutes = (router: Router, registry: OpenApiRegistry, mount: string, deps: ExternalApiDeps) => void;

/** Every External API resource, in the order the OpenAPI document lists them. */
const RESOURCES: ResourceRoutes[] = [
  (router, registry, mount, deps) => chatbotRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotFlowRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotAgentRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotFunnelRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => chatbotSimulationRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  usageRoutes,
  (router, registry, mount, deps) => aiUsageRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => responseRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => analyticsRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => accountRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => webhookRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => modelConnectionRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => knowledgeSourceRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => knowledgeEvaluationRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => agentAnalyticsRoutes(apiKeyResourceDoor(router, registry, mount), deps),
  (router, registry, mount, deps) => unansweredQuestionRoutes(apiKeyResourceDoor(router, registry, mount), deps),
];

export const RATE_LIMIT_HEADERS = [
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
  'X-Quota-Period',
  'X-Request-Id',
  'Idempotent-Replayed',
];

export function externalRouter(deps: ExternalApiDeps, registry: OpenApiRegistry): Router {
  const router = Router();
  // One chain, one router layer: the router walks its stack once for all of them.
  router.use(
    middlewareChain(
      // Before CORS, which answers a preflight itself: every response carries these (docs/external-api.md, Limits).
      anonymousLimitHeaders(deps),
      (_req, res, next) => {
        res.setHeader('Cache-Control', 'no-store');
        next();
      },
      cors({
        origin: '*',
        allowedHeaders: ['Content-Type', 'x-api-key', 'Idempotency-Key'],
        exposedHeaders: RATE_LIMIT_HEADERS,
        maxAge: 600,
      }),
      // Authenticate before reading a body of up to 15 MB: anonymous callers never make us parse one.
      apiKeyDoor(deps),
      quotaHeaders(deps),
      burstLimit(deps),
      requireApiAccess(),
      // Read-your-writes for the workspace's visitor turns, which answered before the views had them.
      workspaceViewsCaughtUp(deps.aheadOfViews),
      // A body of another type than JSON (`curl -d` sends a form) is 415 before any route runs.
      ...jsonBody({ limit: '15mb' }),
      // Idempotency-Key needs the body (its fingerprint) and comes before the quota: a replay is not billed.
      idempotentPosts(deps),
      monthlyQuota(deps),
    ),
  );
  for (const routes of RESOURCES) routes(router, registry, EXTERNAL_MOUNT, deps);
  return router;
}

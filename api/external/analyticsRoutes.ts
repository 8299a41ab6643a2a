/** Analytics endpoint (docs/external-api.md, Analytics), from the per-day counts view. */
import type { Router } from 'express';
import type { ExternalApiDeps } from './externalApiDeps.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addApiKeyRoute } from './apiKeyRoute.js';
import { principalOf } from '../principal/principal.js';
import { ownedChatbot } from '../resources/chatbots/chatbotQueries.js';
import { wrapped } from '../resources/resourceSchemas.js';
import { analyticsQuery, analyticsSchema, chatbotParams } from './responseSchemas.js';
import { analyticsReport } from './analyticsReport.js';

export function analyticsRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  { views, clock }: Pick<ExternalApiDeps, 'views' | 'clock'>,
): void {
  addApiKeyRoute(
    router,
    registry,
    mount,
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
}

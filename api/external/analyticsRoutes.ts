/** Analytics endpoint (seed: Endpoints → Analytics), from the per-day counts view. */
import type { Router } from 'express';
import { addDays, dayOf, daysFrom } from '../../domain/conversation/utcDays.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addApiKeyRoute, callerOf } from './apiKeyAuth.js';
import { ownedChatbot } from './chatbotsRoutes.js';
import { wrapped } from './chatbotSchemas.js';
import { analyticsQuery, analyticsSchema, chatbotParams } from './responseSchemas.js';
import { dailyCounts } from './responseQueries.js';

export function analyticsRoutes(router: Router, registry: OpenApiRegistry, mount: string, { views, clock }: Pick<ExternalApiDeps, 'views' | 'clock'>): void {
  addApiKeyRoute(router, registry, mount, {
    method: 'get', path: '/chatbots/:id/analytics', summary: 'Response analytics of a chatbot over the last days', tags: ['Analytics'],
    params: chatbotParams, query: analyticsQuery,
    responses: { 200: { description: 'The analytics object', schema: wrapped(analyticsSchema) } },
  }, async ({ params, query, res }) => {
    const chatbot = await ownedChatbot(views, callerOf(res).workspaceId, params.id);
    const days = query.days as number;
    const last = dayOf(clock());
    const first = addDays(last, 1 - days);
    const counted = new Map((await dailyCounts(views, chatbot.id, { first, last })).map((d) => [d.day, d.count]));
    const series = daysFrom(first, last).map((date) => ({ date, count: counted.get(date) ?? 0 }));
    return {
      body: {
        data: {
          totalResponses: chatbot.responseCount ?? 0,
          recentResponses: series.reduce((n, d) => n + d.count, 0),
          period: `${days}d`,
          dailyCounts: series,
        },
      },
    };
  });
}

/**
 * An AI agent's analytics on both doors (docs/ai-analytics.md): conversations, outcomes, handoff
 * reasons, answers with a source, unanswered questions, tokens and latency over a period of UTC
 * days, summed from the per-day view. A chatbot without an agent answers too: its flow's AI steps,
 * or an agent it had before, may have counted.
 */
import { agentAnalyticsOf } from '../../../domain/agent/agentDayStats.js';
import { daysFrom } from '../../../domain/conversation/utcDays.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { AGENT_DAILY_STATS } from '../../../projections/views/agentAnalyticsView.js';
import { principalOf } from '../../principal/principal.js';
import { ownedChatbot } from '../chatbots/chatbotQueries.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, wrapped } from '../resourceSchemas.js';
import { analyticsPeriod } from './analyticsPeriod.js';
import { agentAnalyticsQuery, agentAnalyticsSchema } from './agentAnalyticsSchemas.js';

export interface AgentAnalyticsRoutesDeps {
  views: ReadStoreReader;
  clock: () => Date;
}

const TAGS: PerDoor<string[]> = { key: ['Chatbot agents'], session: ['Dashboard: chatbot agents'] };

export function agentAnalyticsRoutes(door: ResourceDoor, { views, clock }: AgentAnalyticsRoutesDeps): void {
  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/agent/analytics',
      summary: "A chatbot's AI agent analytics over a period of UTC days",
      tags: TAGS[door.kind],
      params: idParams,
      query: agentAnalyticsQuery,
      responses: {
        200: { description: 'The analytics of the period', schema: wrapped(agentAnalyticsSchema) },
        400: { description: 'A bad date or period; the error names the field' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, query, res }) => {
      const chatbot = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      const { first, last } = analyticsPeriod(query as { startDate?: string; endDate?: string }, clock());
      const stored = await views.find(AGENT_DAILY_STATS, { chatbotId: chatbot.id, day: { $gte: first, $lte: last } });
      const report = agentAnalyticsOf(daysFrom(first, last), new Map(stored.map((d) => [d.day, d])));
      return { body: { data: { chatbotId: chatbot.id, startDate: first, endDate: last, ...report } } };
    },
  );
}

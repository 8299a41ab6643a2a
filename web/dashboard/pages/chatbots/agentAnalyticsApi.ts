/** The dashboard's agent analytics endpoint and its shape (api/resources/analytics/agentAnalyticsRoutes.ts). */
import { api, DASHBOARD_API } from '../../api.js';
import type { Answer } from '../../apiTypes.js';

export type AgentAnalytics = Answer<'/api/v1/dashboard/chatbots/{id}/agent/analytics', 'get'>['data'];

export const agentAnalyticsApi = {
  /** The last 30 UTC days, ending today. */
  get: (chatbotId: string) =>
    api.get<{ data: AgentAnalytics }>(`${DASHBOARD_API}/chatbots/${encodeURIComponent(chatbotId)}/agent/analytics`),
};

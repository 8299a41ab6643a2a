/**
 * The month's AI tokens (api/resources/usage/aiUsageRoutes.ts), read by the Overview, the Agent
 * tab and its playground, and the words all three say about them.
 */
import { api, DASHBOARD_API } from '../../api.js';
import type { Answer } from '../../apiTypes.js';
import { formatNumber } from '../../ui/index.js';

export type AiUsage = Answer<'/api/v1/dashboard/usage/ai', 'get'>['data'];

export const aiUsageApi = {
  get: () => api.get<{ data: AiUsage }>(`${DASHBOARD_API}/usage/ai`).then((r) => r.data),
};

/** A plan with no AI tokens at all (Free): agents hand off at once, whatever was used. */
export const noAiTokens = (u: AiUsage): boolean => u.tokenLimit === 0;

/** The month's tokens are spent: no model call until the next month (or a larger plan). */
export const aiTokensSpent = (u: AiUsage): boolean => u.remaining !== null && u.remaining <= 0;

/** One line: what was used of what, and what is left. */
export function aiUsageText(u: AiUsage): string {
  if (noAiTokens(u)) return 'No AI tokens on the Free plan.';
  const used = `${formatNumber(u.tokensUsed)} AI tokens used this month`;
  if (u.tokenLimit === null) return `${used} · no monthly limit.`;
  return `${formatNumber(u.tokensUsed)} of ${formatNumber(u.tokenLimit)} AI tokens used this month · ${formatNumber(u.remaining ?? 0)} left.`;
}

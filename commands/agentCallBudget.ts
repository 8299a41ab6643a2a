/**
 * The month's AI token budget checked before a model call made outside a conversation (the
 * playground, evaluation runs): the conversation's own limits have no conversation, so only the
 * workspace's monthly budget can be reached.
 */
import { type LimitReached, limitBeforeCall } from '../domain/agent/agentLimits.js';
import type { AgentSettings } from '../domain/agent/agentSettings.js';
import type { AgentModelDeps } from './agentModelCall.js';

export async function budgetReachedBeforeCall(
  deps: Pick<AgentModelDeps, 'aiTokenBudget'>,
  agent: AgentSettings,
  workspaceId: string,
  now: Date,
): Promise<LimitReached | null> {
  const budget = await deps.aiTokenBudget(workspaceId, now);
  return limitBeforeCall(agent.handoff, {
    monthlyTokens: budget.tokensUsed,
    monthlyTokenLimit: budget.tokenLimit,
    conversationTokens: 0,
    answers: 0,
  });
}

/**
 * The limits checked before every model call: the workspace's monthly AI token budget, and a
 * conversation's own turn and token limits. A call made outside a conversation (the playground,
 * evaluation runs) has spent nothing of a conversation, so only the month's budget can be reached.
 */
import { type LimitReached, limitBeforeCall } from '../domain/agent/agentLimits.js';
import type { AgentSettings } from '../domain/agent/agentSettings.js';
import type { AgentModelDeps } from './agentModelCall.js';

export async function budgetReachedBeforeCall(
  deps: Pick<AgentModelDeps, 'aiTokenBudget'>,
  agent: AgentSettings,
  workspaceId: string,
  now: Date,
  conversation: { tokens: number; answers: number } = { tokens: 0, answers: 0 },
): Promise<LimitReached | null> {
  const budget = await deps.aiTokenBudget(workspaceId, now);
  return limitBeforeCall(agent.handoff, {
    monthlyTokens: budget.tokensUsed,
    monthlyTokenLimit: budget.tokenLimit,
    conversationTokens: conversation.tokens,
    answers: conversation.answers,
  });
}

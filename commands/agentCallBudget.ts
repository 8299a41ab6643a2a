/**
 * The limits checked before every model call: the workspace's monthly AI token budget, and a
 * conversation's own turn and token limits. A call made outside a conversation (the playground,
 * evaluation runs) has spent nothing of a conversation, so only the month's budget can be reached.
 * Every call that answered counts in the month once recorded, wherever it was made from.
 */
import { type LimitReached, limitBeforeCall } from '../domain/agent/agentLimits.js';
import type { AgentSettings } from '../domain/agent/agentSettings.js';
import type { AgentModelDeps } from './agentModelCall.js';

type BudgetDeps = Pick<AgentModelDeps, 'aiTokenBudget'>;

/** The month's AI tokens kept in process for the budget (projections/queries/aiTokenTally.ts). */
export interface RecordedAiTokens {
  /** A model call this instance recorded, at `at`, of `tokens` (in and out together). */
  recorded(workspaceId: string, at: Date, tokens: number): void;
}

export async function budgetReachedBeforeCall(
  deps: BudgetDeps,
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

/**
 * The budget as it stands with tokens already spent but not recorded yet added to the month's:
 * an evaluation run records its calls' tokens only at its end, and its later calls must see its
 * earlier ones.
 */
export function withUnrecordedTokens(deps: BudgetDeps, unrecorded: () => number): BudgetDeps {
  return {
    async aiTokenBudget(workspaceId, now) {
      const budget = await deps.aiTokenBudget(workspaceId, now);
      return { ...budget, tokensUsed: budget.tokensUsed + unrecorded() };
    },
  };
}

/**
 * A workspace's monthly AI token budget as it stands (docs/ai-agents.md, Budgets): what its
 * agents used this UTC month and what its plan allows. Read before every model call and by
 * GET /usage/ai, so both see the same numbers.
 */
import { monthlyAiTokens, type PlanName } from '../../domain/plans.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { monthOf } from '../../infrastructure/usage/usageCounter.js';
import { aiTokensUsed } from '../views/aiTokenUsageView.js';
import { WORKSPACES } from '../views/workspacesView.js';

export interface AiTokenBudget {
  /** YYYY-MM (UTC) */
  month: string;
  tokensUsed: number;
  /** null: unlimited. */
  tokenLimit: number | null;
}

export async function aiTokenBudget(views: ReadStoreReader, workspaceId: string, now: Date): Promise<AiTokenBudget> {
  const month = monthOf(now);
  const [workspace, tokensUsed] = await Promise.all([
    views.get(WORKSPACES, workspaceId),
    aiTokensUsed(views, workspaceId, month),
  ]);
  // A workspace the view does not know yet gets no tokens rather than unlimited ones.
  const tokenLimit = workspace ? monthlyAiTokens(workspace.plan as PlanName) : 0;
  return { month, tokensUsed, tokenLimit };
}

/**
 * A workspace's monthly AI token budget as it stands (docs/ai-agents.md, Budgets): what its
 * agents used this UTC month and what its plan allows. Read before every model call (the
 * month's tokens from the tally kept in process) and by GET /usage/ai (from the view itself).
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

/**
 * `tokensUsed` is where the month's tokens are read: the view itself (GET /usage/ai), or the
 * tally kept in process for the check before a model call (aiTokenTally.ts).
 */
export async function aiTokenBudget(
  views: ReadStoreReader,
  workspaceId: string,
  now: Date,
  tokensUsed: (workspaceId: string, month: string) => Promise<number> = (w, m) => aiTokensUsed(views, w, m),
): Promise<AiTokenBudget> {
  const month = monthOf(now);
  const [workspace, used] = await Promise.all([views.get(WORKSPACES, workspaceId), tokensUsed(workspaceId, month)]);
  // A workspace the view does not know yet gets no tokens rather than unlimited ones.
  const tokenLimit = workspace ? monthlyAiTokens(workspace.plan as PlanName) : 0;
  return { month, tokensUsed: used, tokenLimit };
}

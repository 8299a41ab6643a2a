/**
 * `ai_token_usage`: AI tokens (in and out together) of every model call of a workspace per UTC
 * calendar month, the month the answer was recorded in. The monthly AI token budget
 * (docs/ai-agents.md, Budgets) and GET /usage/ai read it: one row per workspace and month.
 */
import { monthOf } from '../../infrastructure/usage/usageCounter.js';
import { collection, type ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const AI_TOKEN_USAGE = collection<AiTokenUsageDoc>('ai_token_usage');

export interface AiTokenUsageDoc {
  id: string;
  workspaceId: string;
  /** YYYY-MM (UTC) */
  month: string;
  tokens: number;
  [key: string]: unknown;
}

export const aiTokenUsageId = (workspaceId: string, month: string): string => `${workspaceId}:${month}`;

export const aiTokenUsageView = defineProjection(
  'ai-token-usage',
  // Found by id only (workspace and month): no index beyond the primary key.
  [{ name: AI_TOKEN_USAGE.name, indexes: [] }],
  {
    async AgentAnswered(e, tx) {
      const { workspaceId, tokensIn, tokensOut } = e.data;
      const month = monthOf(new Date(e.metadata.occurredAt));
      await tx.increment(AI_TOKEN_USAGE, aiTokenUsageId(workspaceId, month), 'tokens', tokensIn + tokensOut, {
        workspaceId,
        month,
      });
    },
  },
);

/** The workspace's AI tokens in a month (0 before its first model call). */
export async function aiTokensUsed(views: ReadStoreReader, workspaceId: string, month: string): Promise<number> {
  return (await views.get(AI_TOKEN_USAGE, aiTokenUsageId(workspaceId, month)))?.tokens ?? 0;
}

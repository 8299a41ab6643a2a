/**
 * `ai_token_usage`: AI tokens (in and out together) of every model call of a workspace per UTC
 * calendar month, the month the call was recorded in: visitors' turns (AgentAnswered),
 * playground calls (AgentPreviewAnswered) and the answer checks of evaluation runs
 * (EvaluationRunRecorded, the whole run at once). The monthly AI token budget
 * (docs/ai-agents.md, Budgets) and GET /usage/ai read it: one row per workspace and month.
 */
import { tokensOfRun } from '../../domain/knowledge/evaluation.js';
import type { EventMetadata } from '../../infrastructure/eventStore/eventStore.js';
import { monthOf } from '../../infrastructure/usage/usageCounter.js';
import { collection, type ReadStoreReader, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
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

/** Adds a recorded call's tokens to the month of the event. */
async function addTokens(tx: ReadStoreWriter, workspaceId: string, metadata: EventMetadata, tokens: number) {
  // A run without answer checks (or recorded before runs kept their tokens) writes nothing.
  if (tokens === 0) return;
  const month = monthOf(new Date(metadata.occurredAt));
  await tx.increment(AI_TOKEN_USAGE, aiTokenUsageId(workspaceId, month), 'tokens', tokens, { workspaceId, month });
}

export const aiTokenUsageView = defineProjection(
  'ai-token-usage',
  // Found by id only (workspace and month): no index beyond the primary key.
  [{ name: AI_TOKEN_USAGE.name, indexes: [] }],
  {
    async AgentAnswered(e, tx) {
      await addTokens(tx, e.data.workspaceId, e.metadata, e.data.tokensIn + e.data.tokensOut);
    },
    async AgentPreviewAnswered(e, tx) {
      await addTokens(tx, e.data.workspaceId, e.metadata, e.data.tokensIn + e.data.tokensOut);
    },
    async EvaluationRunRecorded(e, tx) {
      await addTokens(tx, e.data.workspaceId, e.metadata, tokensOfRun(e.data));
    },
  },
);

/** The workspace's AI tokens in a month (0 before its first model call). */
export async function aiTokensUsed(views: ReadStoreReader, workspaceId: string, month: string): Promise<number> {
  return (await views.get(AI_TOKEN_USAGE, aiTokenUsageId(workspaceId, month)))?.tokens ?? 0;
}

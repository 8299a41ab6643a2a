/**
 * `evaluation_runs` and `evaluation_run_results`: a workspace's knowledge evaluation runs. The
 * summary of each run is listed on its own; its per-question results (up to 200 of them, with the
 * agent's answers) sit in a second collection read only when one run is asked for.
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import type { AnswerChecks, EvaluationResult } from '../../domain/knowledge/evaluationScoring.js';
import { defineProjection } from '../projection.js';

export const EVALUATION_RUNS = collection<EvaluationRunDoc>('evaluation_runs');
export const EVALUATION_RUN_RESULTS = collection<EvaluationRunResultsDoc>('evaluation_run_results');

export interface EvaluationRunDoc {
  id: string;
  workspaceId: string;
  chatbotId: string | null;
  k: number;
  questions: number;
  hits: number;
  hitRate: number | null;
  answerChecks: AnswerChecks | null;
  createdAt: string;
  [key: string]: unknown;
}

export interface EvaluationRunResultsDoc {
  id: string;
  workspaceId: string;
  results: EvaluationResult[];
  [key: string]: unknown;
}

export const evaluationRunsView = defineProjection(
  'evaluation_runs',
  [
    { name: EVALUATION_RUNS.name, indexes: [['workspaceId', 'createdAt']] },
    { name: EVALUATION_RUN_RESULTS.name, indexes: [['workspaceId']] },
  ],
  {
    async EvaluationRunRecorded(e, tx) {
      // The run's tokens count in the AI token budget (aiTokenUsageView.ts); the run's answers do not show them.
      const { runId, results, tokensIn: _in, tokensOut: _out, ...summary } = e.data;
      await tx.upsert(EVALUATION_RUNS, { id: runId, ...summary, createdAt: e.metadata.occurredAt });
      await tx.upsert(EVALUATION_RUN_RESULTS, { id: runId, workspaceId: summary.workspaceId, results });
    },
  },
);

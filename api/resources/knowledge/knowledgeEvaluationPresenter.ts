/** Evaluation questions and runs as both doors answer them, from the views or a command's fresh result. */
import type { EvaluationQuestion, EvaluationRun } from '../../../domain/knowledge/evaluation.js';
import type { EvaluationQuestionDoc } from '../../../projections/views/evaluationQuestionsView.js';
import type { EvaluationRunDoc } from '../../../projections/views/evaluationRunsView.js';
import type { EvaluationResult } from '../../../domain/knowledge/evaluationScoring.js';

export function presentEvaluationQuestion(doc: EvaluationQuestionDoc): Record<string, unknown> {
  return {
    id: doc.id,
    question: doc.question,
    expectedSourceIds: doc.expectedSourceIds,
    expectedFacts: doc.expectedFacts ?? [],
    createdAt: doc.createdAt,
  };
}

export const questionDocOf = (workspaceId: string, q: EvaluationQuestion, at: string): EvaluationQuestionDoc => {
  const { questionId, ...fields } = q;
  return { id: questionId, workspaceId, ...fields, createdAt: at, updatedAt: at };
};

export function presentEvaluationRunSummary(doc: EvaluationRunDoc): Record<string, unknown> {
  return {
    id: doc.id,
    chatbotId: doc.chatbotId ?? null,
    k: doc.k,
    createdAt: doc.createdAt,
    questions: doc.questions,
    hits: doc.hits,
    hitRate: doc.hitRate ?? null,
    answerChecks: doc.answerChecks ?? null,
  };
}

export function presentEvaluationRun(doc: EvaluationRunDoc, results: EvaluationResult[]): Record<string, unknown> {
  return { ...presentEvaluationRunSummary(doc), results };
}

export const runDocOf = (workspaceId: string, run: EvaluationRun, at: string): EvaluationRunDoc => {
  const { runId, results: _results, tokensIn: _in, tokensOut: _out, ...summary } = run;
  return { id: runId, workspaceId, ...summary, createdAt: at };
};

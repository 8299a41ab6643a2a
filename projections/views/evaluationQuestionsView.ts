/** `evaluation_questions`: a workspace's knowledge evaluation test questions, as both doors list them. */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection, stampedAt } from '../projection.js';

export const EVALUATION_QUESTIONS = collection<EvaluationQuestionDoc>('evaluation_questions');

export interface EvaluationQuestionDoc {
  id: string;
  workspaceId: string;
  question: string;
  expectedSourceIds: string[];
  expectedFacts: string[];
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const evaluationQuestionsView = defineProjection(
  'evaluation_questions',
  [{ name: EVALUATION_QUESTIONS.name, indexes: [['workspaceId', 'createdAt']] }],
  {
    async EvaluationQuestionAdded(e, tx) {
      const { questionId, ...question } = e.data;
      await tx.upsert(EVALUATION_QUESTIONS, { id: questionId, ...question, ...stampedAt(e) });
    },
    async EvaluationQuestionRemoved(e, tx) {
      await tx.delete(EVALUATION_QUESTIONS, e.data.questionId);
    },
  },
);

/**
 * `unanswered_questions`: every visitor question an agent's knowledge had nothing for
 * (KnowledgeNotFound), for GET /knowledge/unanswered (docs/ai-analytics.md, Unanswered questions).
 * `order` is the time asked followed by the id: one field that sorts the list newest first and
 * that a page's cursor points into.
 */
import type { NoKnowledgeAction } from '../../domain/conversation/conversationEvents.js';
import { collection } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const UNANSWERED_QUESTIONS = collection<UnansweredQuestionDoc>('unanswered_questions');

export interface UnansweredQuestionDoc {
  /** The KnowledgeNotFound event's id. */
  id: string;
  workspaceId: string;
  chatbotId: string;
  sessionId: string;
  responseId: string;
  question: string;
  action: NoKnowledgeAction;
  askedAt: string;
  /** `${askedAt}${id}` */
  order: string;
  [key: string]: unknown;
}

export const unansweredOrder = (askedAt: string, id: string): string => `${askedAt}${id}`;

export const unansweredQuestionsView = defineProjection(
  'unanswered-questions',
  [
    {
      name: UNANSWERED_QUESTIONS.name,
      indexes: [
        ['workspaceId', 'order'],
        ['chatbotId', 'order'],
      ],
    },
  ],
  {
    async KnowledgeNotFound(e, tx) {
      const { workspaceId, chatbotId, sessionId, responseId, question, action, askedAt } = e.data;
      await tx.upsert(UNANSWERED_QUESTIONS, {
        id: e.id,
        workspaceId,
        chatbotId,
        sessionId,
        responseId,
        question,
        action,
        askedAt,
        order: unansweredOrder(askedAt, e.id),
      });
    },
    async ChatbotDeleted(e, tx) {
      await tx.deleteMany(UNANSWERED_QUESTIONS, { chatbotId: e.data.chatbotId });
    },
  },
);

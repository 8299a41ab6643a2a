/**
 * The unanswered questions on both doors (docs/ai-analytics.md, Unanswered questions): what
 * visitors asked that the agents' knowledge had nothing for, newest first, a page at a time
 * with a cursor, for one chatbot or the whole workspace, optionally within UTC days.
 */
import { dayRange, endOfDay, startOfDay } from '../../../domain/conversation/utcDays.js';
import type { Filter, ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import {
  UNANSWERED_QUESTIONS,
  type UnansweredQuestionDoc,
} from '../../../projections/views/unansweredQuestionsView.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { principalOf } from '../../principal/principal.js';
import { periodProperties } from '../analytics/agentAnalyticsSchemas.js';
import { ownedChatbot } from '../chatbots/chatbotQueries.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { decodeUnansweredCursor, encodeUnansweredCursor } from './unansweredCursor.js';

export interface UnansweredQuestionRoutesDeps {
  views: ReadStoreReader;
}

const TAGS: PerDoor<string[]> = { key: ['Knowledge sources'], session: ['Dashboard: knowledge sources'] };
const DEFAULT_PAGE = 25;
const MAX_PAGE = 100;

const unansweredQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    chatbotId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: "One chatbot's questions (default: every chatbot of the workspace)",
    },
    startDate: { ...periodProperties.startDate, description: 'First UTC day asked (YYYY-MM-DD, inclusive)' },
    endDate: {
      ...periodProperties.endDate,
      description: 'Last UTC day asked (YYYY-MM-DD, inclusive). Before startDate: 400.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      description: `Questions per page (default ${DEFAULT_PAGE}, at most ${MAX_PAGE})`,
    },
    cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page' },
  },
};

const str: JsonSchema = { type: 'string' };

export const unansweredQuestionSchema: JsonSchema = namedSchema('UnansweredQuestion', {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'question', 'chatbotId', 'sessionId', 'responseId', 'action', 'askedAt'],
  properties: {
    id: str,
    question: { type: 'string', description: "The visitor's message" },
    chatbotId: str,
    sessionId: str,
    responseId: { type: 'string', description: 'The response record of the conversation' },
    action: {
      type: 'string',
      enum: ['clarified', 'handed_off', 'answered_without_source'],
      description: 'What the agent did instead of answering from a source',
    },
    askedAt: { type: 'string', format: 'date-time' },
  },
});

const present = (d: UnansweredQuestionDoc) => ({
  id: d.id,
  question: d.question,
  chatbotId: d.chatbotId,
  sessionId: d.sessionId,
  responseId: d.responseId,
  action: d.action,
  askedAt: d.askedAt,
});

interface UnansweredQuery {
  chatbotId?: string;
  startDate?: string;
  endDate?: string;
  limit?: number;
  cursor?: string;
}

export function unansweredQuestionRoutes(door: ResourceDoor, { views }: UnansweredQuestionRoutesDeps): void {
  door.add(
    {
      method: 'get',
      path: '/knowledge/unanswered',
      summary: "Visitor questions the agents' knowledge had nothing for, newest first",
      tags: TAGS[door.kind],
      query: unansweredQuery,
      responses: {
        200: {
          description: 'One page of questions',
          schema: namedSchema('UnansweredQuestionPage', {
            type: 'object',
            required: ['data', 'nextCursor'],
            properties: {
              data: { type: 'array', items: unansweredQuestionSchema },
              nextCursor: { type: 'string', nullable: true, description: 'null on the last page' },
            },
          }),
        },
        400: { description: 'A bad filter or cursor; the error names the field' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ query, res }) => {
      const q = query as UnansweredQuery;
      const { workspaceId } = principalOf(res);
      const limit = q.limit ?? DEFAULT_PAGE;
      const filter: Filter = q.chatbotId
        ? { chatbotId: (await ownedChatbot(views, workspaceId, q.chatbotId)).id }
        : { workspaceId };
      const days = dayRange(q.startDate, q.endDate);
      const askedAt: Record<string, string> = {};
      if (days.first) askedAt.$gte = startOfDay(days.first);
      if (days.last) askedAt.$lte = endOfDay(days.last);
      if (Object.keys(askedAt).length) filter.askedAt = askedAt;
      if (q.cursor !== undefined) filter.order = { $lt: decodeUnansweredCursor(q.cursor) };
      // One more than asked tells whether there is a next page without counting.
      const rows = await views.find(UNANSWERED_QUESTIONS, filter, { sort: [['order', -1]], limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        body: {
          data: page.map(present),
          nextCursor: rows.length > limit && last ? encodeUnansweredCursor(last.order) : null,
        },
      };
    },
  );
}

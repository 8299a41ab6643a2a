/**
 * Reads behind the responses and analytics endpoints. Totals come from the per-day counts view
 * (a few rows per chatbot and day) instead of counting response documents.
 */
import type { Filter, ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import {
  RESPONSE_DAILY_COUNTS,
  type ResponseDailyCountDoc,
} from '../../../projections/views/responseDailyCountsView.js';
import { RESPONSES, type ResponseDoc } from '../../../projections/views/responsesView.js';
import { dayRange, endOfDay, startOfDay } from '../../../domain/conversation/utcDays.js';
import { NotFoundError } from '../../../domain/errors.js';
import { ownedChatbot } from '../chatbots/chatbotQueries.js';

export interface DayBounds {
  first: string | null;
  last: string | null;
}

/** Both bounds inclusive; either may be absent. */
function range<T>(low: T | null, high: T | null): Record<string, T> | null {
  const r: Record<string, T> = {};
  if (low !== null) r.$gte = low;
  if (high !== null) r.$lte = high;
  return Object.keys(r).length ? r : null;
}

/** `chatbotId` may be several ids (`{$in: [...]}`): a workspace's chatbots together. */
export async function dailyCounts(
  views: ReadStoreReader,
  chatbotId: string | { $in: string[] },
  days: DayBounds,
): Promise<ResponseDailyCountDoc[]> {
  const day = range(days.first, days.last);
  return views.find(RESPONSE_DAILY_COUNTS, { chatbotId, ...(day ? { day } : {}) });
}

/**
 * A response record of the caller's workspace, and of `chatbotId` when the path names one (the
 * key door's); any other, or a chatbot not the workspace's, is "not found".
 */
export async function ownedResponse(
  views: ReadStoreReader,
  workspaceId: string,
  responseId: string,
  chatbotId?: string,
): Promise<ResponseDoc> {
  const chatbot = chatbotId === undefined ? undefined : await ownedChatbot(views, workspaceId, chatbotId);
  const doc = await views.get(RESPONSES, responseId);
  if (!doc || doc.workspaceId !== workspaceId || (chatbot && doc.chatbotId !== chatbot.id))
    throw new NotFoundError('Response not found');
  return doc;
}

export async function countResponses(views: ReadStoreReader, chatbotId: string, days: DayBounds): Promise<number> {
  return (await dailyCounts(views, chatbotId, days)).reduce((n, d) => n + d.count, 0);
}

export function findResponses(
  views: ReadStoreReader,
  chatbotId: string,
  days: DayBounds,
  page: number,
  limit: number,
): Promise<ResponseDoc[]> {
  // Inclusive up to the day's last millisecond: the next day's start does not exist after 9999-12-31.
  const chatDate = range(days.first && startOfDay(days.first), days.last && endOfDay(days.last));
  return views.find(
    RESPONSES,
    { chatbotId, ...(chatDate ? { chatDate } : {}) },
    {
      sort: [['chatDate', -1]],
      skip: (page - 1) * limit,
      limit,
    },
  );
}

/** The dashboard's response filters (responsesQuery), as validated. */
export interface ResponsesFilterQuery {
  chatbotId?: string;
  startDate?: string;
  endDate?: string;
  resolution?: 'resolved' | 'escalated' | 'ended' | 'active';
  visitorId?: string;
  page: number;
  limit: number;
}

/** The view filter of the dashboard's query; the chatbot ids keep it on the (chatbotId, chatDate) index. */
export function responsesFilter(q: ResponsesFilterQuery, chatbotIds: string[]): Filter {
  const days = dayRange(q.startDate, q.endDate);
  const chatDate: Record<string, string> = {};
  if (days.first) chatDate.$gte = startOfDay(days.first);
  if (days.last) chatDate.$lte = endOfDay(days.last);
  return {
    chatbotId: chatbotIds.length === 1 ? chatbotIds[0] : { $in: chatbotIds },
    ...(Object.keys(chatDate).length ? { chatDate } : {}),
    ...(q.resolution === 'active' ? { status: 'active' } : q.resolution ? { resolution: q.resolution } : {}),
    ...(q.visitorId ? { visitorId: q.visitorId } : {}),
  };
}

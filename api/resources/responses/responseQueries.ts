/**
 * Reads behind the responses and analytics endpoints. Totals come from the per-day counts view
 * (a few rows per chatbot and day) instead of counting response documents.
 */
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import {
  RESPONSE_DAILY_COUNTS,
  type ResponseDailyCountDoc,
} from '../../../projections/views/responseDailyCountsView.js';
import { RESPONSES, type ResponseDoc } from '../../../projections/views/responsesView.js';
import { endOfDay, startOfDay } from '../../../domain/conversation/utcDays.js';

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
  return views.find<ResponseDailyCountDoc>(RESPONSE_DAILY_COUNTS, { chatbotId, ...(day ? { day } : {}) });
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
  return views.find<ResponseDoc>(
    RESPONSES,
    { chatbotId, ...(chatDate ? { chatDate } : {}) },
    {
      sort: [['chatDate', -1]],
      skip: (page - 1) * limit,
      limit,
    },
  );
}

/** The API shape of a response record. */
export function toResponseRecord(doc: ResponseDoc) {
  return {
    _id: doc.id,
    chatSessionId: doc.chatSessionId,
    visitorId: doc.visitorId,
    chatDate: doc.chatDate,
    record: doc.record.map((e) => ({ type: e.type, message: e.message, timestamp: e.at })),
    answerVariables: doc.answerVariables,
    customData: doc.customData ?? {},
    user: doc.user ?? null,
    channel: doc.channel,
    turnCount: doc.turnCount,
    status: doc.status,
    resolution: doc.resolution,
    escalationReason: doc.escalationReason,
    completedAt: doc.completedAt,
  };
}

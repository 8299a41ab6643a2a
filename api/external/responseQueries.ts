/**
 * Reads behind the responses and analytics endpoints. Totals come from the per-day counts view
 * (a few rows per chatbot and day) instead of counting response documents.
 */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { RESPONSE_DAILY_COUNTS, type ResponseDailyCountDoc } from '../../projections/views/responseDailyCountsView.js';
import { RESPONSES, type ResponseDoc } from '../../projections/views/responsesView.js';
import { addDays, startOfDay } from '../../domain/conversation/utcDays.js';

export interface DayBounds {
  first: string | null;
  last: string | null;
}

function range<T>(low: T | null, high: T | null, highOp: '$lt' | '$lte'): Record<string, T> | null {
  const r: Record<string, T> = {};
  if (low !== null) r.$gte = low;
  if (high !== null) r[highOp] = high;
  return Object.keys(r).length ? r : null;
}

export async function dailyCounts(views: ReadStoreReader, chatbotId: string, days: DayBounds): Promise<ResponseDailyCountDoc[]> {
  const day = range(days.first, days.last, '$lte');
  return views.find<ResponseDailyCountDoc>(RESPONSE_DAILY_COUNTS, { chatbotId, ...(day ? { day } : {}) });
}

export async function countResponses(views: ReadStoreReader, chatbotId: string, days: DayBounds): Promise<number> {
  return (await dailyCounts(views, chatbotId, days)).reduce((n, d) => n + d.count, 0);
}

export function findResponses(views: ReadStoreReader, chatbotId: string, days: DayBounds, page: number, limit: number): Promise<ResponseDoc[]> {
  const chatDate = range(days.first && startOfDay(days.first), days.last && startOfDay(addDays(days.last, 1)), '$lt');
  return views.find<ResponseDoc>(RESPONSES, { chatbotId, ...(chatDate ? { chatDate } : {}) }, {
    sort: [['chatDate', -1]],
    skip: (page - 1) * limit,
    limit,
  });
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

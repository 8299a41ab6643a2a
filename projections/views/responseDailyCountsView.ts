/**
 * `response_daily_counts`: responses per chatbot per UTC day of chatDate. Analytics and the
 * responses list's totals add these up instead of counting response documents.
 */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { dayOf } from '../../domain/conversation/utcDays.js';
import { defineProjection } from '../projection.js';

export const RESPONSE_DAILY_COUNTS = collection<ResponseDailyCountDoc>('response_daily_counts');

export interface ResponseDailyCountDoc {
  id: string;
  chatbotId: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  count: number;
  [key: string]: unknown;
}

export const dailyCountId = (chatbotId: string, day: string): string => `${chatbotId}:${day}`;

export const responseDailyCountsView = defineProjection(
  'response-daily-counts',
  [{ name: RESPONSE_DAILY_COUNTS.name, indexes: [['chatbotId', 'day']] }],
  {
    async ResponseCreated(e, tx) {
      const d = e.data;
      const day = dayOf(d.chatDate);
      await tx.increment(RESPONSE_DAILY_COUNTS, dailyCountId(d.chatbotId, day), 'count', 1, {
        chatbotId: d.chatbotId,
        day,
      });
    },
  },
);

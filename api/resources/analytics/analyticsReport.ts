/**
 * The analytics object (docs/external-api.md, Analytics) of one chatbot or several together: one entry
 * per UTC day of the period ending today, zeros included. Shared by the External API and the
 * dashboard.
 */
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { addDays, dayOf, daysFrom } from '../../../domain/conversation/utcDays.js';
import { dailyCounts } from '../responses/responseQueries.js';

export interface AnalyticsReport {
  totalResponses: number;
  recentResponses: number;
  period: string;
  dailyCounts: { date: string; count: number }[];
}

export async function analyticsReport(
  views: ReadStoreReader,
  chatbots: { id: string; responseCount?: number }[],
  days: number,
  now: Date,
): Promise<AnalyticsReport> {
  const last = dayOf(now);
  const first = addDays(last, 1 - days);
  const counted = new Map<string, number>();
  if (chatbots.length) {
    const ids = chatbots.map((c) => c.id);
    for (const d of await dailyCounts(views, ids.length === 1 ? ids[0] : { $in: ids }, { first, last })) {
      counted.set(d.day, (counted.get(d.day) ?? 0) + d.count);
    }
  }
  const series = daysFrom(first, last).map((date) => ({ date, count: counted.get(date) ?? 0 }));
  return {
    totalResponses: chatbots.reduce((n, c) => n + (c.responseCount ?? 0), 0),
    recentResponses: series.reduce((n, d) => n + d.count, 0),
    period: `${days}d`,
    dailyCounts: series,
  };
}

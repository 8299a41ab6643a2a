/**
 * A chatbot's response records oldest first, page by page, for the export: keyset pagination on
 * (chatDate, id), so every page is one indexed read however deep the export is (skip would read
 * and drop every earlier row). The store's filters have no $or, so the key is walked in two
 * reads: the rest of the last page's chatDate by id, then the later chatDates.
 */
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { RESPONSES, type ResponseDoc } from '../../../projections/views/responsesView.js';
import { endOfDay, startOfDay } from '../../../domain/conversation/utcDays.js';
import type { DayBounds } from './responseQueries.js';

export const EXPORT_PAGE_SIZE = 500;

export async function* responsePagesInOrder(
  views: ReadStoreReader,
  chatbotId: string,
  days: DayBounds,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ResponseDoc[]> {
  const upTo = days.last ? { $lte: endOfDay(days.last) } : {};
  let last: { chatDate: string; id: string } | null = null;
  for (;;) {
    let page: ResponseDoc[] = [];
    if (last) {
      page = await views.find(
        RESPONSES,
        { chatbotId, chatDate: last.chatDate, id: { $gt: last.id } },
        { sort: [['id', 1]], limit: pageSize },
      );
    }
    if (!page.length) {
      const from = last ? { $gt: last.chatDate } : days.first ? { $gte: startOfDay(days.first) } : {};
      const chatDate = { ...from, ...upTo };
      page = await views.find(
        RESPONSES,
        { chatbotId, ...(Object.keys(chatDate).length ? { chatDate } : {}) },
        {
          sort: [
            ['chatDate', 1],
            ['id', 1],
          ],
          limit: pageSize,
        },
      );
    }
    if (!page.length) return;
    yield page;
    const end = page[page.length - 1] as ResponseDoc;
    last = { chatDate: end.chatDate, id: end.id };
  }
}

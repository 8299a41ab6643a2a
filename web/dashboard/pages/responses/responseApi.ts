/** The dashboard's response endpoints and shapes (api/resources/responses/responseRoutes.ts). */
import { api, DASHBOARD_API, query } from '../../api.js';
import type { Answer } from '../../apiTypes.js';

type ResponsesPath = '/api/v1/dashboard/responses';

export type ResponsesPage = Answer<ResponsesPath, 'get'>;
export type ResponseRecord = Answer<'/api/v1/dashboard/responses/{id}', 'get'>['data'];
export type Resolution = NonNullable<ResponseRecord['resolution']>;

export interface ResponseFilters {
  chatbotId: string;
  startDate: string;
  endDate: string;
  resolution: '' | Resolution | 'active';
  visitorId: string;
}

export const PAGE_SIZE = 20;

export type ExportFormat = 'csv' | 'ndjson';

/** Where a chatbot's conversations download as a file, within the filter's days (a plain link: the browser saves it). */
export const exportUrl = (f: Pick<ResponseFilters, 'chatbotId' | 'startDate' | 'endDate'>, format: ExportFormat) =>
  `${DASHBOARD_API}/chatbots/${encodeURIComponent(f.chatbotId)}/responses/export${query({
    format,
    startDate: f.startDate,
    endDate: f.endDate,
  })}`;

export const responseApi = {
  list: (f: ResponseFilters, page: number) =>
    api.get<ResponsesPage>(
      `${DASHBOARD_API}/responses${query({ ...f, visitorId: f.visitorId.trim(), page, limit: PAGE_SIZE })}`,
    ),
  get: (id: string) =>
    api.get<Answer<'/api/v1/dashboard/responses/{id}', 'get'>>(`${DASHBOARD_API}/responses/${encodeURIComponent(id)}`),
};

/** How a conversation ended, as a badge tone and words. */
export function outcomeOf(r: Pick<ResponseRecord, 'status' | 'resolution'>): {
  tone: 'success' | 'warning' | 'neutral' | 'info';
  label: string;
} {
  if (r.status !== 'completed') return { tone: 'info', label: 'In progress' };
  if (r.resolution === 'resolved') return { tone: 'success', label: 'Resolved' };
  if (r.resolution === 'escalated') return { tone: 'warning', label: 'Escalated' };
  return { tone: 'neutral', label: 'Ended' };
}

/** The first thing the visitor said: the row's preview. */
export const firstAnswer = (r: ResponseRecord) => r.record.find((e) => e.type === 'user')?.message ?? '';

/**
 * The dashboard's knowledge endpoints and their shapes (api/resources/knowledge): sources, the
 * questions agents found nothing for, and evaluation.
 */
import { api, DASHBOARD_API, query } from '../../api.js';
import type { Answer, RequestBody } from '../../apiTypes.js';

type ListPath = '/api/v1/dashboard/knowledge/sources';

export type SourceList = Answer<ListPath, 'get'>;
export type Source = SourceList['data'][number];
export type SourceLimits = SourceList['limits'];
export type SourceStatus = Source['status'];
export type SourceJsonBody = RequestBody<ListPath, 'post'>;

export type UnansweredPage = Answer<'/api/v1/dashboard/knowledge/unanswered', 'get'>;
export type UnansweredQuestion = UnansweredPage['data'][number];

type QuestionsPath = '/api/v1/dashboard/knowledge/evaluation/questions';
type RunsPath = '/api/v1/dashboard/knowledge/evaluation/runs';

export type EvaluationQuestion = Answer<QuestionsPath, 'get'>['data'][number];
export type EvaluationQuestionBody = RequestBody<QuestionsPath, 'post'>;
/** A run as listed (no results) or read alone (with them). */
export type EvaluationRun = Answer<RunsPath, 'get'>['data'][number] & { results?: EvaluationResult[] };
export type EvaluationResult = Answer<
  '/api/v1/dashboard/knowledge/evaluation/runs/{id}',
  'get'
>['data']['results'][number];
export type EvaluationRunBody = RequestBody<RunsPath, 'post'>;

const base = `${DASHBOARD_API}/knowledge`;
const source = (id: string) => `${base}/sources/${encodeURIComponent(id)}`;

export const knowledgeApi = {
  list: () => api.get<SourceList>(`${base}/sources`),
  get: (id: string) => api.get<{ data: Source }>(source(id)),
  add: (body: SourceJsonBody) => api.send<{ data: Source }>('POST', `${base}/sources`, body),
  upload: (file: File, title: string) => {
    const form = new FormData();
    if (title) form.append('title', title);
    form.append('file', file, file.name);
    return api.upload<{ data: Source }>(`${base}/sources`, form);
  },
  remove: (id: string) => api.send('DELETE', source(id)),
  reindex: (id: string) => api.send<{ data: Source }>('POST', `${source(id)}/reindex`),

  unanswered: (f: { chatbotId?: string; cursor?: string; limit?: number }) =>
    api.get<UnansweredPage>(`${base}/unanswered${query(f)}`),

  questions: () => api.get<{ data: EvaluationQuestion[] }>(`${base}/evaluation/questions`),
  addQuestion: (body: EvaluationQuestionBody) =>
    api.send<{ data: EvaluationQuestion }>('POST', `${base}/evaluation/questions`, body),
  removeQuestion: (id: string) => api.send('DELETE', `${base}/evaluation/questions/${encodeURIComponent(id)}`),
  runs: () => api.get<{ data: EvaluationRun[] }>(`${base}/evaluation/runs`),
  run: (id: string) => api.get<{ data: EvaluationRun }>(`${base}/evaluation/runs/${encodeURIComponent(id)}`),
  startRun: (body: EvaluationRunBody) => api.send<{ data: EvaluationRun }>('POST', `${base}/evaluation/runs`, body),
};

/** A source still on its way to ready or failed: the list polls while one is. */
export const inProgress = (s: Source) => s.status === 'queued' || s.status === 'processing';

/**
 * The dashboard's knowledge endpoints and their shapes: sources (api/resources/knowledge), the
 * questions agents found nothing for, and evaluation. The last two are typed here from the
 * endpoints' agreed shapes until the generated types carry them.
 */
import { api, DASHBOARD_API, query } from '../../api.js';
import type { Answer, RequestBody } from '../../apiTypes.js';

type ListPath = '/api/v1/dashboard/knowledge/sources';

export type SourceList = Answer<ListPath, 'get'>;
export type Source = SourceList['data'][number];
export type SourceLimits = SourceList['limits'];
export type SourceStatus = Source['status'];
export type SourceJsonBody = RequestBody<ListPath, 'post'>;

export interface UnansweredQuestion {
  id: string;
  question: string;
  chatbotId: string;
  sessionId: string;
  responseId: string;
  action: 'clarified' | 'handed_off' | 'answered_without_source';
  askedAt: string;
}

export interface UnansweredPage {
  data: UnansweredQuestion[];
  nextCursor?: string | null;
  hasMore?: boolean;
}

export interface EvaluationQuestion {
  id: string;
  question: string;
  expectedSourceIds: string[];
  expectedFacts: string[];
  createdAt: string;
}

export interface EvaluationResult {
  questionId: string;
  question: string;
  hit: boolean;
  rank: number | null;
  foundSourceIds: string[];
  answer: string | null;
  factsFound: string[];
  factsMissing: string[];
}

export interface EvaluationRun {
  id: string;
  chatbotId: string | null;
  k: number;
  createdAt: string;
  questions: number;
  hits: number;
  /** 0 to 1; null when there were no questions. */
  hitRate: number | null;
  answerChecks: { checked: number; passed: number } | null;
  /** Absent in the list of runs. */
  results?: EvaluationResult[];
}

export interface EvaluationQuestionBody {
  question: string;
  expectedSourceIds: string[];
  expectedFacts?: string[];
}

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
  startRun: (body: { chatbotId?: string; k?: number }) =>
    api.send<{ data: EvaluationRun }>('POST', `${base}/evaluation/runs`, body),
};

/** A source still on its way to ready or failed: the list polls while one is. */
export const inProgress = (s: Source) => s.status === 'queued' || s.status === 'processing';

/** The dashboard's chatbot endpoints and their shapes (api/resources/chatbots/chatbotRoutes.ts). */
import { api, DASHBOARD_API } from '../../api.js';
import type { Answer, RequestBody } from '../../apiTypes.js';

type ChatbotsPath = '/api/v1/dashboard/chatbots';
type ChatbotPath = '/api/v1/dashboard/chatbots/{id}';

/** The list form the editor edits (a branching flow has a `start`). */
export type Flow = Exclude<NonNullable<RequestBody<ChatbotsPath, 'post'>['flow']>, { start: string }>;
export type FlowStep = Flow['steps'][number];
export type StepType = FlowStep['type'];

/**
 * The steps the list editor edits. A branching flow never reaches it (FlowPanel gives those the
 * branching editor); the empty fallback only narrows the type.
 */
export const listFormOf = (flow: NonNullable<RequestBody<ChatbotsPath, 'post'>['flow']>): Flow =>
  'start' in flow ? { steps: [] } : flow;

export type ChatbotList = Answer<ChatbotsPath, 'get'>;
export type ChatbotListItem = ChatbotList['data'][number];
export type ChatbotDetail = Answer<ChatbotPath, 'get'>;
export type Chatbot = ChatbotDetail['data'];
export type ChatbotCreateBody = RequestBody<ChatbotsPath, 'post'>;
export type ChatbotUpdateBody = RequestBody<ChatbotPath, 'put'>;

const base = `${DASHBOARD_API}/chatbots`;

export const chatbotApi = {
  list: () => api.get<ChatbotList>(base),
  get: (id: string) => api.get<ChatbotDetail>(`${base}/${encodeURIComponent(id)}`),
  create: (body: ChatbotCreateBody) => api.send<ChatbotDetail>('POST', base, body),
  update: (id: string, body: ChatbotUpdateBody) =>
    api.send<ChatbotDetail>('PUT', `${base}/${encodeURIComponent(id)}`, body),
  duplicate: (id: string) =>
    api.send<Answer<'/api/v1/dashboard/chatbots/{id}/duplicate', 'post'>>(
      'POST',
      `${base}/${encodeURIComponent(id)}/duplicate`,
    ),
  remove: (id: string) => api.send<Answer<ChatbotPath, 'delete'>>('DELETE', `${base}/${encodeURIComponent(id)}`),
};

/** "3 of 5 chatbots", "2 chatbots (no limit)", for the plan cap line. */
export function capText(cap: ChatbotList['cap']): string {
  if (cap.limit === null) return `${cap.used} chatbot${cap.used === 1 ? '' : 's'} · no limit on your plan`;
  return `${cap.used} of ${cap.limit} chatbots on your plan`;
}

export const capReached = (cap: ChatbotList['cap']) => cap.limit !== null && cap.used >= cap.limit;

/** The dashboard's chatbot endpoints and their shapes (api/dashboard/chatbotsRoutes.ts). */
import { api, DASHBOARD_API } from '../../api.js';

export type StepType = 'message' | 'question' | 'handoff';
export interface FlowStep {
  type: StepType;
  text: string;
  variable?: string;
}
export interface Flow {
  steps: FlowStep[];
}

export interface ChatbotListItem {
  id: string;
  name: string;
  description: string;
  disabled: boolean;
  responseCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Chatbot extends ChatbotListItem {
  flow: Flow;
}

export interface ChatbotDetail {
  data: Chatbot;
  embed: { scriptUrl: string; snippet: string };
}

export interface ChatbotList {
  data: ChatbotListItem[];
  cap: { used: number; limit: number | null };
}

const base = `${DASHBOARD_API}/chatbots`;

export const chatbotApi = {
  list: () => api.get<ChatbotList>(base),
  get: (id: string) => api.get<ChatbotDetail>(`${base}/${encodeURIComponent(id)}`),
  create: (body: { name: string; description?: string; flow?: Flow }) => api.send<ChatbotDetail>('POST', base, body),
  update: (id: string, body: Partial<{ name: string; description: string; disabled: boolean; flow: Flow }>) =>
    api.send<ChatbotDetail>('PUT', `${base}/${encodeURIComponent(id)}`, body),
  duplicate: (id: string) => api.send<ChatbotDetail>('POST', `${base}/${encodeURIComponent(id)}/duplicate`),
  remove: (id: string) => api.send<{ message: string }>('DELETE', `${base}/${encodeURIComponent(id)}`),
};

/** "3 of 5 chatbots", "2 chatbots (no limit)", for the plan cap line. */
export function capText(cap: ChatbotList['cap']): string {
  if (cap.limit === null) return `${cap.used} chatbot${cap.used === 1 ? '' : 's'} · no limit on your plan`;
  return `${cap.used} of ${cap.limit} chatbots on your plan`;
}

export const capReached = (cap: ChatbotList['cap']) => cap.limit !== null && cap.used >= cap.limit;

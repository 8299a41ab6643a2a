/** The dashboard's chatbot agent endpoints and their shapes (api/resources/chatbots/chatbotAgentRoutes.ts). */
import { api, DASHBOARD_API } from '../../api.js';
import type { Answer, RequestBody } from '../../apiTypes.js';

type AgentPath = '/api/v1/dashboard/chatbots/{id}/agent';
type PreviewPath = '/api/v1/dashboard/chatbots/{id}/agent/preview';

export type Agent = NonNullable<Answer<AgentPath, 'get'>['data']>;
export type AgentBody = RequestBody<AgentPath, 'put'>;
export type PreviewBody = RequestBody<PreviewPath, 'post'>;
export type PreviewMessage = PreviewBody['messages'][number];
export type PreviewAnswer = Answer<PreviewPath, 'post'>['data'];

const path = (chatbotId: string) => `${DASHBOARD_API}/chatbots/${encodeURIComponent(chatbotId)}/agent`;

export const agentApi = {
  get: (chatbotId: string) => api.get<{ data: Agent }>(path(chatbotId)),
  set: (chatbotId: string, body: AgentBody) => api.send<{ data: Agent }>('PUT', path(chatbotId), body),
  remove: (chatbotId: string) => api.send('DELETE', path(chatbotId)),
  preview: (chatbotId: string, body: PreviewBody) =>
    api.send<{ data: PreviewAnswer }>('POST', `${path(chatbotId)}/preview`, body),
};

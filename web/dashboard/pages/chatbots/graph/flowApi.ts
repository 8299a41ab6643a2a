/**
 * The dashboard's flow endpoints (api/resources/chatbots/chatbotFlowRoutes.ts): the draft, publishing
 * (and rolling back), the published versions and their differences, and the what-if run. Flows are
 * typed with the domain's own graph shape, which the generated types leave open.
 */
import { api, DASHBOARD_API } from '../../../api.js';
import type { Answer, RequestBody } from '../../../apiTypes.js';
import type { FlowDocument } from '../../../../../domain/chatbot/flowDocument.js';
import type { FlowGraph } from '../../../../../domain/flow/flowGraph.js';

type FlowPath = '/api/v1/dashboard/chatbots/{id}/flow';

export type Publication = Answer<'/api/v1/dashboard/chatbots/{id}/flow/publish', 'post'>['data'];
export type VersionList = Answer<'/api/v1/dashboard/chatbots/{id}/flow/versions', 'get'>;
export type VersionDiff = Answer<'/api/v1/dashboard/chatbots/{id}/flow/versions/{version}/diff', 'get'>['data'];
export type SavedDraft = Omit<Answer<FlowPath, 'put'>, 'data'> & { data: FlowDocument };
export interface FlowVersion {
  version: number;
  publishedAt: string;
  flow: FlowDocument;
}

type SimulatePath = '/api/v1/dashboard/chatbots/{id}/flow/simulate';
export type SimulationReport = Answer<SimulatePath, 'post'>['data'];
export type SimulatedConversation = SimulationReport['conversations'][number];
export type Outcome = SimulatedConversation['before'];
export type SimulateRequest = RequestBody<SimulatePath, 'post'>;

const flowBase = (id: string) => `${DASHBOARD_API}/chatbots/${encodeURIComponent(id)}/flow`;

export const flowApi = {
  draft: (id: string) => api.get<{ data: FlowDocument }>(flowBase(id)),
  saveDraft: (id: string, flow: FlowGraph) => api.send<SavedDraft>('PUT', flowBase(id), flow),
  /** Publishes the draft, or with `version` that earlier version again (a rollback). */
  publish: (id: string, version?: number) =>
    api.send<{ data: Publication }>('POST', `${flowBase(id)}/publish`, version === undefined ? {} : { version }),
  versions: (id: string) => api.get<VersionList>(`${flowBase(id)}/versions`),
  version: (id: string, version: number) => api.get<{ data: FlowVersion }>(`${flowBase(id)}/versions/${version}`),
  diff: (id: string, version: number, against: number) =>
    api.get<{ data: VersionDiff }>(`${flowBase(id)}/versions/${version}/diff?against=${against}`),
  simulate: (id: string, body: SimulateRequest) =>
    api.send<{ data: SimulationReport }>('POST', `${flowBase(id)}/simulate`, body),
};

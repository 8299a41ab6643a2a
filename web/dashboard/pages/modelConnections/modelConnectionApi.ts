/** The dashboard's model connection endpoints and their shapes (api/resources/modelConnections). */
import { api, DASHBOARD_API } from '../../api.js';
import type { Answer, RequestBody } from '../../apiTypes.js';

type ListPath = '/api/v1/dashboard/model-connections';
type OnePath = '/api/v1/dashboard/model-connections/{id}';

export type ModelConnectionList = Answer<ListPath, 'get'>;
export type ModelConnection = ModelConnectionList['data'][number];
export type ModelConnectionCreateBody = RequestBody<ListPath, 'post'>;
export type ModelConnectionUpdateBody = RequestBody<OnePath, 'patch'>;
export type ConnectionTest = Answer<'/api/v1/dashboard/model-connections/{id}/test', 'post'>['data'];

const base = `${DASHBOARD_API}/model-connections`;
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const modelConnectionApi = {
  list: () => api.get<ModelConnectionList>(base),
  create: (body: ModelConnectionCreateBody) => api.send<{ data: ModelConnection }>('POST', base, body),
  update: (id: string, body: ModelConnectionUpdateBody) => api.send<{ data: ModelConnection }>('PATCH', one(id), body),
  remove: (id: string) => api.send('DELETE', one(id)),
  test: (id: string) => api.send<{ data: ConnectionTest }>('POST', `${one(id)}/test`),
};

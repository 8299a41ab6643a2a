/** Chatbots (seed: Endpoints → Chatbots). */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/apiClient.js';
export class Chatbots extends APIResource {
    /** The workspace's chatbots, newest first. */
    async list(options) {
        return (await this._client.get('/chatbots', undefined, options)).data;
    }
    async retrieve(id, options) {
        return (await this._client.get(pathOf `/chatbots/${id}`, undefined, options)).data;
    }
    /** Subject to the plan's chatbot cap (PermissionDeniedError when reached). */
    async create(params, options) {
        return (await this._client.post('/chatbots', params, options)).data;
    }
    /** Only the given fields change. */
    async update(id, params, options) {
        return (await this._client.put(pathOf `/chatbots/${id}`, params, options)).data;
    }
    /** Permanent; the chatbot's webhooks go with it. */
    delete(id, options) {
        return this._client.delete(pathOf `/chatbots/${id}`, options);
    }
    /** A copy named "<name> (copy)"; subject to the plan's chatbot cap. */
    async duplicate(id, options) {
        return (await this._client.post(pathOf `/chatbots/${id}/duplicate`, undefined, options)).data;
    }
}

/** The workspace's chatbots. */
import { ChatbotAgentResource } from './chatbotAgent.js';
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
import { ChatbotFlow } from './chatbotFlow.js';
export class Chatbots extends APIResource {
    flow;
    agent;
    constructor(client) {
        super(client);
        this.flow = new ChatbotFlow(client);
        this.agent = new ChatbotAgentResource(client);
    }
    /** The workspace's chatbots, newest first. */
    list(options) {
        return this._client.get('/chatbots', undefined, options)._thenUnwrap((r) => r.data);
    }
    retrieve(id, options) {
        return this._client.get(pathOf `/chatbots/${id}`, undefined, options)._thenUnwrap((r) => r.data);
    }
    /** Subject to the plan's chatbot cap (PermissionDeniedError when reached). */
    create(params, options) {
        return this._client.post('/chatbots', params, options)._thenUnwrap((r) => r.data);
    }
    /** Only the given fields change. */
    update(id, params, options) {
        return this._client
            .put(pathOf `/chatbots/${id}`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Permanent; the chatbot's webhooks go with it. */
    delete(id, options) {
        return this._client.delete(pathOf `/chatbots/${id}`, options);
    }
    /** A copy named "<name> (copy)"; subject to the plan's chatbot cap. */
    duplicate(id, options) {
        return this._client
            .post(pathOf `/chatbots/${id}/duplicate`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * How the conversations of one published flow version went over the last `days` UTC days
     * (default 30): per step how many reached it and stopped there, and the outcomes.
     * `version` defaults to the newest.
     */
    funnel(id, params = {}, options) {
        return this._client
            .get(pathOf `/chatbots/${id}/funnel`, params, options)
            ._thenUnwrap((r) => r.data);
    }
}

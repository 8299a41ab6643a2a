"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Chatbots = void 0;
/** The workspace's chatbots. */
const chatbotAgent_js_1 = require("./chatbotAgent.js");
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
const chatbotFlow_js_1 = require("./chatbotFlow.js");
class Chatbots extends resource_js_1.APIResource {
    flow;
    agent;
    constructor(client) {
        super(client);
        this.flow = new chatbotFlow_js_1.ChatbotFlow(client);
        this.agent = new chatbotAgent_js_1.ChatbotAgentResource(client);
    }
    /** The workspace's chatbots, newest first. */
    list(options) {
        return this._client.get('/chatbots', undefined, options)._thenUnwrap((r) => r.data);
    }
    retrieve(id, options) {
        return this._client.get((0, path_js_1.pathOf) `/chatbots/${id}`, undefined, options)._thenUnwrap((r) => r.data);
    }
    /** Subject to the plan's chatbot cap (PermissionDeniedError when reached). */
    create(params, options) {
        return this._client.post('/chatbots', params, options)._thenUnwrap((r) => r.data);
    }
    /** Only the given fields change. */
    update(id, params, options) {
        return this._client
            .put((0, path_js_1.pathOf) `/chatbots/${id}`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Permanent; the chatbot's webhooks go with it. */
    delete(id, options) {
        return this._client.delete((0, path_js_1.pathOf) `/chatbots/${id}`, options);
    }
    /** A copy named "<name> (copy)"; subject to the plan's chatbot cap. */
    duplicate(id, options) {
        return this._client
            .post((0, path_js_1.pathOf) `/chatbots/${id}/duplicate`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * How the conversations of one published flow version went over the last `days` UTC days
     * (default 30): per step how many reached it and stopped there, and the outcomes.
     * `version` defaults to the newest.
     */
    funnel(id, params = {}, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${id}/funnel`, params, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.Chatbots = Chatbots;

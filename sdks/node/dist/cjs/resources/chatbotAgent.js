"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatbotAgentResource = void 0;
/** A chatbot's AI agent: who it is, its instructions and the model connection it answers with. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
class ChatbotAgentResource extends resource_js_1.APIResource {
    /** The agent; a chatbot that is not an AI agent is a NotFoundError. */
    get(chatbotId, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/agent`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Makes the chatbot an AI agent, or changes it; answers the agent as stored, defaults filled in. */
    update(chatbotId, params, options) {
        return this._client
            .put((0, path_js_1.pathOf) `/chatbots/${chatbotId}/agent`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Makes the chatbot a flow bot again. */
    delete(chatbotId, options) {
        return this._client.delete((0, path_js_1.pathOf) `/chatbots/${chatbotId}/agent`, options);
    }
    /**
     * Tries the agent (or `params.agent`, settings not saved) on a conversation you keep: one answer
     * with the model, tokens and latency. No conversation is recorded; the tokens count in the
     * month's AI tokens. A model that gives no answer is still answered, with `error` saying why in
     * plain words.
     */
    preview(chatbotId, params, options) {
        return this._client
            .post((0, path_js_1.pathOf) `/chatbots/${chatbotId}/agent/preview`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * What the agent did over a period of UTC days (default: the last 30; at most 366):
     * conversations and how they ended, handoff reasons, answers with a source, unanswered
     * questions, tokens and latency percentiles, with a series per day.
     */
    analytics(chatbotId, params = {}, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/agent/analytics`, params, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.ChatbotAgentResource = ChatbotAgentResource;

"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatbotFlow = exports.ChatbotFlowVersions = void 0;
/** A chatbot's flow: the draft, its published versions, what-if runs, and the secret its http steps sign with. */
const resource_js_1 = require("../core/resource.js");
const path_js_1 = require("../core/path.js");
/** The published versions of a chatbot's flow; each one is immutable. */
class ChatbotFlowVersions extends resource_js_1.APIResource {
    /** Newest first. */
    list(chatbotId, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow/versions`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    retrieve(chatbotId, version, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow/versions/${String(version)}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** The step ids added, removed and changed in `version` since `against`. */
    diff(chatbotId, version, params, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow/versions/${String(version)}/diff`, params, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.ChatbotFlowVersions = ChatbotFlowVersions;
/** Conversations run on published versions only: saving the draft changes none of them. */
class ChatbotFlow extends resource_js_1.APIResource {
    versions;
    constructor(client) {
        super(client);
        this.versions = new ChatbotFlowVersions(client);
    }
    /** The draft. */
    get(chatbotId, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * Saves the draft; a flow that breaks a rule is a BadRequestError (code INVALID_FLOW) naming
     * the step and field. Answers `{data, warnings}`: the draft as saved and, for example, its
     * unreachable steps.
     */
    update(chatbotId, flow, options) {
        return this._client.put((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow`, flow, options);
    }
    /** Publishes the draft as a new version, or with `version` an earlier version again (a rollback). */
    publish(chatbotId, params = {}, options) {
        return this._client
            .post((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow/publish`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * A what-if run: the latest recorded conversations (`limit`, default 100, at most 1,000; a
     * `startDate`–`endDate` range of UTC days) replayed against the draft. Nothing is sent, stored
     * or called: http steps take the answers the conversations got.
     */
    simulate(chatbotId, params = {}, options) {
        return this._client
            .post((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow/simulate`, params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** The key the flow's http steps sign their calls with, verified like a webhook signature. */
    signingSecret(chatbotId, options) {
        return this._client
            .get((0, path_js_1.pathOf) `/chatbots/${chatbotId}/flow/signing-secret`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.ChatbotFlow = ChatbotFlow;

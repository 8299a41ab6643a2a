/** A chatbot's flow: the draft, its published versions, what-if runs, and the secret its http steps sign with. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { APIClient } from '../core/apiClient.js';
import type { RequestOptions } from '../core/options.js';
import type { Flow, FlowDiff, FlowDiffParams, FlowPublication, FlowPublishParams, FlowSaved, FlowSigningSecret, FlowSimulateParams, FlowSimulation, FlowVersion } from '../types.js';
/** The published versions of a chatbot's flow; each one is immutable. */
export declare class ChatbotFlowVersions extends APIResource {
    /** Newest first. */
    list(chatbotId: string, options?: RequestOptions): APIPromise<FlowPublication[]>;
    retrieve(chatbotId: string, version: number, options?: RequestOptions): APIPromise<FlowVersion>;
    /** The step ids added, removed and changed in `version` since `against`. */
    diff(chatbotId: string, version: number, params: FlowDiffParams, options?: RequestOptions): APIPromise<FlowDiff>;
}
/** Conversations run on published versions only: saving the draft changes none of them. */
export declare class ChatbotFlow extends APIResource {
    readonly versions: ChatbotFlowVersions;
    constructor(client: APIClient);
    /** The draft. */
    get(chatbotId: string, options?: RequestOptions): APIPromise<Flow>;
    /**
     * Saves the draft; a flow that breaks a rule is a BadRequestError (code INVALID_FLOW) naming
     * the step and field. Answers `{data, warnings}`: the draft as saved and, for example, its
     * unreachable steps.
     */
    update(chatbotId: string, flow: Flow, options?: RequestOptions): APIPromise<FlowSaved>;
    /** Publishes the draft as a new version, or with `version` an earlier version again (a rollback). */
    publish(chatbotId: string, params?: FlowPublishParams, options?: RequestOptions): APIPromise<FlowPublication>;
    /**
     * A what-if run: the latest recorded conversations (`limit`, default 100, at most 1,000; a
     * `startDate`–`endDate` range of UTC days) replayed against the draft. Nothing is sent, stored
     * or called: http steps take the answers the conversations got.
     */
    simulate(chatbotId: string, params?: FlowSimulateParams, options?: RequestOptions): APIPromise<FlowSimulation>;
    /** The key the flow's http steps sign their calls with, verified like a webhook signature. */
    signingSecret(chatbotId: string, options?: RequestOptions): APIPromise<FlowSigningSecret>;
}

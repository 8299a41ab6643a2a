/** The workspace's chatbots. */
import { ChatbotAgentResource } from './chatbotAgent.js';
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { APIClient } from '../core/apiClient.js';
import { ChatbotFlow } from './chatbotFlow.js';
import type { Chatbot, ChatbotCreated, ChatbotCreateParams, ChatbotSummary, ChatbotUpdated, ChatbotUpdateParams, Deleted, Funnel, FunnelParams } from '../types.js';
export declare class Chatbots extends APIResource {
    readonly flow: ChatbotFlow;
    readonly agent: ChatbotAgentResource;
    constructor(client: APIClient);
    /** The workspace's chatbots, newest first. */
    list(options?: RequestOptions): APIPromise<ChatbotSummary[]>;
    retrieve(id: string, options?: RequestOptions): APIPromise<Chatbot>;
    /** Subject to the plan's chatbot cap (PermissionDeniedError when reached). */
    create(params: ChatbotCreateParams, options?: RequestOptions): APIPromise<ChatbotCreated>;
    /** Only the given fields change. */
    update(id: string, params: ChatbotUpdateParams, options?: RequestOptions): APIPromise<ChatbotUpdated>;
    /** Permanent; the chatbot's webhooks go with it. */
    delete(id: string, options?: RequestOptions): APIPromise<Deleted>;
    /** A copy named "<name> (copy)"; subject to the plan's chatbot cap. */
    duplicate(id: string, options?: RequestOptions): APIPromise<ChatbotCreated>;
    /**
     * How the conversations of one published flow version went over the last `days` UTC days
     * (default 30): per step how many reached it and stopped there, and the outcomes.
     * `version` defaults to the newest.
     */
    funnel(id: string, params?: FunnelParams, options?: RequestOptions): APIPromise<Funnel>;
}

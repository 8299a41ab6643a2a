/** The workspace's chatbots. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Chatbot, ChatbotCreated, ChatbotCreateParams, ChatbotSummary, ChatbotUpdated, ChatbotUpdateParams, Deleted } from '../types.js';
export declare class Chatbots extends APIResource {
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
}

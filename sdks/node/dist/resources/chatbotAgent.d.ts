/** A chatbot's AI agent: who it is, its instructions and the model connection it answers with. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { AgentAnalytics, AgentAnalyticsParams, AgentPreview, AgentPreviewParams, ChatbotAgent, ChatbotAgentParams, Deleted } from '../types.js';
export declare class ChatbotAgentResource extends APIResource {
    /** The agent; a chatbot that is not an AI agent is a NotFoundError. */
    get(chatbotId: string, options?: RequestOptions): APIPromise<ChatbotAgent>;
    /** Makes the chatbot an AI agent, or changes it; answers the agent as stored, defaults filled in. */
    update(chatbotId: string, params: ChatbotAgentParams, options?: RequestOptions): APIPromise<ChatbotAgent>;
    /** Makes the chatbot a flow bot again. */
    delete(chatbotId: string, options?: RequestOptions): APIPromise<Deleted>;
    /**
     * Tries the agent (or `params.agent`, settings not saved) on a conversation you keep: one answer
     * with the model, tokens and latency. No conversation is recorded; the tokens count in the
     * month's AI tokens. A model that gives no answer is still answered, with `error` saying why in
     * plain words.
     */
    preview(chatbotId: string, params: AgentPreviewParams, options?: RequestOptions): APIPromise<AgentPreview>;
    /**
     * What the agent did over a period of UTC days (default: the last 30; at most 366):
     * conversations and how they ended, handoff reasons, answers with a source, unanswered
     * questions, tokens and latency percentiles, with a series per day.
     */
    analytics(chatbotId: string, params?: AgentAnalyticsParams, options?: RequestOptions): APIPromise<AgentAnalytics>;
}

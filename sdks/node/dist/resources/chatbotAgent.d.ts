/** A chatbot's AI agent: who it is, its instructions and the model connection it answers with. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { ChatbotAgent, ChatbotAgentParams, Deleted } from '../types.js';
export declare class ChatbotAgentResource extends APIResource {
    /** The agent; a chatbot that is not an AI agent is a NotFoundError. */
    get(chatbotId: string, options?: RequestOptions): APIPromise<ChatbotAgent>;
    /** Makes the chatbot an AI agent, or changes it; answers the agent as stored, defaults filled in. */
    update(chatbotId: string, params: ChatbotAgentParams, options?: RequestOptions): APIPromise<ChatbotAgent>;
    /** Makes the chatbot a flow bot again. */
    delete(chatbotId: string, options?: RequestOptions): APIPromise<Deleted>;
}

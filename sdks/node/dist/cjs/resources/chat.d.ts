/**
 * The visitor chat API (what the website widget uses), beside the External API at
 * `{baseURL}/chat/…`: start a session, send the visitor's messages (whole or streamed), hand the
 * conversation to a person or end it. It is public: the service checks no API key here, so
 * this is how a server of yours, a test or a custom chat window talks to a chatbot as a
 * visitor would. Its answers are bare JSON, and it takes no Idempotency-Key, so these calls are
 * retried only when they surely did nothing (no connection, or a 429).
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import { ChatAnswerStream } from './chatAnswerStream.js';
import type { ChatCompleted, ChatEscalateParams, ChatMessageParams, ChatSession, ChatSessionCreateParams, ChatTurn } from '../types.js';
export declare class ChatSessions extends APIResource {
    /** Starts a conversation (it emits `conversation.started`); answers the bot's first messages. */
    create(chatbotId: string, params?: ChatSessionCreateParams, options?: RequestOptions): APIPromise<ChatSession>;
    /** Hands the conversation to a person: it completes with resolution `escalated`. */
    escalate(chatbotId: string, sessionId: string, params?: ChatEscalateParams, options?: RequestOptions): APIPromise<ChatCompleted>;
    /** Ends the conversation: it completes with resolution `ended`. */
    end(chatbotId: string, sessionId: string, options?: RequestOptions): APIPromise<ChatCompleted>;
}
export declare class ChatMessages extends APIResource {
    /** Sends the visitor's message and answers the bot's replies, whole. A completed conversation is a ConflictError. */
    send(chatbotId: string, sessionId: string, params: ChatMessageParams, options?: RequestOptions): APIPromise<ChatTurn>;
    /**
     * Sends the visitor's message and streams the answer: `for await (const event of stream)`
     * gives `{type: 'token', text}` for each piece of an agent's answer, then
     * `{type: 'done', messages, done}`; `await stream.finalAnswer()` gives just the whole answer.
     * The request is sent when reading starts; `options.signal` aborts it, and `options.timeout`
     * bounds the wait for the answer to start and for each piece after it.
     */
    stream(chatbotId: string, sessionId: string, params: ChatMessageParams, options?: RequestOptions): ChatAnswerStream;
}
export declare class Chat extends APIResource {
    readonly sessions: ChatSessions;
    readonly messages: ChatMessages;
    constructor(client: APIClient);
}

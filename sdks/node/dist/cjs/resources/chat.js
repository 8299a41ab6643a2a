"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Chat = exports.ChatMessages = exports.ChatSessions = void 0;
/**
 * The visitor chat API (what the website widget uses), beside the External API at
 * `{baseURL}/chat/…`: start a session, send the visitor's messages (whole or streamed), hand the
 * conversation to a person or end it. It is public: the service checks no API key here, so
 * this is how a server of yours, a test or a custom chat window talks to a chatbot as a
 * visitor would. Its answers are bare JSON, and it takes no Idempotency-Key, so these calls are
 * retried only when they surely did nothing (no connection, or a 429).
 */
const resource_js_1 = require("../core/resource.js");
const config_js_1 = require("../core/config.js");
const path_js_1 = require("../core/path.js");
const chatAnswerStream_js_1 = require("./chatAnswerStream.js");
const CHAT_PREFIX = '/chat';
const chatPost = (path, body, options) => ({
    method: 'post',
    path,
    body,
    options,
    prefix: CHAT_PREFIX,
    envelope: 'object',
    retryUnsentOnly: true,
});
class ChatSessions extends resource_js_1.APIResource {
    /** Starts a conversation (it emits `conversation.started`); answers the bot's first messages. */
    create(chatbotId, params = {}, options) {
        return this._client.request(chatPost((0, path_js_1.pathOf) `/${chatbotId}/sessions`, params, options));
    }
    /** Hands the conversation to a person: it completes with resolution `escalated`. */
    escalate(chatbotId, sessionId, params = {}, options) {
        return this._client.request(chatPost((0, path_js_1.pathOf) `/${chatbotId}/sessions/${sessionId}/escalate`, params, options));
    }
    /** Ends the conversation: it completes with resolution `ended`. */
    end(chatbotId, sessionId, options) {
        return this._client.request(chatPost((0, path_js_1.pathOf) `/${chatbotId}/sessions/${sessionId}/end`, undefined, options));
    }
}
exports.ChatSessions = ChatSessions;
class ChatMessages extends resource_js_1.APIResource {
    /** Sends the visitor's message and answers the bot's replies, whole. A completed conversation is a ConflictError. */
    send(chatbotId, sessionId, params, options) {
        return this._client.request(chatPost((0, path_js_1.pathOf) `/${chatbotId}/sessions/${sessionId}/messages`, params, options));
    }
    /**
     * Sends the visitor's message and streams the answer: `for await (const event of stream)`
     * gives `{type: 'token', text}` for each piece of an agent's answer, then
     * `{type: 'done', messages, done}`; `await stream.finalAnswer()` gives just the whole answer.
     * The request is sent when reading starts; `options.signal` aborts it, and `options.timeout`
     * bounds the wait for the answer to start and for each piece after it.
     */
    stream(chatbotId, sessionId, params, options) {
        const req = chatPost((0, path_js_1.pathOf) `/${chatbotId}/sessions/${sessionId}/messages`, params, options);
        (0, config_js_1.checkRequestOptions)(options ?? {});
        const client = this._client;
        return new chatAnswerStream_js_1.ChatAnswerStream(() => client.requestStream(req), options?.timeout ?? client.timeout, options?.signal);
    }
}
exports.ChatMessages = ChatMessages;
class Chat extends resource_js_1.APIResource {
    sessions;
    messages;
    constructor(client) {
        super(client);
        this.sessions = new ChatSessions(client);
        this.messages = new ChatMessages(client);
    }
}
exports.Chat = Chat;

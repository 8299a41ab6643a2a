"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatAnswerStream = void 0;
/**
 * A visitor message answered as it is written (`chat.messages.stream()`): an async iterable of
 * `{type: 'token', text}` events, one per piece of an agent's answer, ending with one
 * `{type: 'done', messages, done}` event that carries the whole answer (what `send()` answers).
 * The request is sent when reading starts; an error answer (a ConflictError for a completed
 * conversation, a NotFoundError…) is thrown before any token. A stream that ends without its
 * `done` event is an APIConnectionError; one the service ends with an `error` event is an
 * UnexpectedResponseError. A flow's replies come whole, in the `done` event.
 */
const answerBody_js_1 = require("../core/answerBody.js");
const errors_js_1 = require("../core/errors.js");
const eventStreamReader_js_1 = require("../core/eventStreamReader.js");
const isEventStream = (response) => (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
class ChatAnswerStream {
    open;
    timeoutMs;
    signal;
    started = false;
    constructor(open, timeoutMs, signal) {
        this.open = open;
        this.timeoutMs = timeoutMs;
        this.signal = signal;
    }
    async *[Symbol.asyncIterator]() {
        if (this.started)
            throw new errors_js_1.ConfabError('A chat answer stream can be read once.');
        this.started = true;
        const response = await this.open();
        const turnOf = (data, problem) => {
            const body = (0, answerBody_js_1.parseSuccessBody)(response, data, 'object');
            if (!Array.isArray(body.messages) || typeof body.done !== 'boolean')
                throw new errors_js_1.UnexpectedResponseError(response.status, body, problem, response.headers);
            return body;
        };
        // A proxy that does not stream (or an older service) answers the whole turn as JSON.
        if (!isEventStream(response)) {
            yield { type: 'done', ...turnOf(await response.text(), 'expected {messages, done}') };
            return;
        }
        for await (const event of (0, eventStreamReader_js_1.readServerSentEvents)(response, this.timeoutMs, this.signal)) {
            if (event.event === 'token') {
                const { text } = (0, answerBody_js_1.parseSuccessBody)(response, event.data, 'object');
                if (typeof text !== 'string')
                    throw new errors_js_1.UnexpectedResponseError(response.status, event.data, 'a token event without text', response.headers);
                yield { type: 'token', text };
            }
            else if (event.event === 'done') {
                yield { type: 'done', ...turnOf(event.data, 'a done event without {messages, done}') };
                return;
            }
            else if (event.event === 'error') {
                let body = event.data;
                try {
                    body = JSON.parse(event.data);
                }
                catch {
                    // the text as it came
                }
                throw new errors_js_1.UnexpectedResponseError(response.status, body, 'the service could not complete the answer (an error event)', response.headers);
            }
            // Other events are for later versions of the service: skipped.
        }
        throw new errors_js_1.APIConnectionError({ message: 'The answer stream ended before its done event.' });
    }
    /** Reads the stream to its end and answers the whole answer (the `done` event, without `type`). */
    async finalAnswer() {
        for await (const event of this) {
            if (event.type === 'done') {
                const { type: _type, ...turn } = event;
                return turn;
            }
        }
        // The iterator either yields done or throws; this is only for the type checker.
        throw new errors_js_1.APIConnectionError({ message: 'The answer stream ended before its done event.' });
    }
}
exports.ChatAnswerStream = ChatAnswerStream;

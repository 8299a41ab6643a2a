"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readWithin = readWithin;
exports.readServerSentEvents = readServerSentEvents;
/**
 * The events of a streamed answer's body, as they arrive. Each wait for the next chunk may take
 * the request's timeout (a stream that falls silent is an APITimeoutError, not a hang); the
 * caller's signal aborts it (APIUserAbortError); a connection that breaks is an
 * APIConnectionError. Stopping early (a `break` out of the loop) closes the connection.
 */
const errors_js_1 = require("./errors.js");
const serverSentEvents_js_1 = require("./serverSentEvents.js");
async function readWithin(reader, timeoutMs, signal) {
    let timer;
    const silence = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new errors_js_1.APITimeoutError({ message: 'The answer stream fell silent.' })), timeoutMs);
    });
    try {
        return await Promise.race([reader.read(), silence]);
    }
    catch (cause) {
        if (cause instanceof errors_js_1.APITimeoutError)
            throw cause;
        if (signal?.aborted)
            throw new errors_js_1.APIUserAbortError({ cause: signal.reason ?? cause });
        throw new errors_js_1.APIConnectionError({ message: 'The answer stream was cut.', cause });
    }
    finally {
        clearTimeout(timer);
    }
}
async function* readServerSentEvents(response, timeoutMs, signal) {
    if (!response.body)
        return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new serverSentEvents_js_1.ServerSentEventParser();
    try {
        for (;;) {
            if (signal?.aborted)
                throw new errors_js_1.APIUserAbortError({ cause: signal.reason });
            const { done, value } = await readWithin(reader, timeoutMs, signal);
            if (done) {
                yield* parser.push(decoder.decode());
                return;
            }
            yield* parser.push(decoder.decode(value, { stream: true }));
        }
    }
    finally {
        // Ended, failed or left early: let the connection go either way.
        reader.cancel().catch(() => { });
    }
}

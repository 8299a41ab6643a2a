"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ResponseExport = void 0;
/**
 * A chatbot's conversations as a file (`responses.export()`), read as it downloads: `for await`
 * over it gives the file's lines one at a time (without their line ending), so a million rows
 * never sit in memory; `response()` gives the raw answer to pipe its body to a file. NDJSON lines
 * are one JSON object each. A CSV cell may hold a line break (quoted, RFC 4180): give the body
 * to a CSV parser rather than splitting lines when answers can span lines.
 * The request is sent when reading starts; an error answer (a NotFoundError, a 400 naming the
 * field…) is thrown before any line. Each wait for the next chunk may take the request's timeout.
 */
const errors_js_1 = require("../core/errors.js");
const eventStreamReader_js_1 = require("../core/eventStreamReader.js");
class ResponseExport {
    open;
    timeoutMs;
    signal;
    opened;
    read = false;
    constructor(open, timeoutMs, signal) {
        this.open = open;
        this.timeoutMs = timeoutMs;
        this.signal = signal;
    }
    /** The success answer with its body unread: `Readable.fromWeb(res.body).pipe(createWriteStream(path))`. */
    response() {
        this.opened ??= this.open();
        return this.opened;
    }
    async *[Symbol.asyncIterator]() {
        if (this.read)
            throw new errors_js_1.ConfabError('An export can be read once.');
        this.read = true;
        const response = await this.response();
        if (!response.body)
            return;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let pending = '';
        try {
            for (;;) {
                const { done, value } = await (0, eventStreamReader_js_1.readWithin)(reader, this.timeoutMs, this.signal);
                pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
                let start = 0;
                for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
                    yield pending.slice(start, pending[end - 1] === '\r' ? end - 1 : end);
                    start = end + 1;
                }
                pending = pending.slice(start);
                if (done)
                    break;
            }
            if (pending)
                yield pending;
        }
        finally {
            // Ended, failed or left early: let the connection go either way.
            reader.cancel().catch(() => { });
        }
    }
}
exports.ResponseExport = ResponseExport;

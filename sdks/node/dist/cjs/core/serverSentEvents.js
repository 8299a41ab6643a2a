"use strict";
/**
 * Reading a `text/event-stream` body as a browser's EventSource does (the HTML standard's
 * rules): lines end in LF, CR or CRLF, even when a chunk splits a CRLF; `event:` names the
 * event, each `data:` line adds a line to its data (joined by LF); one space after the colon is
 * dropped; `:` lines are comments (keep-alives); a blank line dispatches the event, and one
 * without data is not dispatched. A last event that no blank line ended is dropped: the stream
 * was cut before it was complete.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.ServerSentEventParser = void 0;
/** Turns decoded text, chunk by chunk, into the events it completes. */
class ServerSentEventParser {
    buffer = '';
    event = '';
    data = [];
    started = false;
    /** A chunk ended in CR: an LF opening the next one belongs to the same line end. */
    pendingCR = false;
    /** The events `text` completes. */
    push(text) {
        if (!this.started && text) {
            this.started = true;
            // A byte order mark at the start of the stream is not part of the first field.
            if (text.charCodeAt(0) === 0xfeff)
                text = text.slice(1);
        }
        if (this.pendingCR && text.startsWith('\n'))
            text = text.slice(1);
        this.pendingCR = false;
        this.buffer += text;
        const out = [];
        for (;;) {
            const end = this.buffer.search(/[\r\n]/);
            if (end === -1)
                break;
            // A CR at the very end of the buffer may be the first half of a CRLF.
            if (this.buffer[end] === '\r' && end === this.buffer.length - 1) {
                this.pendingCR = true;
                this.line(this.buffer.slice(0, end), out);
                this.buffer = '';
                break;
            }
            const width = this.buffer.startsWith('\r\n', end) ? 2 : 1;
            this.line(this.buffer.slice(0, end), out);
            this.buffer = this.buffer.slice(end + width);
        }
        return out;
    }
    line(text, out) {
        if (text === '') {
            if (this.data.length > 0)
                out.push({ event: this.event || 'message', data: this.data.join('\n') });
            this.event = '';
            this.data = [];
            return;
        }
        if (text.startsWith(':'))
            return;
        const colon = text.indexOf(':');
        const field = colon === -1 ? text : text.slice(0, colon);
        let value = colon === -1 ? '' : text.slice(colon + 1);
        if (value.startsWith(' '))
            value = value.slice(1);
        if (field === 'event')
            this.event = value;
        else if (field === 'data')
            this.data.push(value);
        // `id` and `retry` are for reconnecting EventSources; a POST answer is never resumed.
    }
}
exports.ServerSentEventParser = ServerSentEventParser;

/**
 * Reading a `text/event-stream` body as a browser's EventSource does (the HTML standard's
 * rules): lines end in LF, CR or CRLF, even when a chunk splits a CRLF; `event:` names the
 * event, each `data:` line adds a line to its data (joined by LF); one space after the colon is
 * dropped; `:` lines are comments (keep-alives); a blank line dispatches the event, and one
 * without data is not dispatched. A last event that no blank line ended is dropped: the stream
 * was cut before it was complete.
 */
export interface ServerSentEvent {
    /** The `event:` field; `message` when there is none. */
    event: string;
    data: string;
}
/** Turns decoded text, chunk by chunk, into the events it completes. */
export declare class ServerSentEventParser {
    private buffer;
    private event;
    private data;
    private started;
    /** A chunk ended in CR: an LF opening the next one belongs to the same line end. */
    private pendingCR;
    /** The events `text` completes. */
    push(text: string): ServerSentEvent[];
    private line;
}

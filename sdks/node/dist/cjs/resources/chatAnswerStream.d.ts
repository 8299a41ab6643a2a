import type { ChatStreamEvent, ChatTurn } from '../types.js';
export declare class ChatAnswerStream implements AsyncIterable<ChatStreamEvent> {
    private readonly open;
    private readonly timeoutMs;
    private readonly signal?;
    private started;
    constructor(open: () => Promise<Response>, timeoutMs: number, signal?: AbortSignal | undefined);
    [Symbol.asyncIterator](): AsyncGenerator<ChatStreamEvent>;
    /** Reads the stream to its end and answers the whole answer (the `done` event, without `type`). */
    finalAnswer(): Promise<ChatTurn>;
}

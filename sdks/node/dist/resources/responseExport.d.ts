export declare class ResponseExport implements AsyncIterable<string> {
    private readonly open;
    private readonly timeoutMs;
    private readonly signal?;
    private opened;
    private read;
    constructor(open: () => Promise<Response>, timeoutMs: number, signal?: AbortSignal | undefined);
    /** The success answer with its body unread: `Readable.fromWeb(res.body).pipe(createWriteStream(path))`. */
    response(): Promise<Response>;
    [Symbol.asyncIterator](): AsyncGenerator<string>;
}

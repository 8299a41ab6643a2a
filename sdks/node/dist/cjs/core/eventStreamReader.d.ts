import { type ServerSentEvent } from './serverSentEvents.js';
type Reader = ReadableStreamDefaultReader<Uint8Array>;
export declare function readWithin(reader: Reader, timeoutMs: number, signal: AbortSignal | undefined): Promise<ReadableStreamReadResult<Uint8Array<ArrayBufferLike>>>;
export declare function readServerSentEvents(response: Response, timeoutMs: number, signal?: AbortSignal): AsyncGenerator<ServerSentEvent>;
export {};

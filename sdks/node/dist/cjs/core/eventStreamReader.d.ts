import { type ServerSentEvent } from './serverSentEvents.js';
export declare function readServerSentEvents(response: Response, timeoutMs: number, signal?: AbortSignal): AsyncGenerator<ServerSentEvent>;

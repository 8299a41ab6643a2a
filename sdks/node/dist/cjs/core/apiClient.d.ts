import { type APIRequest, type ClientOptions, type RequestOptions } from './options.js';
import { APIPromise } from './apiPromise.js';
export { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from './config.js';
/**
 * The answer of a DELETE whose retry found nothing to delete after an earlier attempt may have
 * deleted it (its answer lost): the caller's goal is reached, so it is not a NotFoundError.
 */
export declare const ALREADY_DELETED_MESSAGE = "Already deleted: an earlier attempt of this request may have deleted it before its answer was lost.";
export declare class APIClient {
    #private;
    readonly baseURL: string;
    readonly maxRetries: number;
    readonly timeout: number;
    private readonly fetchImpl;
    private readonly defaultHeaders;
    constructor(options?: ClientOptions);
    get apiKey(): string;
    get<T>(path: string, query?: APIRequest['query'], options?: RequestOptions): APIPromise<T>;
    post<T>(path: string, body?: unknown, options?: RequestOptions): APIPromise<T>;
    put<T>(path: string, body?: unknown, options?: RequestOptions): APIPromise<T>;
    patch<T>(path: string, body?: unknown, options?: RequestOptions): APIPromise<T>;
    /** Deletes answer `{message}`, not `{data}`. */
    delete<T>(path: string, options?: RequestOptions): APIPromise<T>;
    /** Sends the request at once, retrying as the policy allows; resolves with the parsed JSON body. */
    request<T>(req: APIRequest): APIPromise<T>;
    /**
     * Sends a request whose answer streams (`stream: true`): resolves with the success Response,
     * its body unread (the caller's `signal` still aborts it); error answers are thrown as usual.
     */
    requestStream(req: APIRequest): Promise<Response>;
    private send;
    /**
     * One attempt: the answer with its body read, or why none came. With `leaveBody`, a success
     * answer's body is left to the caller; the caller's signal still aborts it.
     */
    private attempt;
    private buildURL;
    private buildHeaders;
    /** Waits between attempts; the caller's signal cuts the wait short with an abort error. */
    private sleep;
}

import type { APIRequest, ClientOptions, RequestOptions } from './options.js';
export declare const DEFAULT_BASE_URL = "http://localhost:3000/api/v1";
export declare const DEFAULT_MAX_RETRIES = 3;
export declare const DEFAULT_TIMEOUT_MS = 60000;
export declare class APIClient {
    readonly apiKey: string;
    readonly baseURL: string;
    readonly maxRetries: number;
    readonly timeout: number;
    private readonly fetchImpl;
    private readonly defaultHeaders;
    constructor(options?: ClientOptions);
    get<T>(path: string, query?: APIRequest['query'], options?: RequestOptions): Promise<T>;
    post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
    put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
    patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
    delete<T>(path: string, options?: RequestOptions): Promise<T>;
    /** Sends the request, retrying as the policy allows; resolves with the parsed JSON body. */
    request<T>(req: APIRequest): Promise<T>;
    /** One attempt: the answer with its body read, or why none came. */
    private attempt;
    private buildURL;
    private buildHeaders;
    /** Waits between attempts; the caller's signal cuts the wait short with an abort error. */
    private sleep;
}
/** Path segments are escaped, so an id can never reach another endpoint. */
export declare function pathOf(strings: TemplateStringsArray, ...ids: string[]): string;

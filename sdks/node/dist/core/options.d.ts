/** Options of the client and of each request (CONTRACT.md §9). */
export interface ClientOptions {
    /** Workspace API key (header x-api-key). Default: process.env.CONFAB_API_KEY. */
    apiKey?: string;
    /**
     * The service's `{base_url}`, ending in /api/v1; the SDK appends /external/v1/….
     * Default: process.env.CONFAB_BASE_URL, else http://localhost:3000/api/v1.
     */
    baseURL?: string;
    /** Retries after the first attempt on connection errors, 408, 409, 429 and 5xx. Default 3. */
    maxRetries?: number;
    /** Milliseconds each attempt may take, answer body included. Default 60 000. */
    timeout?: number;
    /** A fetch implementation (tests, proxies, instrumentation). Default: the global fetch. */
    fetch?: typeof fetch;
    /** Headers sent with every request. */
    defaultHeaders?: Record<string, string>;
}
export interface RequestOptions {
    /** Milliseconds this request's attempts may take each (overrides the client's). */
    timeout?: number;
    /** Retries for this request (overrides the client's); 0 surfaces the first error. */
    maxRetries?: number;
    /** Aborts the request, including a wait between retries. Never retried. */
    signal?: AbortSignal;
    /**
     * Idempotency-Key of a POST; one is generated when not given. The same key is sent on every
     * retry, so the service does the work once (CONTRACT.md §8).
     */
    idempotencyKey?: string;
    /** Extra headers for this request. */
    headers?: Record<string, string>;
}
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export interface APIRequest {
    method: HttpMethod;
    /** Path below /external/v1, e.g. `/chatbots/abc`. */
    path: string;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
    options?: RequestOptions;
}

/** Options of the client and of each request. */

export interface ClientOptions {
  /** Workspace API key (header x-api-key). Default: process.env.CONFAB_API_KEY. */
  apiKey?: string;
  /**
   * The service's `{base_url}`, ending in /api/v1; the SDK appends /external/v1/…. A bare
   * origin (`https://confab.example.com`) means its /api/v1. Redirects are not followed.
   * Default: process.env.CONFAB_BASE_URL, else http://localhost:3000/api/v1.
   */
  baseURL?: string;
  /**
   * Retries after the first attempt on connection errors, timeouts, 429 and 5xx (and the 409 of
   * an Idempotency-Key still in progress). Default 3.
   */
  maxRetries?: number;
  /** Milliseconds each attempt may take, answer body included (a positive number). Default 60 000. */
  timeout?: number;
  /** A fetch implementation (tests, proxies, instrumentation). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Headers sent with every request; names are case-insensitive, and x-api-key is always the client's. */
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
   * Idempotency-Key of a POST (1 to 255 printable ASCII characters); one is generated when not
   * given. The same key is sent on every retry, so the service does the work once.
   */
  idempotencyKey?: string;
  /** Extra headers for this request. */
  headers?: Record<string, string>;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * What a success answer's body must be; anything else is an UnexpectedResponseError.
 * - `data`: `{data: <object or array>, …}` (the External API);
 * - `page`: `{data: [...], total, page, totalPages}` (a page of a list);
 * - `object`: any JSON object (deletes' `{message}`, the workspace endpoints' bare JSON);
 * - `none`: no body (a 204), answered as undefined.
 */
export type Envelope = 'data' | 'page' | 'object' | 'none';

/** The External API's place below `baseURL` (`{base_url}/external/v1/…`). */
export const EXTERNAL_PREFIX = '/external/v1';

export interface APIRequest {
  method: HttpMethod;
  /** Path below `prefix`, e.g. `/chatbots/abc`. */
  path: string;
  /** Where the path starts below `baseURL`. Default EXTERNAL_PREFIX; the workspace endpoints use `/workspace`. */
  prefix?: string;
  /** Default `data`. */
  envelope?: Envelope;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  options?: RequestOptions;
  /**
   * Asks for `text/event-stream` and leaves a success answer's body unread, for the caller to
   * read as it comes (the visitor chat API's streamed answers).
   */
  stream?: boolean;
  /**
   * The endpoint takes no Idempotency-Key (the visitor chat API): a retry could do the work twice,
   * so the request is retried only when it surely did nothing — no connection was made, or a 429
   * refused it — never after a timeout, a cut connection or a 5xx.
   */
  retryUnsentOnly?: boolean;
}

/**
 * The thin core every resource goes through: builds the request, sends it with a per-attempt
 * timeout, retries what is worth retrying (with the same Idempotency-Key), and turns error
 * answers into typed errors. Resources only describe endpoints on top of `request`.
 */
import { APIConnectionError, APIError, APITimeoutError, APIUserAbortError, ConfabError, InvalidArgumentError } from './errors.js';
import { nextDelayMs, shouldRetry } from './retryPolicy.js';
import { EXTERNAL_PREFIX, type APIRequest, type ClientOptions, type RequestOptions } from './options.js';
import { parseErrorBody, parseSuccessBody } from './answerBody.js';
import { VERSION } from '../version.js';
import { APIPromise, type APIResponse } from './apiPromise.js';

export const DEFAULT_BASE_URL = 'http://localhost:3000/api/v1';
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_TIMEOUT_MS = 60_000;

/** process.env without assuming a Node global in type-only consumers. */
function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
  return value?.trim() || undefined;
}

function validRetries(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) throw new InvalidArgumentError(`${what} must be a non-negative integer, got ${value}`);
  return value;
}

/** Why one attempt got no answer. */
type NoAnswer = { kind: 'timeout' } | { kind: 'aborted'; cause: unknown } | { kind: 'connection'; cause: unknown };

/** Failures to connect at all (undici's codes): the request never reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function neverSent(cause: unknown): boolean {
  const c = cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = c?.cause?.code ?? c?.code;
  return typeof code === 'string' && NOT_SENT_CODES.has(code);
}

/**
 * The answer of a DELETE whose retry found nothing to delete after an earlier attempt may have
 * deleted it (its answer lost): the caller's goal is reached, so it is not a NotFoundError.
 */
export const ALREADY_DELETED_MESSAGE = 'Already deleted: an earlier attempt of this request may have deleted it before its answer was lost.';

export class APIClient {
  readonly apiKey: string;
  readonly baseURL: string;
  readonly maxRetries: number;
  readonly timeout: number;
  private readonly fetchImpl: typeof fetch;
  private readonly defaultHeaders: Record<string, string>;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? env('CONFAB_API_KEY');
    if (!apiKey) {
      throw new ConfabError('No API key: pass `apiKey` to new Confab({ apiKey }) or set the CONFAB_API_KEY environment variable.');
    }
    this.apiKey = apiKey;
    this.baseURL = (options.baseURL ?? env('CONFAB_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.maxRetries = validRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES, 'maxRetries');
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new ConfabError('No fetch: Node 20 or later has a global fetch; otherwise pass `fetch`.');
    this.fetchImpl = fetchImpl;
    this.defaultHeaders = options.defaultHeaders ?? {};
  }

  get<T>(path: string, query?: APIRequest['query'], options?: RequestOptions): APIPromise<T> {
    return this.request<T>({ method: 'get', path, query, options });
  }
  post<T>(path: string, body?: unknown, options?: RequestOptions): APIPromise<T> {
    return this.request<T>({ method: 'post', path, body, options });
  }
  put<T>(path: string, body?: unknown, options?: RequestOptions): APIPromise<T> {
    return this.request<T>({ method: 'put', path, body, options });
  }
  patch<T>(path: string, body?: unknown, options?: RequestOptions): APIPromise<T> {
    return this.request<T>({ method: 'patch', path, body, options });
  }
  /** Deletes answer `{message}`, not `{data}`. */
  delete<T>(path: string, options?: RequestOptions): APIPromise<T> {
    return this.request<T>({ method: 'delete', path, options, envelope: 'object' });
  }

  /** Sends the request at once, retrying as the policy allows; resolves with the parsed JSON body. */
  request<T>(req: APIRequest): APIPromise<T> {
    return new APIPromise<T>(this.send(req));
  }

  private async send(req: APIRequest): Promise<APIResponse> {
    const options = req.options ?? {};
    const maxRetries = validRetries(options.maxRetries ?? this.maxRetries, 'maxRetries');
    const timeout = options.timeout ?? this.timeout;
    const url = this.buildURL(req.prefix ?? EXTERNAL_PREFIX, req.path, req.query);
    // One key per logical POST, created before the first attempt and kept across retries.
    const idempotencyKey = req.method === 'post' ? (options.idempotencyKey ?? `confab-node-${crypto.randomUUID()}`) : undefined;
    // Whether an earlier attempt may have reached the service and done its work although its
    // answer was lost: a reset or timeout after sending, or a 5xx (perhaps from a gateway).
    let mayHaveBeenDone = false;

    for (let retry = 0; ; retry++) {
      const retriesLeft = maxRetries - retry;
      const headers = this.buildHeaders(req, options, idempotencyKey, retry);
      const init: RequestInit = { method: req.method.toUpperCase(), headers, body: req.body === undefined ? undefined : JSON.stringify(req.body) };
      const outcome = await this.attempt(url, init, timeout, options.signal);

      if ('kind' in outcome) {
        if (outcome.kind === 'aborted') throw new APIUserAbortError({ cause: outcome.cause });
        if (outcome.kind === 'timeout' || !neverSent(outcome.cause)) mayHaveBeenDone = true;
        if (retriesLeft > 0) {
          await this.sleep(nextDelayMs(retry + 1, undefined, Date.now()) ?? 0, options.signal);
          continue;
        }
        if (outcome.kind === 'timeout') throw new APITimeoutError();
        throw new APIConnectionError({ cause: outcome.cause });
      }

      const { response, text } = outcome;
      if (response.ok) return { response, body: parseSuccessBody(response, text, req.envelope ?? 'data') };
      if (req.method === 'delete' && response.status === 404 && mayHaveBeenDone) {
        return { response, body: { message: ALREADY_DELETED_MESSAGE } };
      }
      const error = parseErrorBody(text);
      const code = typeof error === 'object' && typeof error.code === 'string' ? error.code : undefined;
      if (retriesLeft > 0 && shouldRetry(response.status, response.headers, code)) {
        const delay = nextDelayMs(retry + 1, response.headers, Date.now());
        if (delay !== null) {
          if (response.status >= 500) mayHaveBeenDone = true;
          await this.sleep(delay, options.signal);
          continue;
        }
      }
      throw APIError.generate(response.status, error, response.headers);
    }
  }

  /** One attempt: the answer with its body read, or why none came. */
  private async attempt(url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined): Promise<{ response: Response; text: string } | NoAnswer> {
    if (signal?.aborted) return { kind: 'aborted', cause: signal.reason };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.fetchImpl(url, { ...init, signal: controller.signal });
      // The body is part of the attempt: a server that stalls mid-body times out too.
      const text = await response.text();
      return { response, text };
    } catch (cause) {
      if (signal?.aborted) return { kind: 'aborted', cause: signal.reason ?? cause };
      if (timedOut) return { kind: 'timeout' };
      return { kind: 'connection', cause };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private buildURL(prefix: string, path: string, query: APIRequest['query']): string {
    const url = new URL(`${this.baseURL}${prefix}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private buildHeaders(req: APIRequest, options: RequestOptions, idempotencyKey: string | undefined, retry: number): Record<string, string> {
    return {
      accept: 'application/json',
      'user-agent': `confab-node/${VERSION}`,
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(retry > 0 ? { 'x-confab-retry-count': String(retry) } : {}),
      ...this.defaultHeaders,
      ...options.headers,
      'x-api-key': this.apiKey,
    };
  }

  /** Waits between attempts; the caller's signal cuts the wait short with an abort error. */
  private sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(new APIUserAbortError({ cause: signal.reason }));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(new APIUserAbortError({ cause: signal?.reason }));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * The error hierarchy. Everything the SDK throws is a ConfabError; an answer
 * from the API with a 4xx/5xx status is an APIError subclass chosen by status, and a request
 * that got no answer at all is an APIConnectionError (APITimeoutError when it ran out of time).
 * A success status with a body the endpoint never answers is an UnexpectedResponseError, and an
 * argument that can never be sent (an empty id) an InvalidArgumentError, thrown before sending.
 */
import { retryAfterMs } from './retryPolicy.js';

/** The JSON body of an error answer: `{error, code?}`. */
export interface ErrorBody {
  error?: string;
  code?: string;
  [key: string]: unknown;
}

export class ConfabError extends Error {
  override name = 'ConfabError';
}

/**
 * A method was called with an argument it can never send, e.g. an empty id (which would turn
 * `chatbots.retrieve(id)` into a list request). Thrown at once, before anything is sent.
 */
export class InvalidArgumentError extends ConfabError {
  override name = 'InvalidArgumentError';
}

export class APIError extends ConfabError {
  override name = 'APIError';
  /** HTTP status; undefined when no answer came (APIConnectionError). */
  readonly status: number | undefined;
  /** The machine-readable `code` of the error body, e.g. 'RATE_LIMIT_ERROR'. */
  readonly code: string | undefined;
  /** The answer's headers (empty when no answer came). */
  readonly headers: Headers;
  /** The error body as parsed JSON, or the raw text when it was not JSON. */
  readonly error: ErrorBody | string | undefined;
  /** The service's X-Request-Id: quote it when asking for support. */
  readonly requestId: string | undefined;

  constructor(
    status: number | undefined,
    error: ErrorBody | string | undefined,
    message: string | undefined,
    headers: Headers | undefined,
  ) {
    super(APIError.makeMessage(status, error, message));
    this.status = status;
    this.error = error;
    this.headers = headers ?? new Headers();
    this.code = typeof error === 'object' && typeof error.code === 'string' ? error.code : undefined;
    this.requestId = this.headers.get('x-request-id') ?? undefined;
  }

  private static makeMessage(
    status: number | undefined,
    error: ErrorBody | string | undefined,
    message: string | undefined,
  ): string {
    const text = message ?? summaryOf(error);
    if (status && text) return `${status} ${text}`;
    if (status) return `${status} status code (${error === undefined ? 'no body' : 'no error message in the body'})`;
    return text ?? '(no status code or body)';
  }

  /** The subclass that matches an error answer's status. */
  static generate(status: number, error: ErrorBody | string | undefined, headers: Headers): APIError {
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, error, redirectMessage(status, headers), headers);
  }
}

/**
 * One readable line from an error body: its `error` string (Confab's), else a `message` string
 * (many gateways'), else the <title> of an HTML page (a proxy's "502 Bad Gateway") or the
 * text's start; never a whole page in the message.
 */
function summaryOf(error: ErrorBody | string | undefined): string | undefined {
  if (typeof error === 'object') {
    const text = typeof error.error === 'string' ? error.error : error.message;
    return typeof text === 'string' && text ? text : undefined;
  }
  if (!error?.trim()) return undefined;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(error)?.[1]?.trim();
  const line = (title || error).replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Why a 3xx is an error: the SDK does not follow redirects (see APIClient). */
function redirectMessage(status: number, headers: Headers): string | undefined {
  if (status < 300 || status >= 400) return undefined;
  const to = headers.get('location');
  return `Redirected${to ? ` to ${to}` : ''}; the SDK does not follow redirects, which could send the API key to another host: set baseURL to the address the service really answers at.`;
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds the service asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number | undefined,
    error: ErrorBody | string | undefined,
    message: string | undefined,
    headers: Headers | undefined,
  ) {
    super(status, error, message, headers);
    const ms = retryAfterMs(this.headers, Date.now());
    this.retryAfter = ms === undefined ? undefined : Math.ceil(ms / 1000);
  }
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/**
 * A success status whose body is not what the endpoint answers (empty, not JSON, not an object,
 * or without its `data`): usually a proxy or gateway in between, not Confab. `status` and
 * `requestId` are the answer's; `error` holds the body (text when it was not JSON).
 */
export class UnexpectedResponseError extends APIError {
  override name = 'UnexpectedResponseError';

  constructor(status: number, body: unknown, problem: string, headers: Headers) {
    super(status, body as ErrorBody | string | undefined, undefined, headers);
    // The body of a success says nothing about what went wrong: say it here instead.
    this.message = `${status} Unexpected answer from the API: ${problem}`;
  }
}

/** No answer came: DNS, refused or reset connection, or an abort by the caller's signal. */
export class APIConnectionError extends APIError {
  override name = 'APIConnectionError';

  constructor({ message, cause }: { message?: string; cause?: unknown } = {}) {
    super(undefined, undefined, message ?? 'Connection error.', undefined);
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/** No answer came within the timeout (after every retry). */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';

  constructor({ message }: { message?: string } = {}) {
    super({ message: message ?? 'Request timed out.' });
  }
}

/** The caller's AbortSignal fired; never retried. */
export class APIUserAbortError extends APIConnectionError {
  override name = 'APIUserAbortError';

  constructor({ message, cause }: { message?: string; cause?: unknown } = {}) {
    super({ message: message ?? 'Request was aborted.', cause });
  }
}

/** A webhook delivery whose signature, timestamp or body does not check out. */
export class WebhookVerificationError extends ConfabError {
  override name = 'WebhookVerificationError';
}

const STATUS_CLASSES: Record<number, new (...args: ConstructorParameters<typeof APIError>) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WebhookVerificationError = exports.APIUserAbortError = exports.APITimeoutError = exports.APIConnectionError = exports.UnexpectedResponseError = exports.InternalServerError = exports.RateLimitError = exports.UnprocessableEntityError = exports.ConflictError = exports.NotFoundError = exports.PermissionDeniedError = exports.AuthenticationError = exports.BadRequestError = exports.APIError = exports.InvalidArgumentError = exports.ConfabError = void 0;
/**
 * The error hierarchy. Everything the SDK throws is a ConfabError; an answer
 * from the API with a 4xx/5xx status is an APIError subclass chosen by status, and a request
 * that got no answer at all is an APIConnectionError (APITimeoutError when it ran out of time).
 * A success status with a body the endpoint never answers is an UnexpectedResponseError, and an
 * argument that can never be sent (an empty id) an InvalidArgumentError, thrown before sending.
 */
const retryPolicy_js_1 = require("./retryPolicy.js");
class ConfabError extends Error {
    name = 'ConfabError';
}
exports.ConfabError = ConfabError;
/**
 * A method was called with an argument it can never send, e.g. an empty id (which would turn
 * `chatbots.retrieve(id)` into a list request). Thrown at once, before anything is sent.
 */
class InvalidArgumentError extends ConfabError {
    name = 'InvalidArgumentError';
}
exports.InvalidArgumentError = InvalidArgumentError;
class APIError extends ConfabError {
    name = 'APIError';
    /** HTTP status; undefined when no answer came (APIConnectionError). */
    status;
    /** The machine-readable `code` of the error body, e.g. 'RATE_LIMIT_ERROR'. */
    code;
    /** The answer's headers (empty when no answer came). */
    headers;
    /** The error body as parsed JSON, or the raw text when it was not JSON. */
    error;
    /** The service's X-Request-Id: quote it when asking for support. */
    requestId;
    constructor(status, error, message, headers) {
        super(APIError.makeMessage(status, error, message));
        this.status = status;
        this.error = error;
        this.headers = headers ?? new Headers();
        this.code = typeof error === 'object' && typeof error.code === 'string' ? error.code : undefined;
        this.requestId = this.headers.get('x-request-id') ?? undefined;
    }
    static makeMessage(status, error, message) {
        const text = message ?? summaryOf(error);
        if (status && text)
            return `${status} ${text}`;
        if (status)
            return `${status} status code (${error === undefined ? 'no body' : 'no error message in the body'})`;
        return text ?? '(no status code or body)';
    }
    /** The subclass that matches an error answer's status. */
    static generate(status, error, headers) {
        const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
        return new Class(status, error, redirectMessage(status, headers), headers);
    }
}
exports.APIError = APIError;
/**
 * One readable line from an error body: its `error` string (Confab's), else a `message` string
 * (many gateways'), else the <title> of an HTML page (a proxy's "502 Bad Gateway") or the
 * text's start; never a whole page in the message.
 */
function summaryOf(error) {
    if (typeof error === 'object') {
        const text = typeof error.error === 'string' ? error.error : error.message;
        return typeof text === 'string' && text ? text : undefined;
    }
    if (!error?.trim())
        return undefined;
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(error)?.[1]?.trim();
    const line = (title || error).replace(/\s+/g, ' ').trim();
    return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
/** Why a 3xx is an error: the SDK does not follow redirects (see APIClient). */
function redirectMessage(status, headers) {
    if (status < 300 || status >= 400)
        return undefined;
    const to = headers.get('location');
    return `Redirected${to ? ` to ${to}` : ''}; the SDK does not follow redirects, which could send the API key to another host: set baseURL to the address the service really answers at.`;
}
class BadRequestError extends APIError {
    name = 'BadRequestError';
}
exports.BadRequestError = BadRequestError;
class AuthenticationError extends APIError {
    name = 'AuthenticationError';
}
exports.AuthenticationError = AuthenticationError;
class PermissionDeniedError extends APIError {
    name = 'PermissionDeniedError';
}
exports.PermissionDeniedError = PermissionDeniedError;
class NotFoundError extends APIError {
    name = 'NotFoundError';
}
exports.NotFoundError = NotFoundError;
class ConflictError extends APIError {
    name = 'ConflictError';
}
exports.ConflictError = ConflictError;
class UnprocessableEntityError extends APIError {
    name = 'UnprocessableEntityError';
}
exports.UnprocessableEntityError = UnprocessableEntityError;
class RateLimitError extends APIError {
    name = 'RateLimitError';
    /** Seconds the service asked to wait (Retry-After), when it said. */
    retryAfter;
    constructor(status, error, message, headers) {
        super(status, error, message, headers);
        const ms = (0, retryPolicy_js_1.retryAfterMs)(this.headers, Date.now());
        this.retryAfter = ms === undefined ? undefined : Math.ceil(ms / 1000);
    }
}
exports.RateLimitError = RateLimitError;
class InternalServerError extends APIError {
    name = 'InternalServerError';
}
exports.InternalServerError = InternalServerError;
/**
 * A success status whose body is not what the endpoint answers (empty, not JSON, not an object,
 * or without its `data`): usually a proxy or gateway in between, not Confab. `status` and
 * `requestId` are the answer's; `error` holds the body (text when it was not JSON).
 */
class UnexpectedResponseError extends APIError {
    name = 'UnexpectedResponseError';
    constructor(status, body, problem, headers) {
        super(status, body, undefined, headers);
        // The body of a success says nothing about what went wrong: say it here instead.
        this.message = `${status} Unexpected answer from the API: ${problem}`;
    }
}
exports.UnexpectedResponseError = UnexpectedResponseError;
/** No answer came: DNS, refused or reset connection, or an abort by the caller's signal. */
class APIConnectionError extends APIError {
    name = 'APIConnectionError';
    constructor({ message, cause } = {}) {
        super(undefined, undefined, message ?? 'Connection error.', undefined);
        if (cause !== undefined)
            this.cause = cause;
    }
}
exports.APIConnectionError = APIConnectionError;
/** No answer came within the timeout (after every retry). */
class APITimeoutError extends APIConnectionError {
    name = 'APITimeoutError';
    constructor({ message } = {}) {
        super({ message: message ?? 'Request timed out.' });
    }
}
exports.APITimeoutError = APITimeoutError;
/** The caller's AbortSignal fired; never retried. */
class APIUserAbortError extends APIConnectionError {
    name = 'APIUserAbortError';
    constructor({ message, cause } = {}) {
        super({ message: message ?? 'Request was aborted.', cause });
    }
}
exports.APIUserAbortError = APIUserAbortError;
/** A webhook delivery whose signature, timestamp or body does not check out. */
class WebhookVerificationError extends ConfabError {
    name = 'WebhookVerificationError';
}
exports.WebhookVerificationError = WebhookVerificationError;
const STATUS_CLASSES = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
};

/** The JSON body of an error answer: `{error, code?}`. */
export interface ErrorBody {
    error?: string;
    code?: string;
    [key: string]: unknown;
}
export declare class ConfabError extends Error {
    name: string;
}
/**
 * A method was called with an argument it can never send, e.g. an empty id (which would turn
 * `chatbots.retrieve(id)` into a list request). Thrown at once, before anything is sent.
 */
export declare class InvalidArgumentError extends ConfabError {
    name: string;
}
export declare class APIError extends ConfabError {
    name: string;
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
    constructor(status: number | undefined, error: ErrorBody | string | undefined, message: string | undefined, headers: Headers | undefined);
    private static makeMessage;
    /** The subclass that matches an error answer's status. */
    static generate(status: number, error: ErrorBody | string | undefined, headers: Headers): APIError;
}
export declare class BadRequestError extends APIError {
    name: string;
}
export declare class AuthenticationError extends APIError {
    name: string;
}
export declare class PermissionDeniedError extends APIError {
    name: string;
}
export declare class NotFoundError extends APIError {
    name: string;
}
export declare class ConflictError extends APIError {
    name: string;
}
export declare class UnprocessableEntityError extends APIError {
    name: string;
}
export declare class RateLimitError extends APIError {
    name: string;
    /** Seconds the service asked to wait (Retry-After), when it said. */
    readonly retryAfter: number | undefined;
    constructor(status: number | undefined, error: ErrorBody | string | undefined, message: string | undefined, headers: Headers | undefined);
}
export declare class InternalServerError extends APIError {
    name: string;
}
/**
 * A success status whose body is not what the endpoint answers (empty, not JSON, not an object,
 * or without its `data`): usually a proxy or gateway in between, not Confab. `status` and
 * `requestId` are the answer's; `error` holds the body (text when it was not JSON).
 */
export declare class UnexpectedResponseError extends APIError {
    name: string;
    constructor(status: number, body: unknown, problem: string, headers: Headers);
}
/** No answer came: DNS, refused or reset connection, or an abort by the caller's signal. */
export declare class APIConnectionError extends APIError {
    name: string;
    constructor({ message, cause }?: {
        message?: string;
        cause?: unknown;
    });
}
/** No answer came within the timeout (after every retry). */
export declare class APITimeoutError extends APIConnectionError {
    name: string;
    constructor({ message }?: {
        message?: string;
    });
}
/** The caller's AbortSignal fired; never retried. */
export declare class APIUserAbortError extends APIConnectionError {
    name: string;
    constructor({ message, cause }?: {
        message?: string;
        cause?: unknown;
    });
}
/** A webhook delivery whose signature, timestamp or body does not check out. */
export declare class WebhookVerificationError extends ConfabError {
    name: string;
}

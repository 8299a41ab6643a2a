"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.APIClient = exports.ALREADY_DELETED_MESSAGE = exports.DEFAULT_TIMEOUT_MS = exports.DEFAULT_MAX_RETRIES = exports.DEFAULT_BASE_URL = void 0;
/**
 * The thin core every resource goes through: builds the request, sends it with a per-attempt
 * timeout, retries what is worth retrying (with the same Idempotency-Key), and turns error
 * answers into typed errors. Resources only describe endpoints on top of `request`.
 */
const errors_js_1 = require("./errors.js");
const retryPolicy_js_1 = require("./retryPolicy.js");
const options_js_1 = require("./options.js");
const answerBody_js_1 = require("./answerBody.js");
const config_js_1 = require("./config.js");
const version_js_1 = require("../version.js");
const apiPromise_js_1 = require("./apiPromise.js");
var config_js_2 = require("./config.js");
Object.defineProperty(exports, "DEFAULT_BASE_URL", { enumerable: true, get: function () { return config_js_2.DEFAULT_BASE_URL; } });
Object.defineProperty(exports, "DEFAULT_MAX_RETRIES", { enumerable: true, get: function () { return config_js_2.DEFAULT_MAX_RETRIES; } });
Object.defineProperty(exports, "DEFAULT_TIMEOUT_MS", { enumerable: true, get: function () { return config_js_2.DEFAULT_TIMEOUT_MS; } });
/** Failures to connect at all (undici's codes): the request never reached the service. */
const NOT_SENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
]);
function neverSent(cause) {
    const c = cause;
    const code = c?.cause?.code ?? c?.code;
    return typeof code === 'string' && NOT_SENT_CODES.has(code);
}
/**
 * The answer of a DELETE whose retry found nothing to delete after an earlier attempt may have
 * deleted it (its answer lost): the caller's goal is reached, so it is not a NotFoundError.
 */
exports.ALREADY_DELETED_MESSAGE = 'Already deleted: an earlier attempt of this request may have deleted it before its answer was lost.';
class APIClient {
    // A true private field: console.log(client) or util.inspect of the client, or of any resource
    // (which holds the client), never prints the key; the `apiKey` getter still reads it.
    #apiKey;
    baseURL;
    maxRetries;
    timeout;
    fetchImpl;
    defaultHeaders;
    constructor(options = {}) {
        const config = (0, config_js_1.resolveConfig)(options);
        this.#apiKey = config.apiKey;
        this.baseURL = config.baseURL;
        this.maxRetries = config.maxRetries;
        this.timeout = config.timeout;
        this.fetchImpl = config.fetch;
        this.defaultHeaders = config.defaultHeaders;
    }
    get apiKey() {
        return this.#apiKey;
    }
    get(path, query, options) {
        return this.request({ method: 'get', path, query, options });
    }
    post(path, body, options) {
        return this.request({ method: 'post', path, body, options });
    }
    put(path, body, options) {
        return this.request({ method: 'put', path, body, options });
    }
    patch(path, body, options) {
        return this.request({ method: 'patch', path, body, options });
    }
    /** Deletes answer `{message}`, not `{data}`. */
    delete(path, options) {
        return this.request({ method: 'delete', path, options, envelope: 'object' });
    }
    /** Sends the request at once, retrying as the policy allows; resolves with the parsed JSON body. */
    request(req) {
        (0, config_js_1.checkRequestOptions)(req.options ?? {});
        return new apiPromise_js_1.APIPromise(this.send(req));
    }
    /**
     * Sends a request whose answer streams (`stream: true`): resolves with the success Response,
     * its body unread (the caller's `signal` still aborts it); error answers are thrown as usual.
     */
    async requestStream(req) {
        (0, config_js_1.checkRequestOptions)(req.options ?? {});
        return (await this.send({ ...req, stream: true })).response;
    }
    async send(req) {
        const options = req.options ?? {};
        const maxRetries = options.maxRetries ?? this.maxRetries;
        const timeout = options.timeout ?? this.timeout;
        const url = this.buildURL(req.prefix ?? options_js_1.EXTERNAL_PREFIX, req.path, req.query);
        // One key per logical POST, created before the first attempt and kept across retries.
        const idempotencyKey = req.method === 'post' ? (options.idempotencyKey ?? `confab-node-${crypto.randomUUID()}`) : undefined;
        // Whether an earlier attempt may have reached the service and done its work although its
        // answer was lost: a reset or timeout after sending, or a 5xx (perhaps from a gateway).
        let mayHaveBeenDone = false;
        for (let retry = 0;; retry++) {
            const retriesLeft = maxRetries - retry;
            const headers = this.buildHeaders(req, options, idempotencyKey, retry);
            // Redirects are not followed: fetch would turn a POST into a GET (create() then resolving
            // with a list) and send x-api-key to whatever host the Location names. A 3xx is an APIError.
            const init = {
                method: req.method.toUpperCase(),
                headers,
                body: encodedBody(req.body),
                redirect: 'manual',
            };
            const outcome = await this.attempt(url, init, timeout, options.signal, req.stream === true);
            if ('kind' in outcome) {
                if (outcome.kind === 'aborted')
                    throw new errors_js_1.APIUserAbortError({ cause: outcome.cause });
                if (outcome.kind === 'timeout' || !neverSent(outcome.cause))
                    mayHaveBeenDone = true;
                if (retriesLeft > 0 && !(req.retryUnsentOnly && mayHaveBeenDone)) {
                    await this.sleep((0, retryPolicy_js_1.nextDelayMs)(retry + 1, undefined, Date.now()) ?? 0, options.signal);
                    continue;
                }
                if (outcome.kind === 'timeout')
                    throw new errors_js_1.APITimeoutError();
                throw new errors_js_1.APIConnectionError({ cause: outcome.cause });
            }
            const { response, text } = outcome;
            if (response.ok && req.stream)
                return { response, body: undefined };
            if (response.ok)
                return { response, body: (0, answerBody_js_1.parseSuccessBody)(response, text, req.envelope ?? 'data', req.query?.page) };
            if (req.method === 'delete' && response.status === 404 && mayHaveBeenDone) {
                return { response, body: { message: exports.ALREADY_DELETED_MESSAGE } };
            }
            const error = (0, answerBody_js_1.parseErrorBody)(text);
            const code = typeof error === 'object' && typeof error.code === 'string' ? error.code : undefined;
            const mayRetry = !req.retryUnsentOnly || response.status === 429;
            if (retriesLeft > 0 && mayRetry && (0, retryPolicy_js_1.shouldRetry)(response.status, response.headers, code)) {
                const delay = (0, retryPolicy_js_1.nextDelayMs)(retry + 1, response.headers, Date.now());
                if (delay !== null) {
                    if (response.status >= 500)
                        mayHaveBeenDone = true;
                    await this.sleep(delay, options.signal);
                    continue;
                }
            }
            throw errors_js_1.APIError.generate(response.status, error, response.headers);
        }
    }
    /**
     * One attempt: the answer with its body read, or why none came. With `leaveBody`, a success
     * answer's body is left to the caller; the caller's signal still aborts it.
     */
    async attempt(url, init, timeoutMs, signal, leaveBody = false) {
        if (signal?.aborted)
            return { kind: 'aborted', cause: signal.reason };
        const controller = new AbortController();
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs);
        const onAbort = () => controller.abort(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
        let bodyLeft = false;
        try {
            const response = await this.fetchImpl(url, { ...init, signal: controller.signal });
            if (leaveBody && response.ok) {
                bodyLeft = true;
                return { response, text: '' };
            }
            // The body is part of the attempt: a server that stalls mid-body times out too.
            const text = await response.text();
            return { response, text };
        }
        catch (cause) {
            if (signal?.aborted)
                return { kind: 'aborted', cause: signal.reason ?? cause };
            if (timedOut)
                return { kind: 'timeout' };
            return { kind: 'connection', cause };
        }
        finally {
            clearTimeout(timer);
            if (!bodyLeft)
                signal?.removeEventListener('abort', onAbort);
        }
    }
    buildURL(prefix, path, query) {
        const url = new URL(`${this.baseURL}${prefix}${path}`);
        for (const [name, value] of Object.entries(query ?? {})) {
            if (value !== undefined && value !== null)
                url.searchParams.set(name, String(value));
        }
        return url.toString();
    }
    buildHeaders(req, options, idempotencyKey, retry) {
        return {
            accept: 'application/json',
            'user-agent': `confab-node/${version_js_1.VERSION}`,
            // A form's content type (with its boundary) is set by fetch.
            ...(req.body !== undefined && !isForm(req.body) ? { 'content-type': 'application/json' } : {}),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
            ...(retry > 0 ? { 'x-confab-retry-count': String(retry) } : {}),
            ...(req.stream ? { accept: 'text/event-stream' } : {}),
            ...this.defaultHeaders,
            ...(0, config_js_1.lowercaseNames)(options.headers),
            'x-api-key': this.#apiKey,
        };
    }
    /** Waits between attempts; the caller's signal cuts the wait short with an abort error. */
    sleep(ms, signal) {
        if (signal?.aborted)
            return Promise.reject(new errors_js_1.APIUserAbortError({ cause: signal.reason }));
        return new Promise((resolve, reject) => {
            const onAbort = () => {
                clearTimeout(timer);
                reject(new errors_js_1.APIUserAbortError({ cause: signal?.reason }));
            };
            const timer = setTimeout(() => {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            }, ms);
            signal?.addEventListener('abort', onAbort, { once: true });
        });
    }
}
exports.APIClient = APIClient;
/** A body that is sent as multipart/form-data (a file upload) rather than as JSON. */
function isForm(body) {
    return typeof FormData !== 'undefined' && body instanceof FormData;
}
/** The request body as sent: a form as is (fetch encodes it again on each retry), else JSON. */
function encodedBody(body) {
    if (body === undefined)
        return undefined;
    return isForm(body) ? body : JSON.stringify(body);
}

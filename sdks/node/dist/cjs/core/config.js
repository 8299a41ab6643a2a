"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_TIMEOUT_MS = exports.DEFAULT_MAX_RETRIES = exports.DEFAULT_BASE_URL = void 0;
exports.validRetries = validRetries;
exports.validTimeout = validTimeout;
exports.lowercaseNames = lowercaseNames;
exports.resolveConfig = resolveConfig;
exports.checkRequestOptions = checkRequestOptions;
/**
 * The client's settings, resolved and checked once, in the constructor (and each request's
 * overrides when it is made). A value that can never work is an InvalidArgumentError at once,
 * instead of a vague APIConnectionError on every request after a round of retries: a key that
 * cannot travel in a header (fetch's own error would quote the key), a base URL that is not
 * http(s), a timeout that is not a positive number, an Idempotency-Key the service refuses.
 */
const errors_js_1 = require("./errors.js");
exports.DEFAULT_BASE_URL = 'http://localhost:3000/api/v1';
exports.DEFAULT_MAX_RETRIES = 3;
exports.DEFAULT_TIMEOUT_MS = 60_000;
/** setTimeout's largest delay; a longer one fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Visible ASCII: what an API key can be and stay intact in an HTTP header. */
const HEADER_TOKEN = /^[\x21-\x7E]+$/;
/** The service's rule for Idempotency-Key: 1 to 255 printable ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x20-\x7E]{1,255}$/;
/** process.env without assuming a Node global in type-only consumers. */
function env(name) {
    const value = globalThis.process?.env?.[name];
    return value?.trim() || undefined;
}
function validRetries(value, what = 'maxRetries') {
    if (!Number.isInteger(value) || value < 0)
        throw new errors_js_1.InvalidArgumentError(`${what} must be a non-negative integer, got ${String(value)}`);
    return value;
}
function validTimeout(value, what = 'timeout') {
    if (typeof value !== 'number' || !(value > 0) || value > MAX_TIMEOUT_MS) {
        throw new errors_js_1.InvalidArgumentError(`${what} must be a number of milliseconds between 1 and ${MAX_TIMEOUT_MS}, got ${String(value)}`);
    }
    return value;
}
function apiKeyOf(given) {
    const key = typeof given === 'string' ? given.trim() : (given ?? env('CONFAB_API_KEY'));
    if (!key)
        throw new errors_js_1.ConfabError('No API key: pass `apiKey` to new Confab({ apiKey }) or set the CONFAB_API_KEY environment variable.');
    // The key itself is never quoted: error messages end up in logs.
    if (typeof key !== 'string' || !HEADER_TOKEN.test(key)) {
        throw new errors_js_1.InvalidArgumentError('The API key has characters an HTTP header cannot carry (a space, tab, line break, control or non-ASCII character inside it); the key is not shown here.');
    }
    return key;
}
function baseURLOf(given) {
    // An empty string counts as not given, as in the Python SDK.
    const raw = (typeof given === 'string' ? given.trim() : given) || env('CONFAB_BASE_URL') || exports.DEFAULT_BASE_URL;
    const refuse = (why) => new errors_js_1.InvalidArgumentError(`baseURL must be an absolute http(s) URL such as https://confab.example.com/api/v1 (${why}), got ${JSON.stringify(raw)}`);
    if (typeof raw !== 'string')
        throw refuse('not a string');
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        throw refuse('not a URL');
    }
    // 'localhost:3000/api/v1' parses, with "localhost:" as its scheme.
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw refuse(`scheme ${url.protocol}`);
    if (url.search || url.hash)
        throw refuse('paths are appended to it, so it cannot have a query or fragment');
    const trimmed = raw.replace(/\/+$/, '');
    // A bare origin names the service itself, whose API lives under /api/v1 (as in the Python SDK).
    return url.pathname === '/' ? `${trimmed}/api/v1` : trimmed;
}
/**
 * Header names lowercased, so that a caller's `X-API-Key` or `Idempotency-Key` replaces the
 * SDK's header rather than going beside it (fetch joins two spellings into one "a, b" value).
 */
function lowercaseNames(headers) {
    return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}
function resolveConfig(options) {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function')
        throw new errors_js_1.ConfabError('No fetch: Node 20 or later has a global fetch; otherwise pass `fetch`.');
    return {
        apiKey: apiKeyOf(options.apiKey),
        baseURL: baseURLOf(options.baseURL),
        maxRetries: validRetries(options.maxRetries ?? exports.DEFAULT_MAX_RETRIES),
        timeout: validTimeout(options.timeout ?? exports.DEFAULT_TIMEOUT_MS),
        fetch: fetchImpl,
        defaultHeaders: lowercaseNames(options.defaultHeaders),
    };
}
/** A request's own overrides, checked before anything is sent. */
function checkRequestOptions(options) {
    if (options.maxRetries !== undefined)
        validRetries(options.maxRetries);
    if (options.timeout !== undefined)
        validTimeout(options.timeout);
    const key = options.idempotencyKey;
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        // An empty key used to mean "no key", leaving the POST's retries unprotected.
        throw new errors_js_1.InvalidArgumentError(`idempotencyKey must be 1 to 255 printable ASCII characters, got ${typeof key === 'string' ? `${key.length} characters` : typeof key}`);
    }
}

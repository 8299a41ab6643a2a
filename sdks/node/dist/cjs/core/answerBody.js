"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseSuccessBody = parseSuccessBody;
exports.parseErrorBody = parseErrorBody;
/**
 * Reading an answer's body. A success must have the JSON shape its endpoint answers (its
 * envelope), so that a gateway's empty 200 or login page becomes a typed error carrying the
 * status and request id, rather than `undefined` or a TypeError deep in the caller's code.
 */
const errors_js_1 = require("./errors.js");
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** What is wrong with a parsed success body, or undefined when it fits the envelope. */
function problemOf(body, envelope, askedPage) {
    if (!isObject(body))
        return `expected a JSON object, got ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}`;
    if (envelope === 'object')
        return undefined;
    if (envelope === 'page') {
        if (!Array.isArray(body.data))
            return 'expected a page {data: [...], total, page, totalPages}';
        // A cache or proxy that drops the query string answers page 1 to every request: the
        // iterator, which asks for the answered page + 1, would then never end.
        if (askedPage !== undefined && body.page !== Number(askedPage))
            return `asked for page ${String(askedPage)}, got page ${JSON.stringify(body.page)}`;
        return undefined;
    }
    return typeof body.data === 'object' && body.data !== null ? undefined : 'expected {data: …}';
}
/**
 * The parsed body of a 2xx answer; UnexpectedResponseError when it does not fit `envelope` (for
 * a page: or is not the page `askedPage` asked for).
 */
function parseSuccessBody(response, text, envelope, askedPage) {
    const fail = (problem, body) => new errors_js_1.UnexpectedResponseError(response.status, isObject(body) ? body : text.slice(0, 500) || undefined, problem, response.headers);
    if (envelope === 'none') {
        if (text.trim())
            throw fail('expected no body', undefined);
        return undefined;
    }
    if (!text.trim())
        throw fail('the body is empty', undefined);
    let body;
    try {
        body = JSON.parse(text);
    }
    catch {
        throw fail('the body is not JSON', undefined);
    }
    const problem = problemOf(body, envelope, envelope === 'page' ? askedPage : undefined);
    if (problem)
        throw fail(problem, body);
    return body;
}
/** An error answer's body: `{error, code?}` as JSON, else its text (a proxy's page), else nothing. */
function parseErrorBody(text) {
    if (!text)
        return undefined;
    try {
        const parsed = JSON.parse(text);
        return isObject(parsed) ? parsed : text;
    }
    catch {
        return text;
    }
}

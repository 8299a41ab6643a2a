/**
 * Reading an answer's body. A success must have the JSON shape its endpoint answers (its
 * envelope), so that a gateway's empty 200 or login page becomes a typed error carrying the
 * status and request id, rather than `undefined` or a TypeError deep in the caller's code.
 */
import { type ErrorBody } from './errors.js';
import type { Envelope } from './options.js';
/**
 * The parsed body of a 2xx answer; UnexpectedResponseError when it does not fit `envelope` (for
 * a page: or is not the page `askedPage` asked for).
 */
export declare function parseSuccessBody(response: Response, text: string, envelope: Envelope, askedPage?: unknown): unknown;
/** An error answer's body: `{error, code?}` as JSON, else its text (a proxy's page), else nothing. */
export declare function parseErrorBody(text: string): ErrorBody | string | undefined;

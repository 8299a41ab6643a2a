/**
 * Reading an answer's body. A success must have the JSON shape its endpoint answers (its
 * envelope), so that a gateway's empty 200 or login page becomes a typed error carrying the
 * status and request id, rather than `undefined` or a TypeError deep in the caller's code.
 */
import { UnexpectedResponseError, type ErrorBody } from './errors.js';
import type { Envelope } from './options.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with a parsed success body, or undefined when it fits the envelope. */
function problemOf(body: unknown, envelope: Envelope, askedPage: unknown): string | undefined {
  if (!isObject(body))
    return `expected a JSON object, got ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}`;
  if (envelope === 'object') return undefined;
  if (envelope === 'page') {
    if (!Array.isArray(body.data)) return 'expected a page {data: [...], total, page, totalPages}';
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
export function parseSuccessBody(response: Response, text: string, envelope: Envelope, askedPage?: unknown): unknown {
  const fail = (problem: string, body: unknown) =>
    new UnexpectedResponseError(
      response.status,
      isObject(body) ? body : text.slice(0, 500) || undefined,
      problem,
      response.headers,
    );
  if (envelope === 'none') {
    if (text.trim()) throw fail('expected no body', undefined);
    return undefined;
  }
  if (!text.trim()) throw fail('the body is empty', undefined);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail('the body is not JSON', undefined);
  }
  const problem = problemOf(body, envelope, envelope === 'page' ? askedPage : undefined);
  if (problem) throw fail(problem, body);
  return body;
}

/** An error answer's body: `{error, code?}` as JSON, else its text (a proxy's page), else nothing. */
export function parseErrorBody(text: string): ErrorBody | string | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    return isObject(parsed) ? (parsed as ErrorBody) : text;
  } catch {
    return text;
  }
}

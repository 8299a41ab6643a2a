/**
 * An http step's headers, save map and body as the editor shows them: one "Name: value" or
 * "variable = $.path" a line, and the body as JSON when it is JSON, else as a text template.
 */
import type { JsonTemplate } from '../../../../../domain/flow/flowGraph.js';

export const pairsText = (pairs: Record<string, string> | undefined, separator: string): string =>
  Object.entries(pairs ?? {})
    .map(([k, v]) => `${k}${separator}${v}`)
    .join('\n');

/** Lines "key<sep>value" to an object; blank lines skipped; undefined when there are none. */
export function parsePairs(text: string, separator: ':' | '='): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf(separator);
    const key = (at < 0 ? line : line.slice(0, at)).trim();
    out[key] = at < 0 ? '' : line.slice(at + 1).trim();
  }
  return Object.keys(out).length ? out : undefined;
}

export const bodyText = (body: JsonTemplate | undefined): string =>
  body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body, null, 2);

/** JSON objects and arrays are sent as JSON; anything else is a text template; blank is no body. */
export function parseBody(text: string): JsonTemplate | undefined {
  if (text.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed as JsonTemplate;
  } catch {
    // Not JSON: a text template, sent as written.
  }
  return text;
}

/**
 * `{{name}}` placeholders in the texts a flow author writes. Rendering is the chatbot flows'
 * `interpolate` (own properties only, unknown names render empty); this file adds what the
 * branching steps need on top: finding the names a text reads, and rendering into a URL or a
 * header, where a visitor's answer must not change what the author wrote around it.
 */
import { TEMPLATE_PLACEHOLDER, interpolate } from '../chatbot/flow.js';

export type Variables = Readonly<Record<string, string>>;

export const renderText = (template: string, variables: Variables): string => interpolate(template, variables);

/** The variable names a template reads, in order of first appearance. */
export function templateVariables(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(TEMPLATE_PLACEHOLDER), (m) => m[1]))];
}

/** Where the first placeholder starts, or -1. */
export function firstPlaceholderIndex(template: string): number {
  return template.search(TEMPLATE_PLACEHOLDER);
}

const mapValues = (variables: Variables, f: (value: string) => string): Record<string, string> =>
  Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, f(value)]));

/** Each value percent-encoded, so an answer stays inside its path segment or query value. */
export const renderUrl = (template: string, variables: Variables): string =>
  interpolate(template, mapValues(variables, encodeURIComponent));

// A line break in a header value would start a new header (or the body) of the request.
const HEADER_BREAKERS = /[\u0000-\u001f\u007f]/g;

/** Control characters in values become spaces, so an answer cannot add headers. */
export const renderHeader = (template: string, variables: Variables): string =>
  interpolate(
    template,
    mapValues(variables, (v) => v.replace(HEADER_BREAKERS, ' ')),
  );

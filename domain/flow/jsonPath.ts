/**
 * The JSON paths an http step saves from a response: a small subset of JSONPath that names one
 * value: `$`, then any of `.name`, `['name']` / `["name"]` and `[index]` (non-negative).
 * No wildcards, filters or slices: a saved variable holds one value.
 */

export type JsonPathSegment = string | number;

const SEGMENT = /^(?:\.([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\d{1,9})\]|\['([^'\\]*)'\]|\["([^"\\]*)"\])/;

/** The segments of a path, or null when it is not in the subset. */
export function parseJsonPath(path: string): JsonPathSegment[] | null {
  if (!path.startsWith('$')) return null;
  const segments: JsonPathSegment[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    const m = SEGMENT.exec(rest);
    if (!m) return null;
    segments.push(m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? m[4]));
    rest = rest.slice(m[0].length);
  }
  return segments;
}

/** The value at the path, or undefined when the document has nothing there. */
export function selectJsonPath(document: unknown, segments: readonly JsonPathSegment[]): unknown {
  let at: unknown = document;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(at) || segment >= at.length) return undefined;
      at = at[segment];
    } else {
      // Own properties only: "$.constructor" must not find every object's constructor.
      if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, segment)) return undefined;
      at = (at as Record<string, unknown>)[segment];
    }
  }
  return at;
}

/** How a selected value is kept in a (string) variable: strings as they are, anything else as JSON. */
export function jsonValueAsText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

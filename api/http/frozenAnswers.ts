/**
 * Answers derived from cached views, worked out once per view reading, so a hot read does not serialize the same documents again.
 *
 * The External API's cached reader (infrastructure/readStore/cachedReader.ts) hands every
 * request the same deep-frozen document until its collection changes. Whatever a route derives
 * from such a document (a picked shape, the list body, its JSON) is therefore the same each
 * time, so it is kept beside the document in a WeakMap and dropped with it. Unfrozen input (a
 * command's own result, an uncached read) is always built afresh.
 */
export function derivedFrom<S extends object, T extends object>(
  cache: WeakMap<S, T>,
  source: S,
  build: (source: S) => T,
): T {
  if (!Object.isFrozen(source)) return build(source);
  let value = cache.get(source);
  if (!value) {
    value = Object.freeze(build(source));
    cache.set(source, value);
  }
  return value;
}

const json = new WeakMap<object, string>();

/** The JSON text of an answer body; frozen bodies are serialised once. */
export function jsonOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return null;
  let text = json.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    json.set(body, text);
  }
  return text;
}

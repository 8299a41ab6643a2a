/**
 * Hoists the named schemas (namedSchema.ts) of a document's operations into components.schemas:
 * each named schema met anywhere in a request, an answer or a callback is listed once under its
 * name and replaced by a `$ref`. Two different schemas under one name is a mistake in the
 * routes' schemas, so it throws when the document is built instead of documenting one of them.
 */
import { schemaName } from './namedSchema.js';
import type { JsonSchema } from './schemaValidator.js';

/** The keywords whose values are schemas, or lists or maps of schemas (OpenAPI 3.0's subset of JSON Schema). */
const ONE = ['items', 'additionalProperties', 'not'];
const LIST = ['anyOf', 'oneOf', 'allOf'];
const MAP = ['properties'];

/** Object keys in a fixed order, so equal schemas compare equal whatever order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** `schema` with every named schema in it (itself included) replaced by a `$ref` to its component. */
  hoist(schema: JsonSchema): JsonSchema {
    const name = schemaName(schema);
    const { title: _name, ...rest } = schema;
    const body = this.hoistChildren(name === undefined ? schema : rest);
    if (name === undefined) return body;
    const known = this.schemas[name];
    if (known === undefined) this.schemas[name] = body;
    else if (canonical(known) !== canonical(body))
      throw new Error(`two different schemas are named ${name}: ${canonical(known)} and ${canonical(body)}`);
    return { $ref: `#/components/schemas/${name}` };
  }

  private hoistChildren(schema: JsonSchema): JsonSchema {
    const out: JsonSchema = { ...schema };
    for (const key of ONE)
      if (out[key] && typeof out[key] === 'object' && !Array.isArray(out[key]))
        out[key] = this.hoist(out[key] as JsonSchema);
    for (const key of LIST)
      if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map((s) => this.hoist(s));
    for (const key of MAP)
      if (out[key] && typeof out[key] === 'object')
        out[key] = Object.fromEntries(
          Object.entries(out[key] as Record<string, JsonSchema>).map(([k, s]) => [k, this.hoist(s)]),
        );
    return out;
  }

  /** Every schema of a callback object (callback name → URL expression → Path Item) hoisted. */
  hoistCallbacks(callbacks: Record<string, unknown>): Record<string, unknown> {
    const walk = (node: unknown, key?: string): unknown => {
      if (Array.isArray(node)) return node.map((n) => walk(n));
      if (node === null || typeof node !== 'object') return node;
      if (key === 'schema') return this.hoist(node as JsonSchema);
      // Examples are values, not schemas.
      if (key === 'example' || key === 'examples') return node;
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    };
    return walk(callbacks) as Record<string, unknown>;
  }

  /** The components, sorted by name (the document does not depend on the order routes were added in). */
  sorted(): Record<string, JsonSchema> {
    return Object.fromEntries(
      Object.keys(this.schemas)
        .sort()
        .map((name) => [name, this.schemas[name]]),
    );
  }
}

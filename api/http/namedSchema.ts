/**
 * A schema with a name of its own: the OpenAPI document lists it once under components.schemas
 * and every use refers to it (openApiSchemaComponents.ts). The name travels as the JSON Schema
 * `title`, an annotation ajv ignores, so the schema validates requests exactly as before.
 */
import type { JsonSchema } from './schemaValidator.js';

export function namedSchema(name: string, schema: JsonSchema): JsonSchema {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`schema name ${name} is not PascalCase`);
  return { title: name, ...schema };
}

/** The name given by namedSchema, if any. */
export function schemaName(schema: unknown): string | undefined {
  const title = (schema as { title?: unknown } | null)?.title;
  return typeof title === 'string' ? title : undefined;
}

/** `schema` without its name: what a schema built from a named one (more fields, another door) starts from. */
export function unnamed(schema: JsonSchema): JsonSchema {
  const { title: _name, ...rest } = schema;
  return rest;
}

/** Schemas every resource shares: a path id, the `{data}` wrapper and a message answer. */
import type { JsonSchema } from '../http/schemaValidator.js';

export const idParams: JsonSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
};

export const wrapped = (schema: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['data'],
  properties: { data: schema },
});

export const messageSchema: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

/** `base` with more properties (and more required ones), closed to any other. */
export const withProps = (
  base: JsonSchema,
  props: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema => ({
  ...base,
  additionalProperties: false,
  required: [...((base.required as string[]) ?? []), ...required],
  properties: { ...(base.properties as object), ...props },
});

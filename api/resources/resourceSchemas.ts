/** Schemas every resource shares: a path id, the `{data}` wrapper and a message answer. */
import { namedSchema, schemaName, unnamed } from '../http/namedSchema.js';
import type { JsonSchema } from '../http/schemaValidator.js';

export const idParams: JsonSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
};

/**
 * The `{data}` answer of `schema`. It is named after what it wraps: `{data: Chatbot}` is
 * ChatbotEnvelope, `{data: Chatbot[]}` ChatbotList; `name` names it otherwise, and an unnamed
 * `schema` leaves it unnamed.
 */
export const wrapped = (schema: JsonSchema, name?: string): JsonSchema => {
  const body = { type: 'object', required: ['data'], properties: { data: schema } };
  const inner = schemaName(schema);
  const item = schema.type === 'array' ? schemaName(schema.items) : undefined;
  const derived = inner ? `${inner}Envelope` : item ? `${item}List` : undefined;
  const chosen = name ?? derived;
  return chosen ? namedSchema(chosen, body) : body;
};

export const messageSchema: JsonSchema = namedSchema('Message', {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
});

/** `base` with more properties (and more required ones), closed to any other: another schema, so unnamed. */
export const withProps = (
  base: JsonSchema,
  props: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema => ({
  ...unnamed(base),
  additionalProperties: false,
  required: [...((base.required as string[]) ?? []), ...required],
  properties: { ...(base.properties as object), ...props },
});

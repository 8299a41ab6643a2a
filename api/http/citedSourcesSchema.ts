/**
 * The documents an AI answer cites (docs/knowledge.md, Cited answers), as the chat API's bot
 * messages and the response records both show them.
 */
import { namedSchema } from './namedSchema.js';
import type { JsonSchema } from './schemaValidator.js';

export const citedSourcesSchema: JsonSchema = {
  type: 'array',
  description:
    "On a model's answer of an agent with knowledge sources only: the documents it cites, in citation order ([] when it cites none); `ref` is the number in the answer's [n]",
  items: namedSchema('CitedSource', {
    type: 'object',
    required: ['ref', 'sourceId', 'title', 'url'],
    additionalProperties: false,
    properties: {
      ref: { type: 'integer', minimum: 1 },
      sourceId: { type: 'string' },
      title: { type: 'string' },
      url: { type: 'string', nullable: true, description: 'The web page, or null for pasted text and files' },
    },
  }),
};

/**
 * JSON schemas of a chatbot's flow endpoints (docs/flows.md, Versions). A flow's own rules are
 * checked as a whole by the domain (400 INVALID_FLOW naming the step and field), so the schema
 * of a flow only says it is an object.
 */
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';
import { wrapped } from '../resourceSchemas.js';

const MAX_VERSION = 1_000_000_000;

/** A flow as its author wrote it: a branching flow (`start`, `steps`) or the list form (`steps`). */
export const storedFlowSchema: JsonSchema = namedSchema('Flow', {
  type: 'object',
  description: 'A flow: a branching flow {start, steps} or the list form {steps} (docs/flows.md)',
  required: ['steps'],
  properties: {
    start: { type: 'string' },
    steps: { type: 'array', items: { type: 'object' } },
  },
});

export const flowBody: JsonSchema = namedSchema('SaveFlowRequest', {
  type: 'object',
  description: 'The flow to save as the draft (docs/flows.md); checked as a whole',
});

const versionNumber: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_VERSION };

export const publishBody: JsonSchema = namedSchema('PublishFlowRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { ...versionNumber, description: 'Publish this earlier version again (a rollback) instead of the draft' },
  },
});

export const versionParams: JsonSchema = {
  type: 'object',
  required: ['id', 'version'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, version: versionNumber },
};

export const diffQuery: JsonSchema = {
  type: 'object',
  required: ['against'],
  additionalProperties: false,
  properties: { against: { ...versionNumber, description: 'The version to compare with' } },
};

const warningSchema: JsonSchema = namedSchema('FlowWarning', {
  type: 'object',
  required: ['stepId', 'code', 'message'],
  properties: { stepId: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
});

export const savedFlowSchema: JsonSchema = namedSchema('FlowSaved', {
  type: 'object',
  required: ['data', 'warnings'],
  properties: { data: storedFlowSchema, warnings: { type: 'array', items: warningSchema } },
});

const publication = {
  version: { type: 'integer' },
  publishedAt: { type: 'string', format: 'date-time' },
};

/** A published version without its flow: the answer of a publish, and each item of the version list. */
const flowPublication: JsonSchema = namedSchema('FlowPublication', {
  type: 'object',
  required: ['version', 'publishedAt'],
  additionalProperties: false,
  properties: publication,
});

export const publicationSchema: JsonSchema = wrapped(flowPublication);

export const versionListSchema: JsonSchema = wrapped({ type: 'array', items: flowPublication });

export const versionSchema: JsonSchema = wrapped(
  namedSchema('FlowVersion', {
    type: 'object',
    required: ['version', 'publishedAt', 'flow'],
    additionalProperties: false,
    properties: { ...publication, flow: storedFlowSchema },
  }),
);

const stepIds: JsonSchema = { type: 'array', items: { type: 'string' } };

export const diffSchema: JsonSchema = wrapped(
  namedSchema('FlowDiff', {
    type: 'object',
    required: ['version', 'against', 'added', 'removed', 'changed', 'startChanged'],
    additionalProperties: false,
    properties: {
      version: { type: 'integer' },
      against: { type: 'integer' },
      added: { ...stepIds, description: 'Steps of this version that the other one does not have' },
      removed: { ...stepIds, description: 'Steps of the other version that this one does not have' },
      changed: { ...stepIds, description: 'Steps both have whose content differs' },
      startChanged: { type: 'boolean', description: 'The two versions start at different steps' },
    },
  }),
);

export const signingSecretSchema: JsonSchema = wrapped(
  namedSchema('FlowSigningSecret', {
    type: 'object',
    required: ['secret'],
    additionalProperties: false,
    properties: { secret: { type: 'string', description: '64 hexadecimal characters, the HMAC key as text' } },
  }),
);

/** JSON schemas of the knowledge evaluation endpoints (docs/knowledge-evaluation.md). */
import {
  MAX_EVALUATION_K,
  MAX_EXPECTED_FACTS,
  MAX_EXPECTED_SOURCES,
  MAX_FACT_LENGTH,
  MAX_QUESTION_LENGTH,
} from '../../../domain/knowledge/evaluationFields.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';

const ids: JsonSchema = { type: 'array', items: { type: 'string' } };
const strings: JsonSchema = { type: 'array', items: { type: 'string' } };

export const createEvaluationQuestionBody: JsonSchema = namedSchema('CreateEvaluationQuestionRequest', {
  type: 'object',
  required: ['question', 'expectedSourceIds'],
  additionalProperties: false,
  properties: {
    question: {
      type: 'string',
      maxLength: MAX_QUESTION_LENGTH * 2,
      description: `The question as a visitor would ask it: 1 to ${MAX_QUESTION_LENGTH} characters`,
    },
    expectedSourceIds: {
      ...ids,
      maxItems: MAX_EXPECTED_SOURCES * 2,
      description: `1 to ${MAX_EXPECTED_SOURCES} ids of the workspace's knowledge sources that answer it`,
    },
    expectedFacts: {
      ...strings,
      maxItems: MAX_EXPECTED_FACTS * 2,
      description: `Up to ${MAX_EXPECTED_FACTS} phrases (1 to ${MAX_FACT_LENGTH} characters) a right answer contains; checked without regard to case or spacing when a run names a chatbot`,
    },
  },
});

export const evaluationQuestionSchema: JsonSchema = namedSchema('EvaluationQuestion', {
  type: 'object',
  required: ['id', 'question', 'expectedSourceIds', 'expectedFacts', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    question: { type: 'string' },
    expectedSourceIds: ids,
    expectedFacts: strings,
    createdAt: { type: 'string', format: 'date-time' },
  },
});

export const evaluationQuestionListSchema: JsonSchema = namedSchema('EvaluationQuestionList', {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: evaluationQuestionSchema } },
});

export const createEvaluationRunBody: JsonSchema = namedSchema('CreateEvaluationRunRequest', {
  type: 'object',
  additionalProperties: false,
  properties: {
    chatbotId: {
      type: 'string',
      nullable: true,
      description:
        "Search the sources of this chatbot's agent and check its answers for the expected facts; without it, every source of the workspace is searched and no answer is asked",
    },
    k: {
      type: 'integer',
      description: `Passages retrieved per question: 1 to ${MAX_EVALUATION_K}, default 5`,
    },
  },
});

const evaluationResultSchema: JsonSchema = namedSchema('EvaluationResult', {
  type: 'object',
  required: [
    'questionId',
    'question',
    'hit',
    'rank',
    'foundSourceIds',
    'answer',
    'factsFound',
    'factsMissing',
    'answerError',
  ],
  additionalProperties: false,
  properties: {
    questionId: { type: 'string' },
    question: { type: 'string', description: 'The question as it was asked in this run' },
    hit: { type: 'boolean', description: 'A passage of an expected source was among the k retrieved' },
    rank: {
      type: 'integer',
      nullable: true,
      description: 'Position (from 1) of the first passage of an expected source; null when none',
    },
    foundSourceIds: { ...ids, description: 'The sources of the retrieved passages, best first, each once' },
    answer: {
      type: 'string',
      nullable: true,
      description: "The agent's answer (its first 4,000 characters); null when not asked or the call failed",
    },
    factsFound: strings,
    factsMissing: strings,
    answerError: {
      type: 'string',
      nullable: true,
      description: "Why the answer check failed without an answer: the model's error or the month's token budget",
    },
  },
});

const runSummaryProperties: Record<string, JsonSchema> = {
  id: { type: 'string' },
  chatbotId: { type: 'string', nullable: true },
  k: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
  questions: { type: 'integer', description: 'Questions run' },
  hits: { type: 'integer', description: 'Questions whose expected source was among the k passages' },
  hitRate: {
    type: 'number',
    nullable: true,
    minimum: 0,
    maximum: 1,
    description: 'hits / questions (hit rate at k); null when there were no questions',
  },
  answerChecks: {
    type: 'object',
    nullable: true,
    required: ['checked', 'passed'],
    additionalProperties: false,
    description: 'Answers checked for their facts and how many held them all; null when no chatbot was given',
    properties: { checked: { type: 'integer' }, passed: { type: 'integer' } },
  },
};
const RUN_SUMMARY_FIELDS = Object.keys(runSummaryProperties);

export const evaluationRunSummarySchema: JsonSchema = namedSchema('EvaluationRunSummary', {
  type: 'object',
  required: RUN_SUMMARY_FIELDS,
  additionalProperties: false,
  properties: runSummaryProperties,
});

export const evaluationRunSchema: JsonSchema = namedSchema('EvaluationRun', {
  type: 'object',
  required: [...RUN_SUMMARY_FIELDS, 'results'],
  additionalProperties: false,
  properties: { ...runSummaryProperties, results: { type: 'array', items: evaluationResultSchema } },
});

export const evaluationRunListSchema: JsonSchema = namedSchema('EvaluationRunList', {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: evaluationRunSummarySchema } },
});

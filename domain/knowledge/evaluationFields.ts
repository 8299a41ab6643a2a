/**
 * The rules of knowledge evaluation input (docs/knowledge-evaluation.md): a test question with
 * the sources that should answer it and, optionally, facts a right answer contains; and a run's
 * options. Each bad field is a ValidationError naming it.
 */
import { charLength } from '../charLength.js';
import { refuseControlCharacters } from '../controlCharacters.js';
import { ValidationError } from '../errors.js';

export const MAX_EVALUATION_QUESTIONS = 200;
export const MAX_QUESTION_LENGTH = 500;
export const MAX_EXPECTED_SOURCES = 10;
export const MAX_EXPECTED_FACTS = 10;
export const MAX_FACT_LENGTH = 200;
/** Passages a run retrieves per question: the k of "hit rate at k". */
export const DEFAULT_EVALUATION_K = 5;
export const MAX_EVALUATION_K = 20;
/** Ids are 24 hex characters; anything much longer names nothing. */
const MAX_ID_LENGTH = 64;

/** A test question as added (its id and time come from the command and the event). */
export type EvaluationQuestionInput = {
  question: string;
  expectedSourceIds: string[];
  expectedFacts: string[];
};

export type EvaluationRunOptions = { chatbotId: string | null; k: number };

function refuseUnknown(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new ValidationError(`${unknown} is not a known field`, unknown);
}

/** Trimmed, one line of at most `max` characters. */
function line(raw: unknown, field: string, max: number): string {
  if (typeof raw !== 'string') throw new ValidationError(`${field} must be a string`, field);
  const value = raw.trim().replace(/\s+/g, ' ');
  if (value === '') throw new ValidationError(`${field} must not be empty`, field);
  if (charLength(value) > max) throw new ValidationError(`${field} must be at most ${max} characters`, field);
  return refuseControlCharacters(value, field);
}

function list(raw: unknown, field: string, min: number, max: number): unknown[] {
  if (!Array.isArray(raw)) throw new ValidationError(`${field} must be an array`, field);
  if (raw.length < min || raw.length > max)
    throw new ValidationError(`${field} must hold ${min} to ${max} items`, field);
  return raw;
}

function sourceId(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_ID_LENGTH)
    throw new ValidationError(`${field} must be a knowledge source id`, field);
  return raw.trim();
}

export function validateEvaluationQuestion(body: Record<string, unknown>): EvaluationQuestionInput {
  refuseUnknown(body, ['question', 'expectedSourceIds', 'expectedFacts']);
  const question = line(body.question, 'question', MAX_QUESTION_LENGTH);
  const ids = list(body.expectedSourceIds, 'expectedSourceIds', 1, MAX_EXPECTED_SOURCES).map((id, i) =>
    sourceId(id, `expectedSourceIds[${i}]`),
  );
  const facts =
    body.expectedFacts === undefined || body.expectedFacts === null
      ? []
      : list(body.expectedFacts, 'expectedFacts', 0, MAX_EXPECTED_FACTS).map((fact, i) =>
          line(fact, `expectedFacts[${i}]`, MAX_FACT_LENGTH),
        );
  return { question, expectedSourceIds: [...new Set(ids)], expectedFacts: [...new Set(facts)] };
}

export function validateEvaluationRun(body: Record<string, unknown>): EvaluationRunOptions {
  refuseUnknown(body, ['chatbotId', 'k']);
  let chatbotId: string | null = null;
  if (body.chatbotId !== undefined && body.chatbotId !== null) {
    if (typeof body.chatbotId !== 'string' || body.chatbotId.trim() === '' || body.chatbotId.length > MAX_ID_LENGTH)
      throw new ValidationError('chatbotId must be a chatbot id', 'chatbotId');
    chatbotId = body.chatbotId.trim();
  }
  let k = DEFAULT_EVALUATION_K;
  if (body.k !== undefined && body.k !== null) {
    if (typeof body.k !== 'number' || !Number.isInteger(body.k) || body.k < 1 || body.k > MAX_EVALUATION_K)
      throw new ValidationError(`k must be an integer from 1 to ${MAX_EVALUATION_K}`, 'k');
    k = body.k;
  }
  return { chatbotId, k };
}

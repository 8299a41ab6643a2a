import { ValidationError } from '../domain/errors.js';

/** A request body the commands can read fields from: a JSON object, nothing else. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ValidationError('request body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * Text meant to stay on one line (names, labels), as people type it. Kept apart from the
 * profile rules so that browser bundles reading the media limits do not pull in their HTML
 * sanitizer.
 */
import { ValidationError } from './errors.js';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Refuses text with control characters or line breaks instead of quietly cleaning it: for input
 * a person typed (the CLI, a branding form), where a stray newline is a mistake worth pointing at.
 */
export function refuseControlCharacters(raw: string, field: string): string {
  if (CONTROL_CHARACTERS.test(raw)) throw new ValidationError(`${field} must be a single line without control characters`, field);
  return raw;
}

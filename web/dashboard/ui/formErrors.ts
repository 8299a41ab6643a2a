/**
 * The server's 400s name the field first ("phone must have 6 to 20 digits"), so a form shows
 * the message under the field it names, and any other error once above the form.
 */
import type { ApiError } from '../api.js';

export function fieldError(error: ApiError | null, field: string): string | null {
  if (!error || error.status !== 400) return null;
  return error.field === field || error.message.startsWith(`${field} `) ? error.message : null;
}

export function formError(error: ApiError | null, fields: readonly string[]): string | null {
  if (!error) return null;
  return fields.some((f) => fieldError(error, f)) ? null : error.message;
}

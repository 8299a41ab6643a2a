/**
 * The server's 400s name the field first ("phone must have 6 to 20 digits"), so a form shows the
 * message under the field it names, worded with that field's label (fieldMessages.ts), and any
 * other error once above the form. A form lists its fields as `FieldLabels`, by the names the
 * API uses, and reads its fields' labels from the same list, so the two cannot drift apart.
 */
import type { ApiError } from '../api.js';
import { humanizeFieldMessage } from './fieldMessages.js';

/** The label of each field of a form, by the field's name in the API: `{ website: 'Website' }`. */
export type FieldLabels = Readonly<Record<string, string>>;

function namesField(error: ApiError, field: string): boolean {
  return error.status === 400 && (error.field === field || error.message.startsWith(`${field} `));
}

/** The error's message, in the label's words, when it is about `field`; else null. */
export function fieldError(error: ApiError | null, field: string, labels: FieldLabels): string | null {
  if (!error || !namesField(error, field)) return null;
  return humanizeFieldMessage(error.message, field, labels[field] ?? field);
}

/** The error's message when it is about none of the form's fields (shown above the form); else null. */
export function formError(error: ApiError | null, labels: FieldLabels): string | null {
  if (!error) return null;
  return Object.keys(labels).some((f) => namesField(error, f)) ? null : error.message;
}

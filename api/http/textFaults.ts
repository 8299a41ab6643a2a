/**
 * Text no store can keep: U+0000 (PostgreSQL text and jsonb refuse it) and unpaired UTF-16
 * surrogates such as "\ud800" (not Unicode; jsonb refuses those too). Such input is the
 * caller's error, found at the edge once for every way text comes in (JSON bodies, query and
 * path in api/http/route.ts; multipart form fields in api/workspace/multipartUpload.ts), never
 * a 500 deeper down.
 */
import { ValidationError } from '../../domain/errors.js';

export type TextFault = 'nul' | 'surrogate';

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function faultOf(text: string): TextFault | null {
  if (text.includes('\u0000')) return 'nul';
  return UNPAIRED_SURROGATE.test(text) ? 'surrogate' : null;
}

/** The path of the first string (value or key) with a text fault, and which fault. */
export function badText(value: unknown, path: string, depth = 0): { path: string; fault: TextFault } | null {
  if (typeof value === 'string') {
    const fault = faultOf(value);
    return fault ? { path, fault } : null;
  }
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [k, v] of Object.entries(value)) {
    const p = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    const keyFault = faultOf(k);
    if (keyFault) return { path: p, fault: keyFault };
    const found = badText(v, p, depth + 1);
    if (found) return found;
  }
  return null;
}

const FAULT_MESSAGE: Record<TextFault, string> = {
  nul: 'must not contain NUL (U+0000) characters',
  surrogate: 'must be valid Unicode text (it contains an unpaired UTF-16 surrogate such as \\ud800)',
};

/** The 400 for a field (or the whole body, when `field` is empty) holding such text. */
export function textFaultError(field: string, fault: TextFault): ValidationError {
  return new ValidationError(`${field || 'request body'} ${FAULT_MESSAGE[fault]}`, field || undefined);
}

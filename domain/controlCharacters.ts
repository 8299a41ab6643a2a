/**
 * Control characters in text people type: names and labels stay on one line; paragraphs
 * (descriptions, chatbot step texts) may break lines and indent, nothing else. Invisible
 * control characters in stored text break the pages, mails and exports that show it. Kept apart
 * from the profile rules so that browser bundles reading the media limits do not pull in their
 * HTML sanitizer.
 */
import { ValidationError } from './errors.js';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same set less tab, line feed and carriage return. */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Refuses text with control characters or line breaks instead of quietly cleaning it: for input
 * a person typed (the CLI, a branding form), where a stray newline is a mistake worth pointing at.
 */
export function refuseControlCharacters(raw: string, field: string): string {
  if (CONTROL_CHARACTERS.test(raw))
    throw new ValidationError(`${field} must be a single line without control characters`, field);
  return raw;
}

/** True when a paragraph holds a control character other than tab, line feed and carriage return. */
export const hasControlCharactersBesidesLineBreaks = (raw: string): boolean =>
  CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(raw);

/** Refuses control characters other than tab, line feed and carriage return (and the Unicode line and paragraph separators, which are line breaks too). */
export function refuseControlCharactersInParagraphs(raw: string, field: string): string {
  if (hasControlCharactersBesidesLineBreaks(raw))
    throw new ValidationError(`${field} must not contain control characters (line breaks and tabs are fine)`, field);
  return raw;
}

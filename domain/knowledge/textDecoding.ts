/**
 * Bytes to text for indexing. Invalid UTF-8 is replaced (U+FFFD), never refused: a page with
 * one bad byte still says something useful. NUL and other control characters are dropped
 * (PostgreSQL text cannot hold NUL, and none of them means anything to a reader). Bytes that are
 * mostly not text are reported, so a binary file named .txt fails with a reason.
 */
export class NotTextError extends Error {}

/** Above this share of replaced or control characters, the bytes are not text. */
const MAX_GARBAGE_SHARE = 0.1;

function decoderFor(charset: string | null): TextDecoder {
  if (charset) {
    try {
      return new TextDecoder(charset.trim().toLowerCase(), { fatal: false });
    } catch {
      // An unknown charset label: UTF-8 is the web's default.
    }
  }
  return new TextDecoder('utf-8', { fatal: false });
}

export function decodeText(bytes: Uint8Array, charset: string | null = null): string {
  const raw = decoderFor(charset).decode(bytes);
  let garbage = 0;
  for (const ch of raw) if (ch === '\uFFFD' || /[\u0000-\u0008\u000E-\u001F]/.test(ch)) garbage += 1;
  if (raw.length > 0 && garbage / raw.length > MAX_GARBAGE_SHARE)
    throw new NotTextError('the content is not text (it looks like a binary file)');
  return cleanText(raw);
}

/** Text as indexed: no byte order mark, no control characters but tab and line breaks, \n line ends. */
export function cleanText(raw: string): string {
  return raw
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

/** The charset a Content-Type header names, or null. */
export function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1]! : null;
}

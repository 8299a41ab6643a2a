/**
 * What a file is, judged from its first bytes (never from its name or its
 * declared type; docs/branding.md). file-type knows the binary formats; SVG is text, which it does not detect,
 * so an XML document whose root element is <svg> is recognised here.
 */
import { fileTypeFromBuffer } from 'file-type';
import { SVG_CONTENT_TYPE } from '../../domain/media/mediaFormats.js';

/** Enough for file-type (it reads about 4 KB), and for an SVG's prolog, comments and doctype before its root. */
export const SNIFF_BYTES = 16 * 1024;

/** Skips what may come before an XML root element: whitespace, the XML declaration, comments, a doctype. */
function skipProlog(text: string): string {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    const end = rest.startsWith('<?')
      ? rest.indexOf('?>') + 2
      : rest.startsWith('<!--')
        ? rest.indexOf('-->') + 3
        : /^<!DOCTYPE/i.test(rest)
          ? doctypeEnd(rest)
          : 0;
    if (end <= 2) return rest;
    rest = rest.slice(end);
  }
}

/** A doctype may hold an internal subset in brackets, which may itself contain '>'. */
function doctypeEnd(text: string): number {
  const bracket = text.indexOf('[');
  const close = text.indexOf('>');
  if (bracket !== -1 && bracket < close) {
    const subsetEnd = text.indexOf(']', bracket);
    return subsetEnd === -1 ? 0 : text.indexOf('>', subsetEnd) + 1;
  }
  return close + 1;
}

export function looksLikeSvg(head: Uint8Array): boolean {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8');
  return /^<svg[\s>/]/.test(skipProlog(text));
}

/** The detected MIME type, or null when the bytes match no known format. */
export async function sniffMediaType(head: Uint8Array): Promise<string | null> {
  if (looksLikeSvg(head)) return SVG_CONTENT_TYPE;
  return (await fileTypeFromBuffer(head))?.mime ?? null;
}

/**
 * Which kind of document an upload is, from its name and its first bytes (a PDF renamed .txt is
 * still read as a PDF; a ZIP that is not a DOCX is refused). Markdown, plain text, HTML, PDF and
 * DOCX are accepted.
 */
import { UnsupportedMediaTypeError } from '../errors.js';

export const SOURCE_FORMATS = ['text', 'markdown', 'html', 'pdf', 'docx'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

const BY_EXTENSION: Record<string, SourceFormat> = {
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
  docx: 'docx',
};

const startsWith = (bytes: Uint8Array, ascii: string) =>
  bytes.length >= ascii.length && [...ascii].every((c, i) => bytes[i] === c.charCodeAt(0));

const ACCEPTED = 'Markdown (.md), plain text (.txt), HTML (.html), PDF (.pdf) or Word (.docx)';

export function formatOfUpload(fileName: string, head: Uint8Array): SourceFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const named = BY_EXTENSION[extension];
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, 'PK\u0003\u0004')) {
    if (named === 'docx') return 'docx';
    throw new UnsupportedMediaTypeError(`The file is a ZIP archive; upload ${ACCEPTED}`);
  }
  if (named === 'pdf') throw new UnsupportedMediaTypeError('The file is named .pdf but is not a PDF');
  if (named === 'docx') throw new UnsupportedMediaTypeError('The file is named .docx but is not a Word document');
  if (named) return named;
  if (extension === 'doc')
    throw new UnsupportedMediaTypeError('Old Word files (.doc) are not read; save the document as .docx');
  const text = new TextDecoder().decode(head.subarray(0, 512)).trimStart().toLowerCase();
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) return 'html';
  throw new UnsupportedMediaTypeError(`Files named .${extension || '(none)'} are not read; upload ${ACCEPTED}`);
}

/** The format of a fetched web page from its Content-Type, or null when it is not one we read. */
export function formatOfContentType(contentType: string | null): SourceFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/plain') return 'text';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'application/pdf') return 'pdf';
  return null;
}

/**
 * The text of a stored document, page by page, for the chunker: PDF through `unpdf` (pdf.js),
 * DOCX through `mammoth` (to HTML, so its headings are kept), HTML through the domain's reader,
 * Markdown and plain text as they are. What cannot be read is a SourceProblem saying why.
 */
import { extractText } from 'unpdf';
import mammoth from 'mammoth';
import type { ExtractedPage } from '../../domain/knowledge/chunking.js';
import { htmlToText } from '../../domain/knowledge/htmlText.js';
import type { SourceFormat } from '../../domain/knowledge/sourceFormat.js';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import { cleanText, decodeText, NotTextError } from '../../domain/knowledge/textDecoding.js';
import { inspectZip } from '../../domain/knowledge/zipInspection.js';

export interface DocumentText {
  pages: ExtractedPage[];
  /** The document's own title (an HTML `<title>`), or null. */
  title: string | null;
}

async function pdfPages(bytes: Uint8Array): Promise<ExtractedPage[]> {
  let text: string[];
  try {
    // pdf.js takes the buffer over: it gets a copy.
    ({ text } = await extractText(new Uint8Array(bytes), { mergePages: false }));
  } catch (err) {
    const name = (err as Error)?.name ?? '';
    if (name === 'PasswordException')
      throw new SourceProblem('The PDF is protected by a password; upload a copy without one');
    throw new SourceProblem('The PDF cannot be read: the file is damaged or not really a PDF');
  }
  const pages = text.map((t, i) => ({ text: cleanText(t), page: i + 1 }));
  if (pages.every((p) => p.text.trim() === ''))
    throw new SourceProblem('The PDF holds no text (it is probably scanned images); upload a PDF with selectable text');
  return pages;
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const zip = inspectZip(bytes);
  if (!zip.ok) throw new SourceProblem(`The Word document cannot be read: ${zip.reason}`);
  if (!zip.entries.includes('word/document.xml'))
    throw new SourceProblem('The file is not a Word document (.docx): it has no word/document.xml');
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return htmlToText(value).text;
  } catch {
    throw new SourceProblem('The Word document cannot be read: the file is damaged');
  }
}

function asText(bytes: Uint8Array, charset: string | null): string {
  try {
    return decodeText(bytes, charset);
  } catch (err) {
    if (err instanceof NotTextError) throw new SourceProblem(`The file cannot be indexed: ${err.message}`);
    throw err;
  }
}

export async function documentText(
  format: SourceFormat,
  bytes: Uint8Array,
  where: { url?: string | null; charset?: string | null } = {},
): Promise<DocumentText> {
  const url = where.url ?? null;
  switch (format) {
    case 'pdf':
      return { pages: (await pdfPages(bytes)).map((p) => ({ ...p, url })), title: null };
    case 'docx':
      return { pages: [{ text: await docxText(bytes), url }], title: null };
    case 'html': {
      const { title, text } = htmlToText(asText(bytes, where.charset ?? null));
      return { pages: [{ text, url }], title };
    }
    case 'markdown':
      return { pages: [{ text: asText(bytes, where.charset ?? null), url }], title: null };
    case 'text': {
      // Plain text has no headings: a line that starts with # is text, not a heading.
      const text = asText(bytes, where.charset ?? null).replace(/^#/gm, '\\#');
      return { pages: [{ text, url }], title: null };
    }
  }
}

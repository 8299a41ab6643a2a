/**
 * The body of a document reading worker (documentText.ts): reads the one PDF or DOCX it is given
 * (workerData) and answers once. It says it is ready once its parsers are loaded, so the parent's
 * time limit counts reading only. The heap limit and the deadline are the parent's, enforced from
 * outside by ending the thread; what this side bounds is the inflating of a DOCX (each part held
 * to the size its archive declares, boundedZipArchive.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { extractText } from 'unpdf';
import { htmlToText } from '../../domain/knowledge/htmlText.js';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import { cleanText } from '../../domain/knowledge/textDecoding.js';
import { inspectZip } from '../../domain/knowledge/zipInspection.js';
import { boundedZipArchive } from './boundedZipArchive.js';

/** What the worker says: once ready, then its one answer. */
export type DocumentReply =
  | { kind: 'ready' }
  | { kind: 'pages'; pages: Array<{ text: string; page: number | null }> }
  | { kind: 'problem'; message: string }
  | { kind: 'failed'; message: string };

export interface DocumentJob {
  format: 'pdf' | 'docx';
  bytes: Uint8Array;
}

async function pdfPages(bytes: Uint8Array) {
  let text: string[];
  try {
    ({ text } = await extractText(bytes, { mergePages: false }));
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

async function docxPages(bytes: Uint8Array) {
  const zip = inspectZip(bytes);
  if (!zip.ok) throw new SourceProblem(`The Word document cannot be read: ${zip.reason}`);
  if (!zip.entries.includes('word/document.xml'))
    throw new SourceProblem('The file is not a Word document (.docx): it has no word/document.xml');
  const archive = boundedZipArchive(bytes, zip.files);
  let refusal: SourceProblem | null = null;
  const file = {
    exists: archive.exists,
    read: (name: string, encoding?: string) =>
      archive.read(name, encoding).catch((err) => {
        if (err instanceof SourceProblem) refusal ??= err;
        throw err;
      }),
  };
  try {
    // Images are never read: only text is kept.
    const convertImage = mammoth.images.imgElement(async () => ({ src: '' }));
    const { value } = await mammoth.convertToHtml({ file } as unknown as { buffer: Buffer }, { convertImage });
    return [{ text: htmlToText(value).text, page: null }];
  } catch {
    throw refusal ?? new SourceProblem('The Word document cannot be read: the file is damaged');
  }
}

async function read({ format, bytes }: DocumentJob): Promise<DocumentReply> {
  try {
    return { kind: 'pages', pages: format === 'pdf' ? await pdfPages(bytes) : await docxPages(bytes) };
  } catch (err) {
    if (err instanceof SourceProblem) return { kind: 'problem', message: err.message };
    return { kind: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
}

parentPort!.postMessage({ kind: 'ready' } satisfies DocumentReply);
parentPort!.postMessage(await read(workerData as DocumentJob));

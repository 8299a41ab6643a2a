/**
 * The text of a stored document, page by page, for the chunker: PDF through `unpdf` (pdf.js) and
 * DOCX through `mammoth` (to HTML, so its headings are kept), each read in a worker thread of its
 * own (documentThread.ts) under a heap limit, a cap on the process's memory growth and a
 * deadline, so a document built to exhaust memory or time fails alone while the process and the
 * other sources carry on. HTML is read
 * through the domain's reader, Markdown and plain text as they are. What cannot be read is a
 * SourceProblem saying why.
 */
import { Worker } from 'node:worker_threads';
import type { ExtractedPage } from '../../domain/knowledge/chunking.js';
import { htmlToText } from '../../domain/knowledge/htmlText.js';
import type { SourceFormat } from '../../domain/knowledge/sourceFormat.js';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import { decodeText, NotTextError } from '../../domain/knowledge/textDecoding.js';
import type { DocumentJob, DocumentReply } from './documentThread.js';

export interface DocumentText {
  pages: ExtractedPage[];
  /** The document's own title (an HTML `<title>`), or null. */
  title: string | null;
}

/** What reading one PDF or DOCX may take. */
export interface DocumentLimits {
  /** Time to read it, once the worker is ready. */
  timeMs: number;
  /** The worker's old-generation heap. */
  heapMb: number;
  /**
   * How much the process's resident memory may grow while the file is read: the buffers a parser
   * inflates (a PDF's compressed streams) live outside the heap, where its limit does not reach.
   */
  memoryMb: number;
  /** Time for the worker to load its parsers. */
  startMs: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = Object.freeze({
  timeMs: 60_000,
  heapMb: 512,
  memoryMb: 1024,
  startMs: 30_000,
});
const MB = 1024 * 1024;
/** How often the process's memory is looked at while a file is read. */
const MEMORY_CHECK_MS = 50;

const WORKER_ENTRY = new URL('./documentWorker.mjs', import.meta.url);
const KIND = { pdf: 'PDF', docx: 'Word document' } as const;

/** Reads a PDF or DOCX in a worker thread of its own, ended when it answers or passes a limit. */
function readInWorker(job: DocumentJob, limits: DocumentLimits): Promise<ExtractedPage[]> {
  const kind = KIND[job.format];
  return new Promise((resolve, reject) => {
    const bytes = new Uint8Array(job.bytes); // a copy of its own, handed over without another
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { format: job.format, bytes } satisfies DocumentJob,
      transferList: [bytes.buffer],
      // Not the parent's flags (--inspect would clash); the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let done = false;
    const end = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate().catch(() => undefined);
      settle();
    };
    const tooLarge = (mb: number) =>
      new SourceProblem(`Reading the ${kind} needs more than ${mb} MB of memory; split it into smaller files`);
    const baseline = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > limits.memoryMb * MB) end(() => reject(tooLarge(limits.memoryMb)));
    }, MEMORY_CHECK_MS);
    let timer = setTimeout(
      () => end(() => reject(new Error(`the document reader did not start within ${limits.startMs / 1000} seconds`))),
      limits.startMs,
    );
    worker.on('message', (reply: DocumentReply) => {
      if (reply.kind === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(
          () =>
            end(() =>
              reject(
                new SourceProblem(
                  `Reading the ${kind} took longer than ${limits.timeMs / 1000} seconds; split it into smaller files`,
                ),
              ),
            ),
          limits.timeMs,
        );
        return;
      }
      end(() => {
        if (reply.kind === 'pages') resolve(reply.pages);
        else if (reply.kind === 'problem') reject(new SourceProblem(reply.message));
        else reject(new Error(`the document reader failed: ${reply.message}`));
      });
    });
    worker.on('error', (err: Error & { code?: string }) =>
      end(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge(limits.heapMb) : err)),
    );
    worker.on('exit', (code) =>
      end(() => reject(new Error(`the document reader stopped (exit code ${code}) before answering`))),
    );
  });
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
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<DocumentText> {
  const url = where.url ?? null;
  switch (format) {
    case 'pdf':
    case 'docx':
      return { pages: (await readInWorker({ format, bytes }, limits)).map((p) => ({ ...p, url })), title: null };
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

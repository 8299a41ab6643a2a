/**
 * `npm run bench knowledgeIndexing`: how fast knowledge sources are indexed, and the memory it
 * takes. Each source goes through what an indexing job does with it: its text read
 * (infrastructure/knowledge/documentText.ts, PDF and DOCX in a worker thread), cut into chunks
 * (domain/knowledge/chunking.ts) and stored in one transaction with its full-text vectors
 * (infrastructure/knowledge/sqlChunkStore.ts). Per source kind: MB, pages and chunks per second,
 * the time of each step, and the peak of the process's resident memory above where it started
 * (sampled every 10 ms; the worker threads' memory is part of it). Runs on the embedded store, or
 * on PostgreSQL with DATABASE_URL (a fresh schema).
 */
import { chunkPages } from '../domain/knowledge/chunking.js';
import type { SourceFormat } from '../domain/knowledge/sourceFormat.js';
import { documentText } from '../infrastructure/knowledge/documentText.js';
import { createSqlChunkStore } from '../infrastructure/knowledge/sqlChunkStore.js';
import { docxOf, pdfOfPages } from '../test/support/knowledgeSamples.js';
import { createTestSql } from '../test/support/testStores.js';

const MB = 1024 * 1024;
let seed = 11;
const vocabulary = Array.from({ length: 8000 }, (_, i) => (i * 7919 + 13).toString(36));
function sentence(words = 14): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(vocabulary[Math.floor((seed / 2147483648) * vocabulary.length)]!);
  }
  return `${out.join(' ')}.`;
}
const paragraph = (sentences = 5) => Array.from({ length: sentences }, () => sentence()).join(' ');

interface Source {
  name: string;
  format: SourceFormat;
  /** One document, or the pages of a site (each read on its own, as a sitemap run does). */
  documents: Buffer[];
}

function markdown(bytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let s = 1; size < bytes; s++) {
    const section = `# Section ${s}\n\n${Array.from({ length: 8 }, () => paragraph()).join('\n\n')}\n\n`;
    parts.push(section);
    size += section.length;
  }
  return Buffer.from(parts.join(''));
}

function htmlPage(n: number): Buffer {
  const body = Array.from(
    { length: 6 },
    (_, i) => `<h2>Topic ${n}.${i}</h2><p>${paragraph()}</p><p>${paragraph()}</p>`,
  );
  return Buffer.from(
    `<!doctype html><html><head><title>Page ${n}</title><script>${'var x = 1;'.repeat(200)}</script><style>${'.a{color:red}'.repeat(100)}</style></head><body><nav>${'<a href="/x">Link</a>'.repeat(40)}</nav><main><h1>Page ${n}</h1>${body.join('')}</main><footer>Footer</footer></body></html>`,
  );
}

const sources: Source[] = [
  { name: 'Markdown, 5 MB', format: 'markdown', documents: [markdown(5 * MB)] },
  { name: 'HTML site, 200 pages', format: 'html', documents: Array.from({ length: 200 }, (_, i) => htmlPage(i + 1)) },
  {
    name: 'PDF, 200 pages',
    format: 'pdf',
    documents: [pdfOfPages(Array.from({ length: 200 }, () => paragraph(12)))],
  },
  {
    name: 'PDF, 1,000 pages (large)',
    format: 'pdf',
    documents: [pdfOfPages(Array.from({ length: 1000 }, () => paragraph(12)))],
  },
  {
    name: 'DOCX, 20,000 paragraphs (large)',
    format: 'docx',
    documents: [
      docxOf(
        'Handbook',
        Array.from({ length: 20_000 }, () => paragraph(3)),
      ),
    ],
  },
];

/** Samples the resident memory until stopped; answers the peak above the start. */
function memoryPeak() {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss) - start;
  };
}

const store = await createTestSql();
const chunks = await createSqlChunkStore(store.sql);
console.log(`store: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`);
// A first PDF and DOCX start the parsers' code once (tsx compiles them on first use).
await documentText('pdf', pdfOfPages(['warm up']));
await documentText('docx', docxOf('Warm', ['up']));

const rows: string[] = [];
let n = 0;
for (const source of sources) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const peak = memoryPeak();
  const bytes = source.documents.reduce((s, d) => s + d.length, 0);
  let t = performance.now();
  const pages = [];
  for (const doc of source.documents) pages.push(...(await documentText(source.format, doc)).pages);
  const readMs = performance.now() - t;
  t = performance.now();
  const cut = chunkPages(pages);
  const chunkMs = performance.now() - t;
  t = performance.now();
  n += 1;
  await chunks.replace(
    'ws_bench',
    `src_${n}`,
    1,
    cut.map((c) => ({ ...c, sourceTitle: source.name })),
  );
  const storeMs = performance.now() - t;
  const peakMb = peak() / MB;
  const totalS = (readMs + chunkMs + storeMs) / 1000;
  const pageCount = source.format === 'pdf' ? pages.length : source.documents.length;
  rows.push(
    `| ${source.name} | ${(bytes / MB).toFixed(1)} | ${pageCount} | ${cut.length} | ${readMs.toFixed(0)} | ${chunkMs.toFixed(0)} | ${storeMs.toFixed(0)} | ${(bytes / MB / totalS).toFixed(2)} | ${(pageCount / totalS).toFixed(1)} | ${(cut.length / totalS).toFixed(0)} | ${(cut.length / (storeMs / 1000)).toFixed(0)} | ${peakMb.toFixed(0)} |`,
  );
  console.log(rows.at(-1));
}

console.log(
  '\n| source | MB | pages | chunks | read ms | chunk ms | store ms | MB/s | pages/s | chunks/s | chunks/s stored | peak RSS +MB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
await store.cleanup();

/**
 * Reading PDF and DOCX files in a worker thread with limits: a zip bomb whose directory lies about
 * its sizes is stopped as it inflates, a document that takes too long or needs too much memory
 * fails with its reason, and the process reads the next document as before.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_DOCUMENT_LIMITS, documentText } from '../../../infrastructure/knowledge/documentText.js';
import { SourceProblem } from '../../../domain/knowledge/sourceProblem.js';
import { docxOf, pdfOf, pdfOfPages, pdfStreamBombOf, zipOf } from '../../support/knowledgeSamples.js';

const MB = 1024 * 1024;

let seed = 7;
const vocabulary = Array.from({ length: 5000 }, (_, i) => (i * 7919).toString(36));
function paragraph(): string {
  return Array.from({ length: 60 }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return vocabulary[Math.floor((seed / 2147483648) * vocabulary.length)];
  }).join(' ');
}

async function problemOf(run: Promise<unknown>): Promise<string> {
  const err = await run.then(
    () => null,
    (e) => e,
  );
  assert.ok(err instanceof SourceProblem, `expected a SourceProblem, got ${err}`);
  return (err as SourceProblem).message;
}

test('a DOCX keeps its headings and text; a PDF keeps its page numbers', async () => {
  const docx = await documentText('docx', docxOf('Opening hours', ['We open at nine.']));
  assert.equal(docx.pages, [{ text: '# Opening hours\n\nWe open at nine.', page: null, url: null }]);
  const pdf = await documentText('pdf', pdfOfPages(['First page text', 'Second page text']), {
    url: 'https://x.example/a.pdf',
  });
  assert.equal(
    pdf.pages.map((p) => [p.page, p.text, p.url]),
    [
      [1, 'First page text', 'https://x.example/a.pdf'],
      [2, 'Second page text', 'https://x.example/a.pdf'],
    ],
  );
});

test('a zip bomb whose directory declares small sizes is stopped while it inflates', async () => {
  // 256 MB of spaces deflate to ~250 KB; the headers say 2,000 bytes, so the directory looks fine.
  const bomb = zipOf(
    {
      '[Content_Types].xml': '<Types/>',
      'word/document.xml': Buffer.alloc(256 * MB, 0x20),
    },
    { declaredSizes: { 'word/document.xml': 2000 } },
  );
  assert.ok(bomb.length < 2 * MB);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const reason = await problemOf(documentText('docx', bomb));
  assert.match(reason, /inflate beyond the sizes the archive declares \(a zip bomb\)/);
  assert.ok(performance.now() - started < 10_000, 'refused quickly');
  assert.ok(process.memoryUsage().rss - rssBefore < 200 * MB, 'never inflated whole');
  // An honest bomb is refused from its directory alone.
  const honest = zipOf({ 'word/document.xml': Buffer.alloc(120 * MB, 0x20) });
  assert.match(await problemOf(documentText('docx', honest)), /inflate to more than 100 MB/);
  // The next document reads as before.
  assert.match((await documentText('docx', docxOf('After', ['Still fine.']))).pages[0]!.text, /Still fine/);
});

test('a PDF that takes longer than the limit fails with the reason; so does one needing too much memory', async () => {
  const words = 'the parcel arrives within three working days unless the courier is late '.repeat(30);
  const slow = pdfOfPages(Array.from({ length: 400 }, () => words));
  const reason = await problemOf(documentText('pdf', slow, {}, { ...DEFAULT_DOCUMENT_LIMITS, timeMs: 300 }));
  assert.match(reason, /Reading the PDF took longer than 0\.3 seconds/);
  const small = { ...DEFAULT_DOCUMENT_LIMITS, heapMb: 48 };
  assert.ok((await documentText('docx', docxOf('Small', ['fits']), {}, small)).pages[0]!.text.includes('fits'));
  // Varied words, so the archive compresses as a real document does (~3.5 MB, 7 MB of text).
  const large = docxOf('Big', Array.from({ length: 20_000 }, paragraph));
  assert.match(await problemOf(documentText('docx', large, {}, small)), /needs more than 48 MB of memory/);
  assert.is((await documentText('pdf', pdfOf('Afterwards fine'))).pages[0]!.text, 'Afterwards fine');
});

test('a PDF whose page inflates beyond the memory cap (outside the heap, where its limit does not reach) fails', async () => {
  const bomb = pdfStreamBombOf('Hello', 512);
  assert.ok(bomb.length < 2 * MB);
  const started = performance.now();
  const reason = await problemOf(documentText('pdf', bomb, {}, { ...DEFAULT_DOCUMENT_LIMITS, memoryMb: 150 }));
  assert.match(reason, /Reading the PDF needs more than 150 MB of memory/);
  assert.ok(performance.now() - started < 15_000, 'stopped while inflating');
  // Within the cap, the same kind of file is read.
  assert.is((await documentText('pdf', pdfStreamBombOf('Small page', 4))).pages[0]!.text, 'Small page');
});

test('encrypted and damaged PDFs, a ZIP that is not a DOCX, a damaged DOCX: each fails with its reason', async () => {
  assert.match(await problemOf(documentText('pdf', pdfOf('secret', { encrypted: true }))), /password/);
  assert.match(await problemOf(documentText('pdf', Buffer.from('%PDF-1.4\ngarbage'))), /damaged/);
  assert.match(await problemOf(documentText('docx', zipOf({ 'a.txt': 'x' }))), /no word\/document\.xml/);
  const truncated = docxOf('T', ['x']).subarray(0, 200);
  assert.match(await problemOf(documentText('docx', truncated)), /cannot be read/);
  const badXml = zipOf({ 'word/document.xml': '<w:document><unclosed' });
  assert.match(await problemOf(documentText('docx', badXml)), /cannot be read/);
});

test.run();

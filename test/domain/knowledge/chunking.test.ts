import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chunkPages, piecesOf, sectionsOf } from '../../../domain/knowledge/chunking.js';

test('sections follow the heading path, and a # inside a code fence is not a heading', () => {
  const sections = sectionsOf(
    '# Shop\n\nIntro.\n\n## Returns\n\nThirty days.\n\n```\n# not a heading\n```\n\n### Refunds\n\nTo the card.\n\n## Shipping\n\nFive days.',
  );
  assert.equal(
    sections.map((s) => s.headingPath),
    [['Shop'], ['Shop', 'Returns'], ['Shop', 'Returns', 'Refunds'], ['Shop', 'Shipping']],
  );
  assert.ok(sections[1]!.paragraphs.some((p) => p.includes('# not a heading')));
});

test('chunks stay under the size, overlap within a section, and keep their page link', () => {
  const paragraph = (n: number) => `Paragraph ${n} says ${'something useful '.repeat(20).trim()}.`;
  const text = `# Guide\n\n${Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n\n')}\n\n# Other\n\nShort.`;
  const chunks = chunkPages([{ text, url: 'https://shop.example/guide' }], { maxChars: 1200, overlapChars: 200 });
  assert.ok(chunks.length >= 4, `${chunks.length} chunks`);
  for (const c of chunks) {
    assert.ok(c.text.length <= 1202, `chunk of ${c.text.length}`);
    assert.is(c.url, 'https://shop.example/guide');
  }
  const guide = chunks.filter((c) => c.headingPath[0] === 'Guide');
  // The start of each next chunk repeats the end of the one before.
  for (let i = 1; i < guide.length; i++) {
    const head = guide[i]!.text.slice(0, 40);
    assert.ok(guide[i - 1]!.text.includes(head), `chunk ${i} does not overlap`);
  }
  const last = chunks.at(-1)!;
  assert.equal(last.headingPath, ['Other']);
  assert.is(last.text, 'Short.', 'the overlap never crosses a heading');
  assert.equal(
    chunks.map((c) => c.ordinal),
    chunks.map((_, i) => i),
  );
});

test('a paragraph without sentence ends and a word longer than a chunk are still cut', () => {
  const pieces = piecesOf(`${'word '.repeat(500)}${'x'.repeat(3000)}`, 1000);
  for (const p of pieces) assert.ok(p.length <= 1000);
  assert.ok(pieces.join(' ').replace(/\s+/g, '').length >= 2000 + 3000);
});

test('PDF pages keep their page numbers; empty text gives no chunks', () => {
  const chunks = chunkPages([
    { text: 'First page.', page: 1 },
    { text: '   ', page: 2 },
    { text: 'Third page.', page: 3 },
  ]);
  assert.equal(
    chunks.map((c) => [c.page, c.text]),
    [
      [1, 'First page.'],
      [3, 'Third page.'],
    ],
  );
});

test.run();

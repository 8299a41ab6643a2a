import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { citedRefs, citedSources, numberPassages, passagesText } from '../../../domain/knowledge/citations.js';
import type { Passage } from '../../../domain/knowledge/retrieval.js';

const passage = (chunkId: string, sourceId: string, url: string | null = null): Passage => ({
  chunkId,
  sourceId,
  sourceTitle: `Title ${sourceId}`,
  url,
  page: null,
  headingPath: ['Section'],
  text: `Text of ${chunkId}`,
  score: 0.5,
});

test('passages of one document share a number; numbers go on across searches of a turn', () => {
  const first = numberPassages([passage('c1', 's1'), passage('c2', 's2'), passage('c3', 's1')], new Map());
  assert.equal(
    first.numbered.map((p) => p.ref),
    [1, 2, 1],
  );
  const second = numberPassages([passage('c4', 's3'), passage('c5', 's2')], first.index);
  assert.equal(
    second.numbered.map((p) => p.ref),
    [3, 2],
  );
  // Two pages of one web source are two documents.
  const pages = numberPassages(
    [passage('p1', 'web', 'https://a.example/1'), passage('p2', 'web', 'https://a.example/2')],
    new Map(),
  );
  assert.equal(
    pages.numbered.map((p) => p.ref),
    [1, 2],
  );
});

test('citations are read in every common form, in order of first citation, each once', () => {
  assert.equal(citedRefs('Free returns [2]. Within 30 days [1][2]. See [3, 1].'), [2, 1, 3]);
  assert.equal(citedRefs('No citation here, [not a number] or [].'), []);
});

test('cited sources name the documents; a number never given is ignored', () => {
  const { index } = numberPassages([passage('c1', 's1'), passage('c2', 's2', 'https://shop.example/help')], new Map());
  assert.equal(citedSources('Yes [2], and [9].', index), [
    { ref: 2, sourceId: 's2', title: 'Title s2', url: 'https://shop.example/help' },
  ]);
});

test('the passages as the model reads them carry number, title, headings and page', () => {
  const { numbered } = numberPassages([{ ...passage('c1', 's1'), page: 4 }], new Map());
  assert.is(passagesText(numbered), '[1] Title s1 › Section (page 4)\nText of c1');
  assert.is(passagesText([]), 'No passage of the documents matches.');
});

test.run();

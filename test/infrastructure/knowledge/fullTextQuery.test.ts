/**
 * The full-text queries a question becomes: every word first, then the looser query of at least
 * so many words; quotes never reach the query text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { atLeastQuery, orQuery, searchTiers } from '../../../infrastructure/knowledge/fullTextQuery.js';

test('a search asks every word, then at least so many of them', () => {
  assert.equal(searchTiers(['cancel', 'order', 'placed'], 2), [
    "'cancel' & 'order' & 'placed'",
    "('cancel' & 'order') | ('cancel' & 'placed') | ('order' & 'placed')",
  ]);
  assert.equal(searchTiers(['cancel', 'order'], 1), ["'cancel' & 'order'", "'cancel' | 'order'"]);
  assert.equal(searchTiers(['cancel', 'order'], 2), ["'cancel' & 'order'"], 'one query when both need every word');
  assert.equal(searchTiers(['order', 'order'], 1), ["'order'"]);
  assert.equal(searchTiers(["o'brien", "'"], 1), ["'obrien'"]);
  assert.equal(searchTiers([], 1), []);
});

test('a long question falls back to any of its words', () => {
  const words = Array.from({ length: 12 }, (_, i) => `w${i}`);
  assert.is(atLeastQuery(words, 4), words.map((w) => `'${w}'`).join(' | '));
  assert.is(orQuery("Where's my order? Order 42!"), "'where' | 's' | 'my' | 'order' | '42'");
});

test.run();

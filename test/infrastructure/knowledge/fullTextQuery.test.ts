/**
 * The full-text queries a question becomes: every word first, then the looser query of at least
 * so many words; quotes never reach the query text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { atLeastQuery, orQuery, searchTiers } from '../../../infrastructure/knowledge/fullTextQuery.js';

test('a search asks every word, then each group of at least so many, ranking by the looser query', () => {
  assert.equal(searchTiers(['cancel', 'order', 'placed'], 2), {
    tiers: ["'cancel' & 'order' & 'placed'", "'cancel' & 'order'", "'cancel' & 'placed'", "'order' & 'placed'"],
    rank: "('cancel' & 'order') | ('cancel' & 'placed') | ('order' & 'placed')",
  });
  assert.equal(searchTiers(['cancel', 'order'], 1), {
    tiers: ["'cancel' & 'order'", "'cancel' | 'order'"],
    rank: "'cancel' | 'order'",
  });
  assert.equal(
    searchTiers(['cancel', 'order'], 2),
    { tiers: ["'cancel' & 'order'"], rank: "'cancel' & 'order'" },
    'one query when both need every word',
  );
  assert.equal(searchTiers(['order', 'order'], 1), { tiers: ["'order'"], rank: "'order'" });
  assert.equal(searchTiers(["o'brien", "'"], 1), { tiers: ["'obrien'"], rank: "'obrien'" });
  assert.is(searchTiers([], 1), null);
});

test('a long question asks its words as one OR instead of too many groups', () => {
  const words = Array.from({ length: 12 }, (_, i) => `w${i}`);
  const or = words.map((w) => `'${w}'`).join(' | ');
  assert.equal(searchTiers(words, 4), { tiers: [words.map((w) => `'${w}'`).join(' & '), or], rank: or });
});

test('a long question falls back to any of its words', () => {
  const words = Array.from({ length: 12 }, (_, i) => `w${i}`);
  assert.is(atLeastQuery(words, 4), words.map((w) => `'${w}'`).join(' | '));
  assert.is(orQuery("Where's my order? Order 42!"), "'where' | 's' | 'my' | 'order' | '42'");
});

test.run();

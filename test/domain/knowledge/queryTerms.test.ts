/**
 * The full-text threshold's words: stop and question words are not meaningful, words meet by a
 * light stem, and the share of a query's meaningful words a passage holds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchedShare, meaningfulTerms, stem } from '../../../domain/knowledge/queryTerms.js';

test('a question keeps only its meaningful words, stemmed, each once', () => {
  assert.equal(meaningfulTerms('How do I return my jacket? Can I return it?'), ['return', 'jacket']);
  assert.equal(meaningfulTerms('What is the capital of France?'), ['capital', 'franc']);
  assert.equal(meaningfulTerms('the of and how what can I'), []);
  assert.equal(meaningfulTerms(''), []);
  assert.equal(meaningfulTerms("I'm asking: où est la GARE?"), ['asking', 'où', 'est', 'la', 'gar'].map(stem));
});

test('a light stem meets the forms of a word', () => {
  for (const [a, b] of [
    ['returns', 'returned'],
    ['returning', 'return'],
    ['shipping', 'ships'],
    ['policies', 'policy'],
    ['refunded', 'refunds'],
    ['delivery', 'delivery'],
  ])
    assert.is(stem(a!), stem(b!), `${a} / ${b}`);
  assert.is.not(stem('card'), stem('cart'));
});

test('the share of meaningful words a text holds', () => {
  const terms = meaningfulTerms('How long do refunds take to reach my card?');
  assert.equal(terms, ['long', 'refund', 'tak', 'reach', 'card'].map(stem));
  assert.is(matchedShare(terms, 'Refunds reach the original card within five days'), 3 / 5);
  assert.is(matchedShare(terms, 'Shipping takes five working days'), 1 / 5);
  assert.is(matchedShare([], 'anything'), 0);
  assert.is(matchedShare(meaningfulTerms('gift cards'), 'GIFT CARD terms'), 1);
});

test.run();

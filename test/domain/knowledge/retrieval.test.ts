/**
 * Reciprocal rank fusion: a chunk's score is the sum of 1/(RRF_K + rank) over the rankings it
 * appears in, so a chunk both rankings find beats one only one ranking puts first; ties keep
 * the first ranking's order; k cuts the answer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fuseByReciprocalRank, RETRIEVAL_K, RRF_K } from '../../../domain/knowledge/retrieval.js';

const ranking = (...ids: string[]) => ids.map((chunkId) => ({ chunkId, from: ids.join('') }));

test('one ranking keeps its order, scored 1/(60 + rank)', () => {
  const fused = fuseByReciprocalRank([ranking('a', 'b', 'c')], 5);
  assert.equal(
    fused.map((f) => f.chunkId),
    ['a', 'b', 'c'],
  );
  assert.is(fused[0]!.score, 1 / (RRF_K + 1));
  assert.is(fused[2]!.score, 1 / (RRF_K + 3));
  assert.is(RETRIEVAL_K, 5);
});

test('a chunk found by both rankings sums its reciprocal ranks and rises above single finds', () => {
  const fused = fuseByReciprocalRank([ranking('a', 'b', 'c'), ranking('x', 'c', 'y')], 10);
  assert.is(fused[0]!.chunkId, 'c');
  assert.is(fused[0]!.score, 1 / (RRF_K + 3) + 1 / (RRF_K + 2));
  assert.equal(
    fused.map((f) => f.chunkId),
    ['c', 'a', 'x', 'b', 'y'],
    'equal scores keep the order they were first seen in: the first ranking leads',
  );
  assert.is(fused[0]!.from, 'abc', "the first ranking's item is kept");
});

test('k cuts the fused list; no rankings, empty rankings or k ≤ 0 give nothing', () => {
  assert.equal(
    fuseByReciprocalRank([ranking('a', 'b', 'c'), ranking('c', 'b', 'a')], 2).map((f) => f.chunkId),
    ['a', 'c'],
  );
  assert.equal(fuseByReciprocalRank([], 5), []);
  assert.equal(fuseByReciprocalRank([[], []], 5), []);
  assert.equal(fuseByReciprocalRank([ranking('a')], 0), []);
  assert.equal(fuseByReciprocalRank([ranking('a')], -1), []);
});

test('a smaller rank offset favours the top of each ranking more', () => {
  const rankings = [ranking('a', 'b', 'c', 'd'), ranking('x', 'd', 'y', 'z')];
  assert.is(fuseByReciprocalRank(rankings, 1)[0]!.chunkId, 'd', 'found twice wins at 60');
  assert.is(fuseByReciprocalRank(rankings, 1, 0)[0]!.chunkId, 'a', 'first place wins at 0');
});

test.run();

/**
 * The in-memory cosine scan: exact at or below RESCORED vectors; above, the sign codes' first
 * pass keeps the true nearest among those ranked, for dense embeddings and for sparse ones
 * (the tests' stand-in: hashed words).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { unitVector } from '../../../infrastructure/ai/embeddingModel.js';
import { nearestRows, RESCORED, vectorSetOf } from '../../../infrastructure/knowledge/vectorScan.js';
import { standInEmbedding } from '../../support/openAiStandIn.js';

/** A deterministic pseudo-random sequence. */
function randomFrom(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

const exactNearest = (vectors: Float32Array[], query: Float32Array, k: number) =>
  vectors
    .map((v, i) => ({ i, score: v.reduce((n, x, j) => n + x * query[j]!, 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((r) => `c${r.i}`);

/** Of `queries` searches for the k nearest, the share of the exact k found. */
function recall(vectors: Float32Array[], queries: Float32Array[], k: number): number {
  const sets = [0, 1, 2, 3].map(
    (part) => vectorSetOf(vectors.flatMap((vector, i) => (i % 4 === part ? [{ chunkId: `c${i}`, vector }] : [])))!,
  );
  let found = 0;
  for (const query of queries) {
    const got = new Set(nearestRows(sets, query, k).map((r) => r.set.chunkIds[r.row]));
    found += exactNearest(vectors, query, k).filter((id) => got.has(id)).length;
  }
  return found / (queries.length * k);
}

test('at or below RESCORED vectors, every one is ranked: the exact nearest, best first', () => {
  const random = randomFrom(7);
  const vectors = Array.from({ length: RESCORED }, () => unitVector(Array.from({ length: 64 }, () => random() - 0.5)));
  const set = vectorSetOf(vectors.map((vector, i) => ({ chunkId: `c${i}`, vector })))!;
  const query = vectors[17]!;
  const found = nearestRows([set], query, 5);
  assert.equal(
    found.map((r) => set.chunkIds[r.row]),
    exactNearest(vectors, query, 5),
  );
  assert.ok(Math.abs(found[0]!.score - 1) < 0.01, `${found[0]!.score}`);
  assert.equal(nearestRows([set], new Float32Array(32), 5), [], 'another length: none');
});

test('dense embeddings beyond RESCORED: the sign codes keep the true nearest among those ranked', () => {
  const random = randomFrom(11);
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  // Topics, and texts near one of them, as real embeddings cluster.
  const topics = Array.from({ length: 40 }, () => Array.from({ length: 256 }, gaussian));
  const near = (topic: number[], spread: number) => unitVector(topic.map((x) => x + spread * gaussian()));
  const vectors = Array.from({ length: 6_000 }, (_, i) => near(topics[i % topics.length]!, 1.2));
  const queries = Array.from({ length: 20 }, (_, i) => near(topics[(i * 7) % topics.length]!, 1.2));
  const share = recall(vectors, queries, 10);
  assert.ok(share >= 0.9, `recall ${share}`);
});

test('sparse embeddings (hashed words) beyond RESCORED: the texts sharing the most words are found', () => {
  const random = randomFrom(5);
  const vocabulary = Array.from({ length: 3_000 }, (_, i) => `w${i}`);
  const text = (n: number) =>
    Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ');
  const texts = Array.from({ length: 4_000 }, () => text(60));
  const vectors = texts.map((t) => Float32Array.from(standInEmbedding(t, 1536)));
  // A question of a few words of one text and one of its own.
  const queries = Array.from({ length: 20 }, (_, i) =>
    Float32Array.from(standInEmbedding(`${texts[i * 97]!.split(' ').slice(0, 4).join(' ')} elsewhere`, 1536)),
  );
  const share = recall(vectors, queries, 5);
  assert.ok(share >= 0.9, `recall ${share}`);
});

test.run();

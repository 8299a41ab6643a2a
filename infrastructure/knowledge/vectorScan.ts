/**
 * Nearest vectors by cosine, scored in the service over vectors held in memory (the SQL
 * embedding store's cache, sqlEmbeddingStore.ts). Each vector is kept twice, small:
 *
 * - as bytes: each number scaled to -127…127 against the vector's largest, which moves a
 *   cosine by well under 0.01 (one byte a number);
 * - as a sign code: one bit for "above zero", one for "below zero" (a quarter of a byte a
 *   number). Two codes agree where their vectors' numbers have the same sign.
 *
 * A search over more vectors than RESCORED scores every vector by its sign code first (how many
 * numbers agree in sign minus how many disagree: a few popcounts a vector, not a multiplication
 * per number), keeps the RESCORED best, and ranks only those by their bytes. That is the
 * binary-quantisation-and-rescore scheme of vector databases: for dense embeddings the sign code
 * is the vector's sign bits; for sparse ones (the tests' stand-in) it counts shared words. The
 * true nearest are almost always among the first RESCORED (bench/README.md measures how often);
 * at or below RESCORED vectors every vector is ranked by its bytes.
 */

/** Vectors ranked by their bytes after the sign codes' first pass. */
export const RESCORED = 400;

/**
 * A source's vectors in one space: row i of `matrix` is the vector of `chunkIds[i]` as bytes,
 * `scales[i]` turns a dot product with it back; `signs` holds each row's code, `words` numbers
 * above zero then `words` below.
 */
export interface VectorSet {
  chunkIds: string[];
  dimensions: number;
  matrix: Int8Array;
  scales: Float32Array;
  signs: Uint32Array;
  /** No row has a zero: every number is above or below, so one half of a code tells the other. */
  dense: boolean;
}

/** 32-bit words of one half of a sign code. */
const wordsOf = (dimensions: number) => Math.ceil(dimensions / 32);

/** Bytes a set holds in memory. */
export const bytesOf = (set: VectorSet): number => set.matrix.byteLength + set.scales.byteLength + set.signs.byteLength;

/** Writes the sign code of `vector` into `signs` at `at` (2 × words). */
function writeSigns(vector: Float32Array, signs: Uint32Array, at: number) {
  const words = wordsOf(vector.length);
  for (let i = 0; i < vector.length; i += 1) {
    const v = vector[i]!;
    if (v > 0) signs[at + (i >>> 5)]! |= 1 << (i & 31);
    else if (v < 0) signs[at + words + (i >>> 5)]! |= 1 << (i & 31);
  }
}

/** Writes `vector` as bytes into `matrix` at `at`; answers the scale that undoes it. */
function quantize(vector: Float32Array, matrix: Int8Array, at: number): number {
  let largest = 0;
  for (const v of vector) largest = Math.max(largest, Math.abs(v));
  if (largest === 0) return 0;
  const factor = 127 / largest;
  for (let i = 0; i < vector.length; i += 1) matrix[at + i] = Math.round(vector[i]! * factor);
  return largest / 127;
}

/** The set of `rows` (vectors of one length; others are left out). */
export function vectorSetOf(rows: ReadonlyArray<{ chunkId: string; vector: Float32Array }>): VectorSet | null {
  if (rows.length === 0) return null;
  const dimensions = rows[0]!.vector.length;
  const words = wordsOf(dimensions);
  const kept = rows.filter((r) => r.vector.length === dimensions);
  const matrix = new Int8Array(kept.length * dimensions);
  const scales = new Float32Array(kept.length);
  const signs = new Uint32Array(kept.length * 2 * words);
  kept.forEach((row, i) => {
    scales[i] = quantize(row.vector, matrix, i * dimensions);
    writeSigns(row.vector, signs, i * 2 * words);
  });
  const dense = kept.every((r) => r.vector.every((v) => v !== 0));
  return { chunkIds: kept.map((r) => r.chunkId), dimensions, matrix, scales, signs, dense };
}

/** Set bits of a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The dot product of a row's bytes with `vector`, scaled back. */
function dotOf(set: VectorSet, row: number, vector: Float32Array): number {
  const { matrix, dimensions: d } = set;
  const at = row * d;
  // Four sums side by side: the loop the scan spends its time in runs 10–15 % faster.
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  let i = 0;
  for (; i + 3 < d; i += 4) {
    a0 += matrix[at + i]! * vector[i]!;
    a1 += matrix[at + i + 1]! * vector[i + 1]!;
    a2 += matrix[at + i + 2]! * vector[i + 2]!;
    a3 += matrix[at + i + 3]! * vector[i + 3]!;
  }
  for (; i < d; i += 1) a0 += matrix[at + i]! * vector[i]!;
  return (a0 + a1 + a2 + a3) * set.scales[row]!;
}

export interface NearRow {
  set: VectorSet;
  row: number;
  /** Cosine with the query (vectors of length 1). */
  score: number;
}

/** Keeps the `k` best of a stream of scores, best first. */
class TopK {
  readonly items: NearRow[] = [];
  constructor(private readonly k: number) {}
  get floor(): number {
    return this.items.length < this.k ? Number.NEGATIVE_INFINITY : this.items[this.items.length - 1]!.score;
  }
  offer(set: VectorSet, row: number, score: number) {
    if (score <= this.floor) return;
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.score < score) i -= 1;
    this.items.splice(i, 0, { set, row, score });
    if (this.items.length > this.k) this.items.pop();
  }
}

/** Each row's sign-code agreement with the query's code, in set order, and how many rows reach each score. */
function signScores(sets: readonly VectorSet[], query: Float32Array, total: number) {
  const d = query.length;
  const words = wordsOf(d);
  const code = new Uint32Array(2 * words);
  writeSigns(query, code, 0);
  // Only the words where the query has a sign can score: a sparse query reads few of them.
  const used = [...Array(words).keys()].filter((w) => (code[w]! | code[words + w]!) !== 0);
  const scores = new Int16Array(total);
  const reaching = new Uint32Array(2 * d + 1);
  const denseQuery = query.every((v) => v !== 0);
  let n = 0;
  for (const set of sets) {
    const { signs } = set;
    if (denseQuery && set.dense) {
      // Both without zeros: numbers agree in sign where the "above" halves agree, one popcount a word.
      for (let at = 0; at < signs.length; at += 2 * words, n += 1) {
        let differ = 0;
        for (let w = 0; w < words; w += 1) differ += popcount(code[w]! ^ signs[at + w]!);
        scores[n] = d - 2 * differ;
        reaching[2 * d - 2 * differ]! += 1;
      }
      continue;
    }
    for (let at = 0; at < signs.length; at += 2 * words, n += 1) {
      let score = 0;
      for (const w of used) {
        const above = signs[at + w]!;
        const below = signs[at + words + w]!;
        const qa = code[w]!;
        const qb = code[words + w]!;
        score += popcount((qa & above) | (qb & below)) - popcount((qa & below) | (qb & above));
      }
      scores[n] = score;
      reaching[score + d]! += 1;
    }
  }
  return { scores, reaching };
}

/** The `k` rows of `sets` nearest to `query` (sets of another length are skipped). */
export function nearestRows(sets: readonly VectorSet[], query: Float32Array, k: number): NearRow[] {
  const d = query.length;
  const usable = sets.filter((s) => s.dimensions === d);
  const total = usable.reduce((n, s) => n + s.chunkIds.length, 0);
  const top = new TopK(k);
  if (total <= RESCORED) {
    for (const set of usable)
      for (let row = 0; row < set.chunkIds.length; row += 1) top.offer(set, row, dotOf(set, row, query));
    return top.items;
  }
  const { scores, reaching } = signScores(usable, query, total);
  // The lowest sign score among the RESCORED best: rows at it or above are ranked by their bytes.
  let floor = 2 * d;
  for (let kept = reaching[floor]!; kept < RESCORED && floor > 0; ) kept += reaching[--floor]!;
  const least = floor - d;
  let ranked = 0;
  let n = 0;
  for (const set of usable) {
    for (let row = 0; row < set.chunkIds.length; row += 1, n += 1) {
      // Ties at the floor can be many (a sparse query's zero): the first ones past RESCORED are enough.
      if (scores[n]! < least || (scores[n] === least && ranked >= 2 * RESCORED)) continue;
      ranked += 1;
      top.offer(set, row, dotOf(set, row, query));
    }
  }
  return top.items;
}

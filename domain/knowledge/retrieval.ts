/**
 * What retrieval hands an agent (docs/knowledge.md, Retrieval): passages of the workspace's
 * sources, best first, and the pure rule that fuses several rankings of them into one. Full
 * text and, when embeddings exist, cosine similarity each rank the chunks; reciprocal rank fusion
 * adds 1/(RRF_K + rank) over the rankings a chunk appears in, so neither score's scale matters.
 */

/** A chunk of a knowledge source as retrieval answers it. */
export interface Passage {
  chunkId: string;
  sourceId: string;
  sourceTitle: string;
  /** The web page, or null for pasted text and files. */
  url: string | null;
  /** The PDF page it came from, or null. */
  page: number | null;
  headingPath: string[];
  text: string;
  /** The fused score: higher is better; comparable within one retrieval only. */
  score: number;
}

/** Passages one retrieval gives the model. */
export const RETRIEVAL_K = 5;
/** The rank offset of reciprocal rank fusion; 60 is the value its authors found robust. */
export const RRF_K = 60;

/**
 * Fuses rankings (each best first) into one, best first, at most `k` long. A chunk found by
 * several rankings sums its reciprocal ranks; ties keep the order of the first ranking.
 */
export function fuseByReciprocalRank<T extends { chunkId: string }>(
  rankings: readonly (readonly T[])[],
  k: number,
  rrfK = RRF_K,
): Array<T & { score: number }> {
  const fused = new Map<string, { item: T; score: number; first: number }>();
  let order = 0;
  for (const ranking of rankings)
    ranking.forEach((item, index) => {
      const seen = fused.get(item.chunkId);
      const add = 1 / (rrfK + index + 1);
      if (seen) seen.score += add;
      else fused.set(item.chunkId, { item, score: add, first: order++ });
    });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, Math.max(0, k))
    .map(({ item, score }) => ({ ...item, score }));
}

/**
 * The port the knowledge chunks' embeddings are stored and searched behind (docs/knowledge.md,
 * Retrieval). A chunk has one vector per embedding space (a model connection and its embedding
 * model), stored for the revision of the chunks it was made from; the set of a source in a space
 * is replaced whole. Today one adapter, sqlEmbeddingStore.ts: vectors in SQL, cosine scored in
 * the service (sign codes first, the best few hundred by their bytes; bench/README.md); far beyond, an
 * adapter on pgvector (an HNSW index answering `nearest` in the database) takes its place behind
 * this port.
 */
import type { FoundChunk } from './chunkStore.js';

/** Where vectors come from: two connections (or two models) never mix their vectors. */
export interface EmbeddingSpace {
  connectionId: string;
  model: string;
}

export interface ChunkVector {
  chunkId: string;
  /** Unit length, so a dot product is the cosine similarity. */
  vector: Float32Array;
}

/** The embeddings of a source in one space, as recorded. */
export interface EmbeddingSetState {
  connectionId: string;
  model: string;
  /** The chunks' revision the set was made from. */
  revision: number;
  vectors: number;
  /** Why the last try to embed that revision failed (the source is searched by full text only); null when it worked. */
  error: string | null;
  updatedAt: string;
}

export interface SimilarChunk extends FoundChunk {
  /** The cosine similarity to the query, -1 to 1 (also in `score`). */
  similarity: number;
}

export interface EmbeddingStore {
  /**
   * Stores the vectors of a source's chunks of `revision` in `space`, replacing the space's
   * earlier set, atomically. Nothing is stored (false) unless `revision` is the revision of the
   * chunks stored now: a set is never paired with chunks it was not made from.
   */
  replace(
    workspaceId: string,
    sourceId: string,
    revision: number,
    space: EmbeddingSpace,
    vectors: readonly ChunkVector[],
  ): Promise<boolean>;
  /** Records that embedding `revision` in `space` failed, and why; the set stored before is dropped. */
  recordFailure(
    workspaceId: string,
    sourceId: string,
    revision: number,
    space: EmbeddingSpace,
    reason: string,
  ): Promise<void>;
  /** The chunks stored now for a source (what to embed), with their revision; null when none. */
  chunksToEmbed(
    sourceId: string,
  ): Promise<{ revision: number; chunks: Array<{ chunkId: string; headingPath: string[]; text: string }> } | null>;
  /**
   * Of `sourceIds`, those whose stored chunks have no set in `space` made from them: never
   * embedded, embedded from older chunks, or failed before `retryFailedBefore`.
   */
  unembedded(sourceIds: readonly string[], space: EmbeddingSpace, retryFailedBefore: Date): Promise<string[]>;
  /**
   * The `k` chunks of the workspace's `sourceIds` nearest to the query's vector in `space`, most
   * similar first; only chunks whose set was made from the chunks stored now. `queryVector` is
   * called only when there are vectors to compare (so no embedding call is made for sources
   * without any), while they are read; null from it finds nothing.
   */
  nearest(
    workspaceId: string,
    sourceIds: readonly string[],
    space: EmbeddingSpace,
    queryVector: () => Promise<Float32Array | null>,
    k: number,
  ): Promise<SimilarChunk[]>;
  /** Drops the sets and vectors of every space but these (connections deleted, models changed). */
  keepOnly(spaces: readonly EmbeddingSpace[]): Promise<void>;
  /** The recorded sets of a source, one per space. */
  states(sourceId: string): Promise<EmbeddingSetState[]>;
}

/** What is embedded for a chunk: its heading path, then its text. */
export const embeddingInput = (chunk: { headingPath: readonly string[]; text: string }): string =>
  chunk.headingPath.length > 0 ? `${chunk.headingPath.join(' › ')}\n\n${chunk.text}` : chunk.text;

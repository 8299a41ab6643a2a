/**
 * The port the knowledge chunks are stored and searched behind (docs/knowledge.md). Today one
 * adapter, full-text search in SQL (sqlChunkStore.ts), on PostgreSQL and the embedded store
 * alike. Retrieval that adds embeddings keeps this shape: `search` ranks by full text, and a
 * second ranking (cosine over stored embeddings) can be fused with it by reciprocal rank.
 */
import type { Chunk } from '../../domain/knowledge/chunking.js';

export interface ChunkToStore extends Chunk {
  /** The source's title, indexed with the heading path so a question naming either finds it. */
  sourceTitle: string;
}

export interface FoundChunk {
  chunkId: string;
  sourceId: string;
  ordinal: number;
  headingPath: string[];
  text: string;
  url: string | null;
  page: number | null;
  /** Full-text rank: higher is better; only comparable within one search. */
  score: number;
}

export interface ChunkStore {
  /**
   * Replaces every chunk of a source with `chunks`, atomically: a search sees the old set or the
   * new one, never a mix. A replacement for a revision older than one already stored (a late,
   * superseded job) or for a removed source changes nothing and answers false.
   */
  replace(workspaceId: string, sourceId: string, revision: number, chunks: readonly ChunkToStore[]): Promise<boolean>;
  /** Drops a source's chunks for good: no later replace of it is stored. */
  remove(sourceId: string): Promise<void>;
  /**
   * The `k` chunks of the workspace's `sourceIds` (all its sources when null) that best match
   * `query` by full text, best first. Any words are fine; none that can match answers []. An
   * adapter may rank a bounded set of candidates (those holding the most of the words) rather
   * than every match, so a question of common words costs the same over any corpus.
   */
  search(
    workspaceId: string,
    sourceIds: readonly string[] | null,
    query: string,
    k: number,
    /** Only passages holding at least `atLeast` of `words` (instead of any word of `query`). */
    match?: { words: readonly string[]; atLeast: number },
  ): Promise<FoundChunk[]>;
  /** How many chunks a source has stored (tests, and the counts a reindex reports). */
  count(sourceId: string): Promise<number>;
}

/**
 * Retrieval for agents (docs/knowledge.md, Retrieval): the passages of an agent's sources that
 * best match a query. Today the full-text ranking of the chunk store; embeddings add a second
 * ranking fused by reciprocal rank (domain/knowledge/retrieval.ts). Only chunks of sources that
 * still exist are answered, with their source's current title.
 */
import { fuseByReciprocalRank, type Passage, RETRIEVAL_K } from '../domain/knowledge/retrieval.js';
import type { ChunkStore } from '../infrastructure/knowledge/chunkStore.js';
import type { ReadStoreReader } from '../infrastructure/readStore/readStore.js';
import { KNOWLEDGE_SOURCES } from '../projections/views/knowledgeSourcesView.js';

export interface RetrievalRequest {
  workspaceId: string;
  /** The sources searched; an empty list finds nothing. */
  sourceIds: readonly string[];
  query: string;
  /** At most this many passages; default RETRIEVAL_K. */
  k?: number;
  /** The agent's model connection: with an embedding model, similarity is fused with full text. */
  connectionId?: string | null;
}

export interface KnowledgeRetriever {
  retrieve(request: RetrievalRequest): Promise<Passage[]>;
}

export interface KnowledgeRetrievalDeps {
  chunks: ChunkStore;
  views: ReadStoreReader;
}

/** Candidates each ranking offers the fusion, beyond the k kept. */
const CANDIDATES = 20;

export function createKnowledgeRetriever({ chunks, views }: KnowledgeRetrievalDeps): KnowledgeRetriever {
  return {
    async retrieve({ workspaceId, sourceIds, query, k = RETRIEVAL_K }) {
      if (sourceIds.length === 0 || !query.trim()) return [];
      const fullText = await chunks.search(workspaceId, sourceIds, query, Math.max(k, CANDIDATES));
      const fused = fuseByReciprocalRank([fullText], k);
      const titles = new Map<string, string>();
      for (const sourceId of new Set(fused.map((c) => c.sourceId))) {
        const doc = await views.get(KNOWLEDGE_SOURCES, sourceId);
        if (doc && doc.workspaceId === workspaceId) titles.set(sourceId, doc.title);
      }
      return fused
        .filter((c) => titles.has(c.sourceId))
        .map(
          (c): Passage => ({
            chunkId: c.chunkId,
            sourceId: c.sourceId,
            sourceTitle: titles.get(c.sourceId)!,
            url: c.url,
            page: c.page,
            headingPath: c.headingPath,
            text: c.text,
            score: c.score,
          }),
        );
    },
  };
}

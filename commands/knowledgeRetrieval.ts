/**
 * Retrieval for agents (docs/knowledge.md, Retrieval): the passages of an agent's sources that
 * best match a query. Two rankings: full text (the chunk store) and, when the agent's model
 * connection has an embedding model and the sources have vectors in it, cosine similarity to
 * the embedded query (the embedding store). Each keeps only real matches (MIN_TERM_SHARE of the
 * query's meaningful words; MIN_SIMILARITY), then reciprocal rank fusion merges them
 * (domain/knowledge/retrieval.ts). An embedding call that fails leaves full text alone: a
 * retrieval never fails for it. Only chunks of sources that still exist are answered, with their
 * source's current title.
 */
import { matchedShare, meaningfulTerms, meaningfulWords, termsNeeded } from '../domain/knowledge/queryTerms.js';
import { fuseByReciprocalRank, type Passage, RETRIEVAL_K } from '../domain/knowledge/retrieval.js';
import type { EmbeddingModel } from '../infrastructure/ai/embeddingModel.js';
import type { ChunkStore, FoundChunk } from '../infrastructure/knowledge/chunkStore.js';
import type { EmbeddingStore } from '../infrastructure/knowledge/embeddingStore.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ReadStoreReader } from '../infrastructure/readStore/readStore.js';
import { KNOWLEDGE_SOURCES } from '../projections/views/knowledgeSourcesView.js';
import { MODEL_CONNECTIONS } from '../projections/views/modelConnectionsView.js';
import type { ModelConnectionCommands } from './modelConnectionCommands.js';

export interface RetrievalRequest {
  workspaceId: string;
  /** The sources searched; an empty list finds nothing. */
  sourceIds: readonly string[];
  query: string;
  /** At most this many passages; default RETRIEVAL_K. */
  k?: number;
  /** The agent's model connection: with an embedding model, the query is also embedded. */
  connectionId?: string | null;
}

export interface KnowledgeRetriever {
  retrieve(request: RetrievalRequest): Promise<Passage[]>;
}

/** Where a connection's embeddings are made: its provider, key and embedding model. */
export interface EmbeddingTarget {
  workspaceId: string;
  connectionId: string;
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface KnowledgeRetrievalDeps {
  chunks: ChunkStore;
  /** Where the sources' titles are read: the cached views, as every turn reads them. */
  views: ReadStoreReader;
  /** Hybrid retrieval; without these, full text only. */
  embeddings?: EmbeddingStore;
  embeddingModel?: EmbeddingModel;
  /** The connection's embedding target; null when it has no embedding model or is unusable. */
  embeddingTarget?(connectionId: string, workspaceId: string): Promise<EmbeddingTarget | null>;
  logger?: Logger;
}

/** Candidates each ranking offers the fusion, beyond the k kept. */
const CANDIDATES = 20;
/**
 * A full-text passage must hold at least this share of the query's meaningful words (one of
 * three, two of five…). Measured on the help centre of the tests (test/support/knowledgeCorpus.ts,
 * 30 questions, 7 unrelated): at 0.34 the expected source is in the top 5 for 30/30 (28 first)
 * and no unrelated question keeps a passage; at 0 or 0.25, 29/30 (26 first) and 15 passages kept
 * for unrelated questions sharing one word with the corpus; at 0.5, 29/30; at 0.67, 21/30.
 */
export const MIN_TERM_SHARE = 0.34;
/**
 * A passage must be at least this similar to the query to be kept from the embeddings'
 * ranking. With the stand-in's embeddings, 0.2 lets 2 passages through for unrelated questions
 * and 0.3 none; current embedding models also put unrelated texts at 0.0–0.2.
 */
export const MIN_SIMILARITY = 0.3;
/** The query's embedding call waits at most this long: the visitor's answer waits on it. */
export const QUERY_EMBEDDING_TIMEOUT_MS = 5_000;

/** A connection's embedding target, from its stored state (the view may lag a change). */
export async function embeddingTargetOf(
  connections: Pick<ModelConnectionCommands, 'load' | 'apiKeyOf'>,
  connectionId: string,
  workspaceId: string,
): Promise<EmbeddingTarget | null> {
  const state = await connections.load(connectionId);
  const model = state.fields?.embeddingModel;
  if (state.status !== 'active' || state.workspaceId !== workspaceId || !model) return null;
  try {
    const apiKey = await connections.apiKeyOf(connectionId, workspaceId);
    return { workspaceId, connectionId, baseUrl: state.fields.baseUrl, apiKey, model };
  } catch {
    return null;
  }
}

/** The embedding targets of a workspace's active connections (of every workspace's when null). */
export async function embeddingTargetsOf(
  views: ReadStoreReader,
  connections: Pick<ModelConnectionCommands, 'load' | 'apiKeyOf'>,
  workspaceId: string | null,
): Promise<EmbeddingTarget[]> {
  const withModel = { embeddingModel: { $ne: null } };
  const docs = await views.find(MODEL_CONNECTIONS, workspaceId === null ? withModel : { ...withModel, workspaceId });
  const targets = await Promise.all(
    docs.filter((d) => d.embeddingModel).map((d) => embeddingTargetOf(connections, d.id, d.workspaceId)),
  );
  return targets.filter((t) => t !== null);
}

export function createKnowledgeRetriever(deps: KnowledgeRetrievalDeps): KnowledgeRetriever {
  const { chunks, views } = deps;

  /** The cosine ranking, above MIN_SIMILARITY; [] when there is none to make or it failed. */
  async function similar(workspaceId: string, sourceIds: readonly string[], query: string, connectionId: string) {
    const { embeddings, embeddingModel, embeddingTarget } = deps;
    if (!embeddings || !embeddingModel || !embeddingTarget) return [];
    const target = await embeddingTarget(connectionId, workspaceId);
    if (!target) return [];
    const space = { connectionId, model: target.model };
    // Asked for only when the sources have vectors in this space: no call for nothing.
    const embedQuery = async () => {
      const embedded = await embeddingModel.embed({
        baseUrl: target.baseUrl,
        apiKey: target.apiKey,
        model: target.model,
        inputs: [query],
        timeoutMs: QUERY_EMBEDDING_TIMEOUT_MS,
      });
      if (embedded.ok) return embedded.vectors[0]!;
      deps.logger?.warn('knowledge retrieval fell back to full text: the query could not be embedded', {
        workspaceId,
        connectionId,
        error: embedded.error,
        detail: embedded.detail,
      });
      return null;
    };
    const found = await embeddings.nearest(workspaceId, sourceIds, space, embedQuery, CANDIDATES);
    return found.filter((c) => c.similarity >= MIN_SIMILARITY);
  }

  return {
    async retrieve({ workspaceId, sourceIds, query, k = RETRIEVAL_K, connectionId = null }) {
      if (sourceIds.length === 0 || !query.trim() || k <= 0) return [];
      const terms = meaningfulTerms(query);
      const [fullText, cosine] = await Promise.all([
        chunks.search(workspaceId, sourceIds, query, Math.max(k, CANDIDATES), {
          words: meaningfulWords(query),
          atLeast: termsNeeded(terms.length, MIN_TERM_SHARE),
        }),
        connectionId ? similar(workspaceId, sourceIds, query, connectionId) : Promise.resolve([] as FoundChunk[]),
      ]);
      const titles = new Map<string, string | null>();
      const titleOf = async (sourceId: string) => {
        if (!titles.has(sourceId)) {
          const doc = await views.get(KNOWLEDGE_SOURCES, sourceId);
          titles.set(sourceId, doc && doc.workspaceId === workspaceId ? doc.title : null);
        }
        return titles.get(sourceId)!;
      };
      // The title and headings count: a question naming the page a passage is on matches it.
      const matches: FoundChunk[] = [];
      for (const c of fullText) {
        const words = `${(await titleOf(c.sourceId)) ?? ''} ${c.headingPath.join(' ')} ${c.text}`;
        if (matchedShare(terms, words) >= MIN_TERM_SHARE) matches.push(c);
      }
      const fused = fuseByReciprocalRank([matches, cosine], k + CANDIDATES);
      const passages: Passage[] = [];
      for (const c of fused) {
        const sourceTitle = await titleOf(c.sourceId);
        // A source deleted (or of another workspace) is never answered, whatever its chunks' state.
        if (sourceTitle === null) continue;
        passages.push({
          chunkId: c.chunkId,
          sourceId: c.sourceId,
          sourceTitle,
          url: c.url,
          page: c.page,
          headingPath: c.headingPath,
          text: c.text,
          score: c.score,
        });
        if (passages.length >= k) break;
      }
      return passages;
    },
  };
}

/**
 * The embedding store in SQL, on PostgreSQL and the embedded PGlite store alike: one row per
 * chunk and embedding space with its vector as float32 bytes (`bytea`: a quarter of the size of
 * a `float4[]` in text, and read without parsing), and one row per source and space recording
 * which chunk revision the set was made from, or why embedding it failed.
 *
 * A vector row references its chunk (ON DELETE CASCADE): the transaction that replaces or
 * removes a source's chunks (sqlChunkStore.ts) drops their vectors with them, so a search never
 * pairs new text with an old vector. A set is stored in one transaction that holds the source's
 * revision row, so it lands only on the chunks it was made from.
 *
 * Cosine is scored in the service (vectorScan.ts): each source's vectors are read once and kept
 * in memory as bytes and sign codes (about 1.25 bytes a number: 50,000 vectors of 1,536 numbers
 * in 96 MB), least recently used first out past `cacheBytes`. A search scores every vector by
 * its sign code and ranks the best few hundred by their bytes, so its cost grows by a few
 * popcounts a vector, not 1,536 multiplications (bench/README.md, Knowledge retrieval).
 *
 * The cache stays right with several instances: every search first reads, in SQL, the current
 * generation of each set asked (a set's generation is new each time it is stored or failed,
 * and a set made from chunks no longer stored is not current), and rereads a set whose cached
 * generation differs. A re-index, a replaced source or a deleted one is therefore seen by every
 * instance on its next search; this instance also drops its copy at once.
 * Far beyond about 100,000 chunks an agent searches, a pgvector adapter (an HNSW index answering
 * `nearest` in the database) takes this one's place behind the same port.
 */
import type { SqlClient, SqlQueryable } from '../sql/sqlClient.js';
import type { EmbeddingSetState, EmbeddingSpace, EmbeddingStore, SimilarChunk } from './embeddingStore.js';
import { bytesOf, nearestRows, type VectorSet, vectorSetOf } from './vectorScan.js';
import { applySchema } from '../sql/applySchema.js';

export const EMBEDDING_SCHEMA = `
CREATE SEQUENCE IF NOT EXISTS knowledge_embedding_generations;
CREATE TABLE IF NOT EXISTS knowledge_embedding_sets (
  source_id      TEXT NOT NULL,
  connection_id  TEXT NOT NULL,
  model          TEXT NOT NULL,
  workspace_id   TEXT NOT NULL,
  revision       INTEGER NOT NULL,
  generation     BIGINT NOT NULL,
  vectors        INTEGER NOT NULL,
  error          TEXT,
  updated_at     TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (source_id, connection_id, model)
);
CREATE TABLE IF NOT EXISTS knowledge_embeddings (
  chunk_id       TEXT NOT NULL REFERENCES knowledge_chunks (id) ON DELETE CASCADE,
  connection_id  TEXT NOT NULL,
  model          TEXT NOT NULL,
  source_id      TEXT NOT NULL,
  vector         BYTEA NOT NULL,
  PRIMARY KEY (chunk_id, connection_id, model)
);
CREATE INDEX IF NOT EXISTS knowledge_embeddings_source ON knowledge_embeddings (source_id, connection_id, model);
`;

/** Rows per INSERT (3 parameters each). */
const ROWS_PER_INSERT = 500;
/** Bytes of vectors kept in memory by default: 128 MB, about 70,000 vectors of 1,536 numbers. */
export const DEFAULT_CACHE_BYTES = 128 * 1024 * 1024;

export interface SqlEmbeddingStoreOptions {
  /** The most bytes of vectors kept in memory between searches (about 1.25 bytes a number). */
  cacheBytes?: number;
  clock?: () => Date;
}

/** A source's vectors in one space, as read, and the generation of the set they were read at. */
interface LoadedSet extends VectorSet {
  generation: string;
}

const bytesOfVector = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/** Float32 bytes as read from either driver (a Buffer or a Uint8Array), copied so they are aligned. */
function floatsOf(bytes: Uint8Array): Float32Array {
  return new Float32Array(new Uint8Array(bytes).buffer);
}

async function dropSet(tx: SqlQueryable, sourceId: string, space: EmbeddingSpace) {
  await tx.query(`DELETE FROM knowledge_embeddings WHERE source_id = $1 AND connection_id = $2 AND model = $3`, [
    sourceId,
    space.connectionId,
    space.model,
  ]);
}

/** Takes the source's revision row (shared: chunk replacements wait) and answers whether it is `revision`. */
async function holdsRevision(tx: SqlQueryable, sourceId: string, revision: number): Promise<boolean> {
  const { rows } = await tx.query<{ revision: number }>(
    `SELECT revision FROM knowledge_chunk_revisions WHERE source_id = $1 FOR SHARE`,
    [sourceId],
  );
  return rows[0]?.revision === revision;
}

async function recordSet(
  tx: SqlQueryable,
  workspaceId: string,
  sourceId: string,
  revision: number,
  space: EmbeddingSpace,
  vectors: number,
  error: string | null,
  at: Date,
) {
  await tx.query(
    `INSERT INTO knowledge_embedding_sets
       (source_id, connection_id, model, workspace_id, revision, generation, vectors, error, updated_at)
     VALUES ($1, $2, $3, $4, $5, nextval('knowledge_embedding_generations'), $6, $7, $8)
     ON CONFLICT (source_id, connection_id, model) DO UPDATE SET
       workspace_id = EXCLUDED.workspace_id, revision = EXCLUDED.revision, generation = EXCLUDED.generation,
       vectors = EXCLUDED.vectors, error = EXCLUDED.error, updated_at = EXCLUDED.updated_at`,
    [sourceId, space.connectionId, space.model, workspaceId, revision, vectors, error, at.toISOString()],
  );
}

export async function createSqlEmbeddingStore(
  sql: SqlClient,
  options: SqlEmbeddingStoreOptions = {},
): Promise<EmbeddingStore> {
  await applySchema(sql, EMBEDDING_SCHEMA);
  const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
  const clock = options.clock ?? (() => new Date());
  // Insertion order is recency: a hit is re-inserted, so the first key is the least recently used.
  const cache = new Map<string, LoadedSet>();
  let cachedBytes = 0;
  const cacheKey = (sourceId: string, space: EmbeddingSpace) => `${sourceId}\n${space.connectionId}\n${space.model}`;
  const forget = (key: string) => {
    const set = cache.get(key);
    if (!set) return;
    cachedBytes -= bytesOf(set);
    cache.delete(key);
  };
  const keep = (key: string, set: LoadedSet) => {
    forget(key);
    cache.set(key, set);
    cachedBytes += bytesOf(set);
    while (cachedBytes > cacheBytes && cache.size > 1) forget(cache.keys().next().value!);
  };

  /** The current sets of the sources in the space: those made from the chunks stored now. */
  async function currentSets(sourceIds: readonly string[], space: EmbeddingSpace, workspaceId: string) {
    const { rows } = await sql.query<{ source_id: string; generation: string | number }>(
      `SELECT s.source_id, s.generation
         FROM knowledge_embedding_sets s
         JOIN knowledge_chunk_revisions r ON r.source_id = s.source_id AND r.revision = s.revision
        WHERE s.source_id = ANY($1::text[]) AND s.connection_id = $2 AND s.model = $3 AND s.error IS NULL
          AND s.vectors > 0 AND s.workspace_id = $4`,
      [[...sourceIds], space.connectionId, space.model, workspaceId],
    );
    return rows.map((r) => ({ sourceId: r.source_id, generation: String(r.generation) }));
  }

  /** Reads the sets not cached at their generation, in one query. */
  async function load(sets: Array<{ sourceId: string; generation: string }>, space: EmbeddingSpace) {
    const loaded: LoadedSet[] = [];
    const stale = sets.filter((s) => {
      const key = cacheKey(s.sourceId, space);
      const hit = cache.get(key);
      if (hit?.generation !== s.generation) return true;
      keep(key, hit);
      loaded.push(hit);
      return false;
    });
    if (stale.length === 0) return loaded;
    const { rows } = await sql.query<{ source_id: string; chunk_id: string; vector: Uint8Array }>(
      `SELECT source_id, chunk_id, vector FROM knowledge_embeddings
        WHERE source_id = ANY($1::text[]) AND connection_id = $2 AND model = $3
        ORDER BY source_id, chunk_id`,
      [stale.map((s) => s.sourceId), space.connectionId, space.model],
    );
    const bySource = new Map<string, Array<{ chunk_id: string; vector: Uint8Array }>>();
    for (const row of rows) {
      const list = bySource.get(row.source_id) ?? [];
      list.push(row);
      bySource.set(row.source_id, list);
    }
    for (const { sourceId, generation } of stale) {
      const rows = (bySource.get(sourceId) ?? []).map((r) => ({ chunkId: r.chunk_id, vector: floatsOf(r.vector) }));
      const vectors = vectorSetOf(rows);
      if (!vectors) continue;
      const set: LoadedSet = { ...vectors, generation };
      keep(cacheKey(sourceId, space), set);
      loaded.push(set);
    }
    return loaded;
  }

  return {
    async replace(workspaceId, sourceId, revision, space, vectors) {
      const stored = await sql.transaction(async (tx) => {
        if (!(await holdsRevision(tx, sourceId, revision))) return false;
        await dropSet(tx, sourceId, space);
        for (let start = 0; start < vectors.length; start += ROWS_PER_INSERT) {
          const rows = vectors.slice(start, start + ROWS_PER_INSERT);
          const params: unknown[] = [space.connectionId, space.model, sourceId];
          const values = rows.map((v) => {
            params.push(v.chunkId, bytesOfVector(v.vector));
            return `($${params.length - 1}, $1, $2, $3, $${params.length})`;
          });
          await tx.query(
            `INSERT INTO knowledge_embeddings (chunk_id, connection_id, model, source_id, vector) VALUES ${values.join(', ')}`,
            params,
          );
        }
        await recordSet(tx, workspaceId, sourceId, revision, space, vectors.length, null, clock());
        return true;
      });
      forget(cacheKey(sourceId, space));
      return stored;
    },

    async recordFailure(workspaceId, sourceId, revision, space, reason) {
      await sql.transaction(async (tx) => {
        if (!(await holdsRevision(tx, sourceId, revision))) return;
        await dropSet(tx, sourceId, space);
        await recordSet(tx, workspaceId, sourceId, revision, space, 0, reason, clock());
      });
      forget(cacheKey(sourceId, space));
    },

    async chunksToEmbed(sourceId) {
      return sql.transaction(async (tx) => {
        const { rows: revisions } = await tx.query<{ revision: number }>(
          `SELECT revision FROM knowledge_chunk_revisions WHERE source_id = $1`,
          [sourceId],
        );
        const { rows } = await tx.query<{ id: string; heading_path: string[] | string; body: string }>(
          `SELECT id, heading_path, body FROM knowledge_chunks WHERE source_id = $1 ORDER BY ordinal`,
          [sourceId],
        );
        if (revisions.length === 0 || rows.length === 0) return null;
        return {
          revision: revisions[0]!.revision,
          chunks: rows.map((r) => ({
            chunkId: r.id,
            headingPath: typeof r.heading_path === 'string' ? JSON.parse(r.heading_path) : r.heading_path,
            text: r.body,
          })),
        };
      });
    },

    async unembedded(sourceIds, space, retryFailedBefore) {
      if (sourceIds.length === 0) return [];
      const { rows } = await sql.query<{ source_id: string }>(
        `SELECT r.source_id
           FROM knowledge_chunk_revisions r
           LEFT JOIN knowledge_embedding_sets s
             ON s.source_id = r.source_id AND s.connection_id = $2 AND s.model = $3
          WHERE r.source_id = ANY($1::text[])
            AND EXISTS (SELECT 1 FROM knowledge_chunks c WHERE c.source_id = r.source_id)
            AND (s.source_id IS NULL OR s.revision <> r.revision OR (s.error IS NOT NULL AND s.updated_at < $4))
          ORDER BY r.source_id`,
        [[...sourceIds], space.connectionId, space.model, retryFailedBefore.toISOString()],
      );
      return rows.map((r) => r.source_id);
    },

    async nearest(workspaceId, sourceIds, space, queryVector, k) {
      if (sourceIds.length === 0 || k <= 0) return [];
      const current = await currentSets(sourceIds, space, workspaceId);
      if (current.length === 0) return [];
      const [vector, sets] = await Promise.all([queryVector(), load(current, space)]);
      if (vector === null) return [];
      const top = nearestRows(sets, vector, Math.min(Math.floor(k), 100));
      if (top.length === 0) return [];
      const similarity = new Map(top.map((t) => [t.set.chunkIds[t.row]!, t.score]));
      const { rows } = await sql.query<{
        id: string;
        source_id: string;
        ordinal: number;
        heading_path: string[] | string;
        body: string;
        url: string | null;
        page: number | null;
      }>(
        `SELECT id, source_id, ordinal, heading_path, body, url, page FROM knowledge_chunks
          WHERE id = ANY($1::text[]) AND workspace_id = $2`,
        [[...similarity.keys()], workspaceId],
      );
      return rows
        .map(
          (r): SimilarChunk => ({
            chunkId: r.id,
            sourceId: r.source_id,
            ordinal: r.ordinal,
            headingPath: typeof r.heading_path === 'string' ? JSON.parse(r.heading_path) : r.heading_path,
            text: r.body,
            url: r.url,
            page: r.page,
            score: similarity.get(r.id)!,
            similarity: similarity.get(r.id)!,
          }),
        )
        .sort((a, b) => b.similarity - a.similarity || a.chunkId.localeCompare(b.chunkId));
    },

    async keepOnly(spaces) {
      const kept = new Set(spaces.map((s) => `${s.connectionId}\n${s.model}`));
      const { rows } = await sql.query<{ connection_id: string; model: string }>(
        `SELECT DISTINCT connection_id, model FROM knowledge_embedding_sets`,
      );
      for (const row of rows) {
        if (kept.has(`${row.connection_id}\n${row.model}`)) continue;
        await sql.transaction(async (tx) => {
          const params = [row.connection_id, row.model];
          await tx.query(`DELETE FROM knowledge_embeddings WHERE connection_id = $1 AND model = $2`, params);
          await tx.query(`DELETE FROM knowledge_embedding_sets WHERE connection_id = $1 AND model = $2`, params);
        });
        for (const key of [...cache.keys()]) if (key.endsWith(`\n${row.connection_id}\n${row.model}`)) forget(key);
      }
    },

    async states(sourceId) {
      const { rows } = await sql.query<{
        connection_id: string;
        model: string;
        revision: number;
        vectors: number;
        error: string | null;
        updated_at: Date | string;
      }>(
        `SELECT connection_id, model, revision, vectors, error, updated_at FROM knowledge_embedding_sets
          WHERE source_id = $1 ORDER BY connection_id, model`,
        [sourceId],
      );
      return rows.map(
        (r): EmbeddingSetState => ({
          connectionId: r.connection_id,
          model: r.model,
          revision: r.revision,
          vectors: r.vectors,
          error: r.error,
          updatedAt: new Date(r.updated_at).toISOString(),
        }),
      );
    },
  };
}

/**
 * The chunk store in SQL: one row per chunk with a stored `tsvector` (source title and heading
 * path weighted above the text) under a GIN index, the same on PostgreSQL and the embedded
 * PGlite store. A source's chunks are swapped in one transaction, guarded by the revision the
 * job indexed, so nothing is ever half indexed and a superseded job cannot overwrite a newer one.
 *
 * A search never reads the table for its candidates: the GIN index yields them, strictest query
 * first (fullTextQuery.ts), at most RANKED_AT_MOST, and only those are ranked. The planner would
 * otherwise scan the table whenever a question's words are common, detoasting and ranking every
 * match (seconds at 100,000 chunks: bench/README.md, Knowledge retrieval); the candidates come
 * from `knowledge_search_candidates_v2`, run with sequential and plain index scans off. It is
 * created only when missing (as confab_raise: two processes starting at once would both write
 * its catalogue row), so a change to it takes a new name. The index's `fastupdate` is off: a
 * search never scans a pending list of fresh rows. The workspace and sources are checked on the
 * rows the index yields, so other workspaces' matches for common words cost their reading
 * (bench/README.md; a `btree_gin` index on workspace and text would scope inside the index).
 *
 * The text search configuration is `english` (stemming, stop words) for document and query
 * alike, so words of other languages still match themselves (stemmed the same way on both sides).
 */
import type { SqlClient, SqlQueryable } from '../sql/sqlClient.js';
import { queryWords } from '../../domain/knowledge/queryTerms.js';
import type { ChunkStore, ChunkToStore, FoundChunk } from './chunkStore.js';
import { searchTiers } from './fullTextQuery.js';
import { applySchema } from '../sql/applySchema.js';

export const CHUNK_SCHEMA = `
CREATE TABLE IF NOT EXISTS knowledge_chunks (
  id            TEXT PRIMARY KEY,
  workspace_id  TEXT NOT NULL,
  source_id     TEXT NOT NULL,
  ordinal       INTEGER NOT NULL,
  heading_path  JSONB NOT NULL,
  body          TEXT NOT NULL,
  url           TEXT,
  page          INTEGER,
  search        TSVECTOR NOT NULL
);
CREATE INDEX IF NOT EXISTS knowledge_chunks_search ON knowledge_chunks USING GIN (search) WITH (fastupdate = off);
DO $do$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE oid = to_regclass('knowledge_chunks_search')
                  AND 'fastupdate=off' = ANY (reloptions)) THEN
    ALTER INDEX knowledge_chunks_search SET (fastupdate = off);
  END IF;
END $do$;
CREATE INDEX IF NOT EXISTS knowledge_chunks_source ON knowledge_chunks (source_id, ordinal);
CREATE INDEX IF NOT EXISTS knowledge_chunks_workspace ON knowledge_chunks (workspace_id);
CREATE TABLE IF NOT EXISTS knowledge_chunk_revisions (
  source_id  TEXT PRIMARY KEY,
  revision   INTEGER NOT NULL
);
DO $do$ BEGIN
  IF to_regprocedure('knowledge_search_candidates_v2(text, text[], text[], text, integer)') IS NULL THEN
    CREATE FUNCTION knowledge_search_candidates_v2(
      workspace text, sources text[], tiers text[], rank text, cap integer
    ) RETURNS TABLE (id text, source_id text, ordinal integer, score real)
    LANGUAGE plpgsql STABLE
    SET enable_seqscan = off SET enable_indexscan = off
    AS $$
    DECLARE
      rank_query tsquery := to_tsquery('english', rank);
      tier tsquery;
      tier_text text;
      earlier tsquery := NULL;
      found integer := 0;
      n integer;
    BEGIN
      FOREACH tier_text IN ARRAY tiers LOOP
        tier := to_tsquery('english', tier_text);
        RETURN QUERY
          SELECT c.id, c.source_id, c.ordinal, ts_rank_cd(c.search, rank_query, 1)
            FROM knowledge_chunks c
           WHERE c.search @@ tier AND c.workspace_id = workspace
             AND (sources IS NULL OR c.source_id = ANY (sources))
             AND (earlier IS NULL OR NOT c.search @@ earlier)
           LIMIT cap - found;
        GET DIAGNOSTICS n = ROW_COUNT;
        found := found + n;
        EXIT WHEN found >= cap;
        earlier := CASE WHEN earlier IS NULL THEN tier ELSE earlier || tier END;
      END LOOP;
    END $$;
  END IF;
END $do$;
`;

/** The revision a removed source is left at: higher than any job's. */
const REMOVED = 2_147_483_647;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (8 per row). */
const ROWS_PER_INSERT = 500;
const VECTOR = `setweight(to_tsvector('english', $T), 'A') || setweight(to_tsvector('english', $B), 'B')`;

/**
 * Passages ranked per search at most: enough that the best of a question's matches are among
 * them, few enough that ranking them stays a few milliseconds (bench/README.md, Knowledge
 * retrieval).
 */
export const RANKED_AT_MOST = 200;

async function insertChunks(tx: SqlQueryable, workspaceId: string, sourceId: string, chunks: readonly ChunkToStore[]) {
  for (let start = 0; start < chunks.length; start += ROWS_PER_INSERT) {
    const rows = chunks.slice(start, start + ROWS_PER_INSERT);
    const params: unknown[] = [];
    const values = rows.map((c) => {
      const at = params.length;
      const heading = [c.sourceTitle, ...c.headingPath].join(' ');
      params.push(`${sourceId}:${c.ordinal}`, c.ordinal, JSON.stringify(c.headingPath), c.text, c.url, c.page, heading);
      const vector = VECTOR.replaceAll('$T', `$${at + 7}::text`).replaceAll('$B', `$${at + 4}::text`);
      return `($${at + 1}, $W, $S, $${at + 2}, $${at + 3}::jsonb, $${at + 4}, $${at + 5}, $${at + 6}::integer, ${vector})`;
    });
    const w = params.length + 1;
    params.push(workspaceId, sourceId);
    await tx.query(
      `INSERT INTO knowledge_chunks (id, workspace_id, source_id, ordinal, heading_path, body, url, page, search) VALUES ${values
        .join(', ')
        .replaceAll('$W', `$${w}`)
        .replaceAll('$S', `$${w + 1}`)}`,
      params,
    );
  }
}

export async function createSqlChunkStore(sql: SqlClient): Promise<ChunkStore> {
  await applySchema(sql, CHUNK_SCHEMA);
  return {
    async replace(workspaceId, sourceId, revision, chunks) {
      return sql.transaction(async (tx) => {
        // The guard row is taken first and locked: two jobs of one source replace one after the other.
        await tx.query(
          `INSERT INTO knowledge_chunk_revisions (source_id, revision) VALUES ($1, 0) ON CONFLICT (source_id) DO NOTHING`,
          [sourceId],
        );
        const { rows } = await tx.query<{ revision: number }>(
          `SELECT revision FROM knowledge_chunk_revisions WHERE source_id = $1 FOR UPDATE`,
          [sourceId],
        );
        if (rows[0]!.revision > revision) return false;
        await tx.query(`DELETE FROM knowledge_chunks WHERE source_id = $1`, [sourceId]);
        await insertChunks(tx, workspaceId, sourceId, chunks);
        await tx.query(`UPDATE knowledge_chunk_revisions SET revision = $2 WHERE source_id = $1`, [sourceId, revision]);
        return true;
      });
    },
    async remove(sourceId) {
      await sql.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO knowledge_chunk_revisions (source_id, revision) VALUES ($1, $2)
           ON CONFLICT (source_id) DO UPDATE SET revision = $2`,
          [sourceId, REMOVED],
        );
        await tx.query(`DELETE FROM knowledge_chunks WHERE source_id = $1`, [sourceId]);
      });
    },
    async search(workspaceId, sourceIds, query, k, match) {
      const words = match ? match.words : queryWords(query);
      const tiers = searchTiers(words, match ? match.atLeast : 1);
      if (tiers === null || k <= 0 || (sourceIds !== null && sourceIds.length === 0)) return [];
      const limit = Math.min(Math.floor(k), 100);
      const params = [
        workspaceId,
        sourceIds === null ? null : [...sourceIds],
        tiers.tiers,
        tiers.rank,
        Math.max(RANKED_AT_MOST, limit),
        limit,
      ];
      const { rows } = await sql.query<{
        id: string;
        source_id: string;
        ordinal: number;
        heading_path: string[] | string;
        body: string;
        url: string | null;
        page: number | null;
        score: number;
      }>(
        `SELECT c.id, c.source_id, c.ordinal, c.heading_path, c.body, c.url, c.page, best.score
           FROM (SELECT * FROM knowledge_search_candidates_v2($1, $2::text[], $3::text[], $4, $5)
                  ORDER BY score DESC, source_id, ordinal LIMIT $6) AS best
           JOIN knowledge_chunks c ON c.id = best.id
          ORDER BY best.score DESC, best.source_id, best.ordinal`,
        params,
      );
      return rows.map(
        (r): FoundChunk => ({
          chunkId: r.id,
          sourceId: r.source_id,
          ordinal: r.ordinal,
          headingPath: typeof r.heading_path === 'string' ? JSON.parse(r.heading_path) : r.heading_path,
          text: r.body,
          url: r.url,
          page: r.page,
          score: Number(r.score),
        }),
      );
    },
    async count(sourceId) {
      const { rows } = await sql.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM knowledge_chunks WHERE source_id = $1`,
        [sourceId],
      );
      return Number(rows[0]!.n);
    },
  };
}

/**
 * The chunk store in SQL: one row per chunk with a stored `tsvector` (source title and heading
 * path weighted above the text) under a GIN index, the same on PostgreSQL and the embedded
 * PGlite store. A source's chunks are swapped in one transaction, guarded by the revision the
 * job indexed, so nothing is ever half indexed and a superseded job cannot overwrite a newer one.
 *
 * The text search configuration is `english` (stemming, stop words) for document and query
 * alike, so words of other languages still match themselves (stemmed the same way on both sides).
 */
import type { SqlClient, SqlQueryable } from '../sql/sqlClient.js';
import type { ChunkStore, ChunkToStore, FoundChunk } from './chunkStore.js';

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
CREATE INDEX IF NOT EXISTS knowledge_chunks_search ON knowledge_chunks USING GIN (search);
CREATE INDEX IF NOT EXISTS knowledge_chunks_source ON knowledge_chunks (source_id, ordinal);
CREATE INDEX IF NOT EXISTS knowledge_chunks_workspace ON knowledge_chunks (workspace_id);
CREATE TABLE IF NOT EXISTS knowledge_chunk_revisions (
  source_id  TEXT PRIMARY KEY,
  revision   INTEGER NOT NULL
);
`;

/** The revision a removed source is left at: higher than any job's. */
const REMOVED = 2_147_483_647;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (8 per row). */
const ROWS_PER_INSERT = 500;
/** Words of a query used: a pasted paragraph still searches, without a huge query. */
const MAX_QUERY_WORDS = 64;
/** Word groups one query may OR together before it falls back to single words. */
const MAX_GROUPS = 60;

const VECTOR = `setweight(to_tsvector('english', $T), 'A') || setweight(to_tsvector('english', $B), 'B')`;

/**
 * The query for passages holding at least `atLeast` of `words`: an OR of every group of that
 * many words, each group an AND. It lets the index skip the passages that share a single common
 * word with a long question (most of a help centre shares "order" or "return"), which an OR of
 * single words would all rank. Too many groups (a long question): the plain OR of single words.
 */
export function atLeastQuery(words: readonly string[], atLeast: number): string | null {
  const unique = [...new Set(words.map((w) => w.replace(/'/g, '')).filter(Boolean))].slice(0, MAX_QUERY_WORDS);
  if (unique.length === 0) return null;
  const need = Math.min(Math.max(1, atLeast), unique.length);
  const groups = combinations(unique, need, MAX_GROUPS + 1);
  if (need === 1 || groups.length > MAX_GROUPS) return unique.map((w) => `'${w}'`).join(' | ');
  return groups.map((g) => `(${g.map((w) => `'${w}'`).join(' & ')})`).join(' | ');
}

/** The groups of `size` items in order, stopping once `limit` are found. */
function combinations<T>(items: readonly T[], size: number, limit: number): T[][] {
  const out: T[][] = [];
  const pick = (from: number, chosen: T[]) => {
    if (out.length >= limit) return;
    if (chosen.length === size) {
      out.push(chosen);
      return;
    }
    for (let i = from; i <= items.length - (size - chosen.length); i++) pick(i + 1, [...chosen, items[i]!]);
  };
  pick(0, []);
  return out;
}

/**
 * A query's words as an OR of lexemes (`to_tsquery` input): a question matches the passages that
 * share most of its words, ranked, rather than only those that hold every one of them.
 */
export function orQuery(query: string): string | null {
  const words = (
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  return [...new Set(words)].map((w) => `'${w}'`).join(' | ');
}

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
  await sql.exec(CHUNK_SCHEMA);
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
      const tsQuery = match ? atLeastQuery(match.words, match.atLeast) : orQuery(query);
      if (tsQuery === null || k <= 0 || (sourceIds !== null && sourceIds.length === 0)) return [];
      const params: unknown[] = [workspaceId, tsQuery, Math.min(Math.floor(k), 100)];
      const bySource = sourceIds === null ? '' : `AND c.source_id = ANY($4::text[])`;
      if (sourceIds !== null) params.push([...sourceIds]);
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
        `SELECT c.id, c.source_id, c.ordinal, c.heading_path, c.body, c.url, c.page,
                ts_rank_cd(c.search, q, 1) AS score
           FROM knowledge_chunks c, (SELECT to_tsquery('english', $2) AS q) AS query
          WHERE c.workspace_id = $1 ${bySource} AND c.search @@ q
          ORDER BY score DESC, c.source_id, c.ordinal
          LIMIT $3`,
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

/**
 * What a text or file source holds, kept beside the event log (the events only describe it): the
 * bytes the indexer reads, and reads again on a reindex. Removed with the source.
 */
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export interface SourceContent {
  bytes: Uint8Array;
  /** What the bytes are: text, markdown, html, pdf or docx. */
  format: string;
}

export interface SourceContentStore {
  put(sourceId: string, workspaceId: string, content: SourceContent): Promise<void>;
  get(sourceId: string): Promise<SourceContent | null>;
  remove(sourceId: string): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS knowledge_source_contents (
  source_id     TEXT PRIMARY KEY,
  workspace_id  TEXT NOT NULL,
  format        TEXT NOT NULL,
  bytes         BYTEA NOT NULL,
  stored_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);`;

export async function createSqlSourceContentStore(sql: SqlClient): Promise<SourceContentStore> {
  await applySchema(sql, SCHEMA);
  return {
    async put(sourceId, workspaceId, { bytes, format }) {
      await sql.query(
        `INSERT INTO knowledge_source_contents (source_id, workspace_id, format, bytes) VALUES ($1, $2, $3, $4)
         ON CONFLICT (source_id) DO UPDATE SET format = $3, bytes = $4, stored_at = now()`,
        [sourceId, workspaceId, format, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
      );
    },
    async get(sourceId) {
      const { rows } = await sql.query<{ format: string; bytes: Uint8Array }>(
        `SELECT format, bytes FROM knowledge_source_contents WHERE source_id = $1`,
        [sourceId],
      );
      return rows[0] ? { format: rows[0].format, bytes: new Uint8Array(rows[0].bytes) } : null;
    },
    async remove(sourceId) {
      await sql.query(`DELETE FROM knowledge_source_contents WHERE source_id = $1`, [sourceId]);
    },
  };
}

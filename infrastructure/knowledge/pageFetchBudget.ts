/**
 * Web pages fetched per workspace and UTC day, counted in SQL so every instance shares the
 * count (docs/knowledge.md, Limits). A page is counted before it is fetched: one that fails
 * still cost the site a request.
 */
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export interface PageFetchBudget {
  /** Takes one page of today's budget; false when `limit` pages were fetched today already. */
  take(workspaceId: string, limit: number | null): Promise<boolean>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS knowledge_page_fetches (
  workspace_id  TEXT NOT NULL,
  day           DATE NOT NULL,
  pages         INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, day)
);`;

export async function createSqlPageFetchBudget(sql: SqlClient, clock: () => Date): Promise<PageFetchBudget> {
  await applySchema(sql, SCHEMA);
  return {
    async take(workspaceId, limit) {
      const day = clock().toISOString().slice(0, 10);
      const { rows } = await sql.query<{ pages: number }>(
        `INSERT INTO knowledge_page_fetches (workspace_id, day, pages) VALUES ($1, $2::date, 1)
         ON CONFLICT (workspace_id, day) DO UPDATE SET pages = knowledge_page_fetches.pages + 1
           WHERE $3::integer IS NULL OR knowledge_page_fetches.pages < $3::integer
         RETURNING pages`,
        [workspaceId, day, limit],
      );
      return rows.length > 0 && (limit === null || Number(rows[0]!.pages) <= limit);
    },
  };
}

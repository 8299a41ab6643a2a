/**
 * The indexing jobs of knowledge sources, durable in SQL: one row per source holding the revision
 * to build. A job is claimed under a lease with a row lock (FOR UPDATE SKIP LOCKED), so two
 * workers never run the same one, and one whose worker died (its lease ran out) is claimed again
 * after a restart. The lease is short and renewed while the job runs, so a job of a process that
 * was killed runs again within a lease's length, while a long job of a live one is never taken. A new revision enqueued while a job runs replaces the row, and the running
 * worker's finish, no longer matching it, changes nothing: the new revision runs next.
 *
 * A source's row stays (done) after its job, until the source is deleted and everything it held
 * is gone: the rows list every source that may have left something behind, which the sweep of
 * deleted sources (dispatchers/knowledge/deletedSourceSweep.ts) walks.
 */
import type { SqlClient } from '../sql/sqlClient.js';
import { applySchema } from '../sql/applySchema.js';

export interface KnowledgeJob {
  sourceId: string;
  workspaceId: string;
  revision: number;
  /** Runs of this revision started so far, this one included. */
  attempts: number;
}

export interface KnowledgeJobs {
  /** Asks for `revision` of the source to be built (a lower or equal revision already asked is kept). */
  enqueue(sourceId: string, workspaceId: string, revision: number): Promise<void>;
  claim(lease: string, limit: number, leaseMs: number): Promise<KnowledgeJob[]>;
  /** Extends the lease of every job `lease` holds to `leaseMs` from now. */
  renew(lease: string, leaseMs: number): Promise<void>;
  /** The job is done (built, failed for good, or no longer current). */
  finish(job: KnowledgeJob, lease: string): Promise<void>;
  /** Runs the job again after `delayMs` (a failure that may pass). */
  retryLater(job: KnowledgeJob, lease: string, delayMs: number): Promise<void>;
  /** The revision each of these sources has a job row for (absent: none). */
  revisionsOf(sourceIds: readonly string[]): Promise<Map<string, number>>;
  remove(sourceId: string): Promise<void>;
  /** The sources with a job row, by id, the `limit` after `after` (null: from the first). */
  sourceIds(after: string | null, limit: number): Promise<string[]>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS knowledge_jobs (
  source_id        TEXT PRIMARY KEY,
  workspace_id     TEXT NOT NULL,
  revision         INTEGER NOT NULL,
  status           TEXT NOT NULL DEFAULT 'pending',
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  lease            TEXT,
  locked_until     TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS knowledge_jobs_due ON knowledge_jobs (status, next_attempt_at);`;

interface JobRow {
  source_id: string;
  workspace_id: string;
  revision: number;
  attempts: number;
}

export async function createSqlKnowledgeJobs(sql: SqlClient): Promise<KnowledgeJobs> {
  await applySchema(sql, SCHEMA);
  return {
    async enqueue(sourceId, workspaceId, revision) {
      await sql.query(
        `INSERT INTO knowledge_jobs (source_id, workspace_id, revision) VALUES ($1, $2, $3)
         ON CONFLICT (source_id) DO UPDATE
           SET revision = $3, status = 'pending', attempts = 0, next_attempt_at = now(), lease = NULL, locked_until = NULL
         WHERE knowledge_jobs.revision < $3`,
        [sourceId, workspaceId, revision],
      );
    },
    async claim(lease, limit, leaseMs) {
      const { rows } = await sql.query<JobRow>(
        `UPDATE knowledge_jobs SET status = 'running', lease = $1, attempts = attempts + 1,
                locked_until = now() + ($3::integer * interval '1 millisecond')
          WHERE source_id IN (
            SELECT source_id FROM knowledge_jobs
             WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'running' AND locked_until < now())
             ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING source_id, workspace_id, revision, attempts`,
        [lease, limit, leaseMs],
      );
      return rows.map((r) => ({
        sourceId: r.source_id,
        workspaceId: r.workspace_id,
        revision: Number(r.revision),
        attempts: Number(r.attempts),
      }));
    },
    async renew(lease, leaseMs) {
      await sql.query(
        `UPDATE knowledge_jobs SET locked_until = now() + ($2::integer * interval '1 millisecond')
          WHERE status = 'running' AND lease = $1`,
        [lease, leaseMs],
      );
    },
    async finish(job, lease) {
      await sql.query(
        `UPDATE knowledge_jobs SET status = 'done', lease = NULL, locked_until = NULL
          WHERE source_id = $1 AND revision = $2 AND lease = $3`,
        [job.sourceId, job.revision, lease],
      );
    },
    async retryLater(job, lease, delayMs) {
      await sql.query(
        `UPDATE knowledge_jobs SET status = 'pending', lease = NULL, locked_until = NULL,
                next_attempt_at = now() + ($4::integer * interval '1 millisecond')
          WHERE source_id = $1 AND revision = $2 AND lease = $3`,
        [job.sourceId, job.revision, lease, delayMs],
      );
    },
    async revisionsOf(sourceIds) {
      if (sourceIds.length === 0) return new Map();
      const { rows } = await sql.query<{ source_id: string; revision: number }>(
        `SELECT source_id, revision FROM knowledge_jobs WHERE source_id = ANY($1::text[])`,
        [[...sourceIds]],
      );
      return new Map(rows.map((r) => [r.source_id, Number(r.revision)]));
    },
    async remove(sourceId) {
      await sql.query(`DELETE FROM knowledge_jobs WHERE source_id = $1`, [sourceId]);
    },
    async sourceIds(after, limit) {
      const { rows } = await sql.query<{ source_id: string }>(
        `SELECT source_id FROM knowledge_jobs WHERE $1::text IS NULL OR source_id > $1 ORDER BY source_id LIMIT $2`,
        [after, limit],
      );
      return rows.map((r) => r.source_id);
    },
  };
}

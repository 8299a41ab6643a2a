/**
 * The webhook dispatcher's operational tables (DESIGN.md, decision 9), on the service's SQL database
 * (the webhooks themselves are read from the `webhooks` view, their one read model):
 *  - webhook_deliveries: durable jobs (one per webhook and event), claimed with row locks
 *    (deliveryClaims.ts);
 *  - webhook_delivery_attempts: the delivery log, kept 30 days;
 *  - webhook_dispatcher_checkpoint: the dispatcher's position in the event log.
 * Jobs and the checkpoint are written in one transaction, so each event fans out exactly once.
 */
import type { SqlClient, SqlQueryable } from '../../infrastructure/sql/sqlClient.js';

export const DELIVERY_SCHEMA = `
DROP TABLE IF EXISTS webhook_subscriptions;
DROP TABLE IF EXISTS webhook_deleted_chatbots;
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id              TEXT PRIMARY KEY,
  webhook_id      TEXT NOT NULL,
  workspace_id    TEXT NOT NULL DEFAULT '',
  event_id        TEXT NOT NULL,
  event_name      TEXT NOT NULL,
  body            TEXT NOT NULL,
  occurred_at     TIMESTAMPTZ NOT NULL,
  enqueued_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  attempts        INTEGER NOT NULL DEFAULT 0,
  status          TEXT NOT NULL DEFAULT 'pending',
  next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  lease           TEXT,
  locked_until    TIMESTAMPTZ,
  finished_at     TIMESTAMPTZ,
  UNIQUE (webhook_id, event_id)
);
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS workspace_id TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS resent_from TEXT;
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_order ON webhook_deliveries (status, next_attempt_at, id);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_by_webhook ON webhook_deliveries (status, webhook_id, next_attempt_at, id);
DROP INDEX IF EXISTS webhook_deliveries_due;
CREATE INDEX IF NOT EXISTS webhook_deliveries_finished ON webhook_deliveries (finished_at);
CREATE TABLE IF NOT EXISTS webhook_delivery_attempts (
  id              BIGSERIAL PRIMARY KEY,
  delivery_id     TEXT NOT NULL,
  webhook_id      TEXT NOT NULL,
  attempt         INTEGER NOT NULL,
  event_name      TEXT NOT NULL,
  request_url     TEXT NOT NULL,
  request_headers JSONB NOT NULL,
  request_body    TEXT NOT NULL,
  success         BOOLEAN NOT NULL,
  status_code     INTEGER,
  response_ms     INTEGER NOT NULL,
  response_body   TEXT,
  error           TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_delivery_attempts_webhook ON webhook_delivery_attempts (webhook_id, created_at);
CREATE INDEX IF NOT EXISTS webhook_delivery_attempts_created ON webhook_delivery_attempts (created_at);
CREATE TABLE IF NOT EXISTS webhook_dispatcher_checkpoint (
  name     TEXT PRIMARY KEY,
  position TEXT NOT NULL
);
INSERT INTO webhook_dispatcher_checkpoint (name, position) VALUES ('webhooks', '') ON CONFLICT (name) DO NOTHING;
`;

export const RETENTION_DAYS = 30;

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  workspaceId: string;
  eventName: string;
  body: string;
  /** Attempts counted so far, this one included (1 = the first delivery). */
  attempts: number;
  lease: string;
}

export interface AttemptRecord {
  attempt: number;
  eventName: string;
  requestUrl: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  success: boolean;
  statusCode: number | null;
  responseMs: number;
  responseBody: string | null;
  error: string | null;
}

export interface DeliveryAttemptRow extends AttemptRecord {
  id: string;
  deliveryId: string;
  webhookId: string;
  createdAt: string;
  /** The delivery this one resends, when it is a resend. */
  resentFrom: string | null;
}

/** Creates the tables; two instances starting at once may race on CREATE, so it retries. */
export async function ensureDeliveryTables(sql: SqlClient): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.exec(DELIVERY_SCHEMA);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

export type DeliveryOutcome = { kind: 'delivered' } | { kind: 'retry'; delayMs: number } | { kind: 'failed' };

/**
 * Ends a claimed attempt and logs it, in one statement (atomic, one round trip instead of four
 * for a transaction). Nothing is written when the lease is no longer ours (the webhook was
 * deleted meanwhile, or the lease ran out and another instance took the job): false then.
 */
export async function finishAttempt(
  sql: SqlClient,
  job: ClaimedDelivery,
  outcome: DeliveryOutcome,
  a: AttemptRecord,
): Promise<boolean> {
  const status = outcome.kind === 'retry' ? 'pending' : outcome.kind;
  const delayMs = outcome.kind === 'retry' ? outcome.delayMs : 0;
  const { rows } = await sql.query(
    `WITH finished AS (
       UPDATE webhook_deliveries
          SET status = $3, lease = NULL, locked_until = NULL,
              next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + ($4::bigint * interval '1 millisecond') ELSE next_attempt_at END,
              finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
        WHERE id = $1 AND lease = $2
       RETURNING id, webhook_id
     )
     INSERT INTO webhook_delivery_attempts
       (delivery_id, webhook_id, attempt, event_name, request_url, request_headers, request_body, success, status_code, response_ms, response_body, error)
     SELECT f.id, f.webhook_id, $5::int, $6::text, $7::text, $8::jsonb, $9::text, $10::boolean, $11::int, $12::int, $13::text, $14::text
       FROM finished f
     RETURNING id`,
    [
      job.id,
      job.lease,
      status,
      delayMs,
      a.attempt,
      a.eventName,
      a.requestUrl,
      JSON.stringify(a.requestHeaders),
      a.requestBody,
      a.success,
      a.statusCode,
      a.responseMs,
      a.responseBody,
      a.error,
    ],
  );
  return rows.length > 0;
}

/** A job whose webhook is no longer active is dropped without an attempt. */
export async function cancelDelivery(sql: SqlClient, job: ClaimedDelivery): Promise<void> {
  await sql.query(
    `UPDATE webhook_deliveries SET status = 'cancelled', lease = NULL, locked_until = NULL, finished_at = now() WHERE id = $1 AND lease = $2`,
    [job.id, job.lease],
  );
}

/** Where a page of the log ended: the last row's time and id (ids break ties of one instant). */
export interface LogCursor {
  createdAt: string;
  id: string;
}

export interface ListAttemptsOptions {
  limit?: number;
  /** Rows strictly older than this time (kept for callers that page by time only). */
  before?: string;
  /** Rows after this one in the newest-first order. */
  after?: LogCursor;
  /** Only rows of the last `withinDays` days (the dashboard shows the retention period). */
  withinDays?: number;
}

/** The delivery log of one webhook, newest first (for the dashboard). */
export async function listAttempts(
  sql: SqlQueryable,
  webhookId: string,
  opts: ListAttemptsOptions = {},
): Promise<DeliveryAttemptRow[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
  const args: unknown[] = [webhookId, limit];
  const where = ['a.webhook_id = $1'];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (opts.before) where.push(`a.created_at < ${arg(opts.before)}`);
  if (opts.after) {
    // The cursor's time is to the millisecond (an ISO string); the log's is to the microsecond.
    // Compared as given, it would skip every row logged in the same millisecond before the
    // cursor's row (a burst of attempts cut at once). The row's own time is read by its id;
    // the cursor's time serves only when the row has been purged since.
    const id = arg(opts.after.id);
    where.push(
      `(a.created_at, a.id) < (coalesce((SELECT c.created_at FROM webhook_delivery_attempts c WHERE c.id = ${id}::bigint AND c.webhook_id = $1), ${arg(opts.after.createdAt)}::timestamptz), ${id}::bigint)`,
    );
  }
  if (opts.withinDays) where.push(`a.created_at >= now() - (${arg(opts.withinDays)}::int * interval '1 day')`);
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT a.id::text, a.delivery_id, a.webhook_id, a.attempt, a.event_name, a.request_url, a.request_headers, a.request_body, a.success,
            a.status_code, a.response_ms, a.response_body, a.error, a.created_at, d.resent_from
       FROM webhook_delivery_attempts a LEFT JOIN webhook_deliveries d ON d.id = a.delivery_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT $2`,
    args,
  );
  return rows.map((r) => ({
    id: String(r.id),
    deliveryId: String(r.delivery_id),
    webhookId: String(r.webhook_id),
    attempt: Number(r.attempt),
    eventName: String(r.event_name),
    requestUrl: String(r.request_url),
    requestHeaders: r.request_headers as Record<string, string>,
    requestBody: String(r.request_body),
    success: Boolean(r.success),
    statusCode: r.status_code === null ? null : Number(r.status_code),
    responseMs: Number(r.response_ms),
    responseBody: r.response_body === null ? null : String(r.response_body),
    error: r.error === null ? null : String(r.error),
    createdAt: new Date(r.created_at as string).toISOString(),
    resentFrom: r.resent_from === null || r.resent_from === undefined ? null : String(r.resent_from),
  }));
}

/**
 * When each webhook's latest successful delivery happened, from the delivery log. The webhook
 * view records a success at most once a minute (SUCCESS_RECORD_INTERVAL_MS), so an answer's
 * lastDeliveryAt takes the later of the two. One index probe per webhook (newest first).
 */
export async function latestSuccessfulDeliveries(
  sql: SqlQueryable,
  webhookIds: string[],
): Promise<Map<string, string>> {
  if (webhookIds.length === 0) return new Map();
  const { rows } = await sql.query<{ id: string; at: string | Date | null }>(
    `SELECT w.id, (SELECT a.created_at FROM webhook_delivery_attempts a
                    WHERE a.webhook_id = w.id AND a.success ORDER BY a.created_at DESC LIMIT 1) AS at
       FROM unnest($1::text[]) AS w(id)`,
    [webhookIds],
  );
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.id, new Date(r.at as string).toISOString()]));
}

/** The later of the view's lastDeliveryAt and the log's (ISO strings compare in time order). */
export function laterDelivery(recorded: string | null | undefined, logged: string | undefined): string | null {
  if (!logged) return recorded ?? null;
  return !recorded || logged > recorded ? logged : recorded;
}

/** Whether `deliveryId` is a delivery of `webhookId` still on record (a resend needs its payload). */
export async function deliveryOnRecord(sql: SqlQueryable, webhookId: string, deliveryId: string): Promise<boolean> {
  const { rows } = await sql.query(`SELECT 1 FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2`, [
    deliveryId,
    webhookId,
  ]);
  return rows.length > 0;
}

/** Removes attempts and finished jobs older than the retention period; returns rows removed. */
export async function purgeExpired(sql: SqlClient, days = RETENTION_DAYS): Promise<number> {
  const attempts = await sql.query(
    `DELETE FROM webhook_delivery_attempts WHERE created_at < now() - ($1::int * interval '1 day') RETURNING id`,
    [days],
  );
  const jobs = await sql.query(
    `DELETE FROM webhook_deliveries WHERE finished_at < now() - ($1::int * interval '1 day') RETURNING id`,
    [days],
  );
  return attempts.rows.length + jobs.rows.length;
}

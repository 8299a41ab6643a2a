/**
 * The webhook dispatcher's operational tables (DESIGN.md, decision 9), on the service's SQL database
 * (the webhooks themselves are read from the `webhooks` view, their one read model):
 *  - webhook_deliveries: durable jobs (one per webhook and event), claimed with row locks
 *    (deliveryClaims.ts);
 *  - webhook_delivery_attempts: the delivery log, kept 30 days;
 *  - webhook_dispatcher_checkpoint: the dispatcher's position in the event log.
 * Jobs and the checkpoint are written in one transaction, so each event fans out exactly once.
 */
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import { RETENTION_DAYS, type AttemptRecord } from '../../infrastructure/webhooks/deliveryLogQueries.js';
import { applySchema } from '../../infrastructure/sql/applySchema.js';

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

/** Creates the tables; two instances starting at once may race on CREATE, so it retries. */
export async function ensureDeliveryTables(sql: SqlClient): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applySchema(sql, DELIVERY_SCHEMA);
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

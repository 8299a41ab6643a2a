/**
 * The read side of the webhook delivery log (the tables the dispatcher writes, DESIGN.md §9):
 * a webhook's attempts page by page, each webhook's latest success, and whether a delivery is
 * still on record. The dashboard reads the log through these queries; the dispatcher writes it.
 */
import type { SqlQueryable } from '../sql/sqlClient.js';

/** Attempts and finished deliveries are kept this many days, then purged. */
export const RETENTION_DAYS = 30;

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

/** The delivery log as the HTTP layer reads it, bound to one SQL database. */
export interface DeliveryLog {
  attempts(webhookId: string, opts?: ListAttemptsOptions): Promise<DeliveryAttemptRow[]>;
  latestSuccesses(webhookIds: string[]): Promise<Map<string, string>>;
  onRecord(webhookId: string, deliveryId: string): Promise<boolean>;
}

export function createSqlDeliveryLog(sql: SqlQueryable): DeliveryLog {
  return {
    attempts: (webhookId, opts) => listAttempts(sql, webhookId, opts),
    latestSuccesses: (webhookIds) => latestSuccessfulDeliveries(sql, webhookIds),
    onRecord: (webhookId, deliveryId) => deliveryOnRecord(sql, webhookId, deliveryId),
  };
}

/**
 * The dispatcher's side of the event log: turns each conversation event into one delivery job
 * per matching webhook (its chatbot, an event it listed, status active, created before the
 * event), and drops the jobs and logs of deleted webhooks. A batch and the checkpoint after it
 * commit together, so every event fans out exactly once even with several dispatchers on one
 * database.
 *
 * Subscriptions come from the one read model of webhooks (the `webhooks` view), read once the
 * views include the batch: the view may then be ahead of an event, never behind it, so a
 * webhook created later is left out by its position and one paused or deleted since simply
 * gets nothing (its job would have been cancelled at send time anyway).
 */
import { randomBytes } from 'node:crypto';
import type { RecordedEvent, Position } from '../../infrastructure/eventStore/eventStore.js';
import { comparePositions, positionFromString, positionToString } from '../../infrastructure/eventStore/eventStore.js';
import type { SqlClient, SqlQueryable } from '../../infrastructure/sql/sqlClient.js';
import { toWebhookMessage, type WebhookMessage } from '../../domain/webhooks/webhookEvents.js';
import { asDomainEvent, type RecordedEventOf } from '../../projections/recordedDomainEvent.js';

const CHECKPOINT = 'webhooks';

/** A webhook as fan-out needs it. */
export interface Subscription {
  id: string;
  workspaceId: string;
  status: string;
  events: string[];
  /** Where WebhookCreated sits in the log; absent on views built before it was recorded. */
  createdPosition?: string | null;
}

export type SubscriptionsOf = (chatbotId: string) => Promise<Subscription[]>;

export async function readCheckpoint(sql: SqlQueryable): Promise<Position | null> {
  const { rows } = await sql.query<{ position: string }>(
    `SELECT position FROM webhook_dispatcher_checkpoint WHERE name = $1`,
    [CHECKPOINT],
  );
  return rows[0]?.position ? positionFromString(rows[0].position) : null;
}

export const newDeliveryId = () => `dlv_${randomBytes(12).toString('hex')}`;

function receives(sub: Subscription, message: WebhookMessage, event: RecordedEvent): boolean {
  if (sub.status !== 'active' || !sub.events.includes(message.event)) return false;
  return !sub.createdPosition || comparePositions(positionFromString(sub.createdPosition), event.position) < 0;
}

/** Enqueues the event for every matching webhook; returns how many jobs it made. */
async function fanOut(
  tx: SqlQueryable,
  event: RecordedEvent,
  message: WebhookMessage,
  subscriptions: Subscription[],
): Promise<number> {
  const targets = subscriptions.filter((s) => receives(s, message, event)).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (targets.length === 0) return 0;
  // The exact bytes every attempt will send and sign.
  const body = JSON.stringify(message.payload);
  // One statement for all of the event's webhooks: a round trip per job held a backlog's
  // fan-out behind its deliveries.
  await tx.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_name, body, occurred_at)
     SELECT t.id, t.webhook_id, t.workspace_id, $4::text, $5::text, $6::text, $7::timestamptz
       FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, webhook_id, workspace_id)
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [
      targets.map(() => newDeliveryId()),
      targets.map((sub) => sub.id),
      targets.map((sub) => sub.workspaceId),
      event.id,
      message.event,
      body,
      event.metadata.occurredAt,
    ],
  );
  return targets.length;
}

/** Deleting a webhook deletes its delivery logs, and its pending jobs with them. */
async function forgetWebhook(tx: SqlQueryable, webhookId: string): Promise<void> {
  await tx.query(`DELETE FROM webhook_deliveries WHERE webhook_id = $1`, [webhookId]);
  await tx.query(`DELETE FROM webhook_delivery_attempts WHERE webhook_id = $1`, [webhookId]);
}

/**
 * A resend requested from the dashboard becomes a new job with the source delivery's exact
 * payload (signed afresh when sent); keyed by the request's event id, so it is enqueued once.
 */
async function enqueueResend(
  tx: SqlQueryable,
  event: RecordedEventOf<'WebhookDeliveryResendRequested'>,
): Promise<number> {
  const d = event.data;
  const { rows } = await tx.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event_id, event_name, body, occurred_at, resent_from)
     SELECT $1, webhook_id, workspace_id, $2, event_name, body, occurred_at, id FROM webhook_deliveries WHERE id = $3 AND webhook_id = $4
     ON CONFLICT DO NOTHING RETURNING id`,
    [d.deliveryId, event.id, d.sourceDeliveryId, d.webhookId],
  );
  return rows.length;
}

/** What a batch did: the jobs it enqueued, and whether it wrote anything (and the checkpoint with it). */
export interface BatchOutcome {
  jobs: number;
  committed: boolean;
}

/**
 * Applies one batch. Most events concern no webhook (a chatbot created, a message with no
 * subscriber): a batch without any effect writes nothing, not even the checkpoint, so it costs
 * no round trip; the checkpoint catches up with the next batch that has effects, or
 * `saveCheckpoint` once idle. A batch with effects commits them with the checkpoint, locked and
 * compared with `stored` (the checkpoint as this instance last knew it): null when another
 * instance moved it meanwhile, and the batch is dropped and read again from there. Re-applying
 * an event is harmless anyway (a job is unique per webhook and event).
 */
export async function applyBatch(
  sql: SqlClient,
  stored: Position | null,
  batch: RecordedEvent[],
  subscriptionsOf: SubscriptionsOf,
): Promise<BatchOutcome | null> {
  const messages = batch.map(asDomainEvent).map((event) => ({
    event,
    message: toWebhookMessage(event, event.metadata.occurredAt),
  }));
  // Read outside the transaction: the read store may be another database.
  const subscriptions = new Map<string, Subscription[]>();
  for (const { message } of messages) {
    if (message && !subscriptions.has(message.chatbotId))
      subscriptions.set(message.chatbotId, await subscriptionsOf(message.chatbotId));
  }
  const effective = messages.some(
    ({ event, message }) =>
      event.type === 'WebhookDeleted' ||
      event.type === 'WebhookDeliveryResendRequested' ||
      (message && (subscriptions.get(message.chatbotId) ?? []).some((s) => receives(s, message, event))),
  );
  if (!effective) return { jobs: 0, committed: false };
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ position: string }>(
      `SELECT position FROM webhook_dispatcher_checkpoint WHERE name = $1 FOR UPDATE`,
      [CHECKPOINT],
    );
    const locked = rows[0]?.position ?? '';
    if (locked !== (stored ? positionToString(stored) : '')) return null;
    let jobs = 0;
    for (const { event, message } of messages) {
      if (event.type === 'WebhookDeleted') await forgetWebhook(tx, event.data.webhookId);
      else if (event.type === 'WebhookDeliveryResendRequested') jobs += await enqueueResend(tx, event);
      else if (message) jobs += await fanOut(tx, event, message, subscriptions.get(message.chatbotId) ?? []);
    }
    await tx.query(`UPDATE webhook_dispatcher_checkpoint SET position = $2 WHERE name = $1`, [
      CHECKPOINT,
      positionToString(batch[batch.length - 1].position),
    ]);
    return { jobs, committed: true };
  });
}

/**
 * Records progress made by batches without effects, if the checkpoint is still `stored`.
 * Returns the checkpoint as it now is (another instance's, when it had moved it).
 */
export async function saveCheckpoint(
  sql: SqlQueryable,
  stored: Position | null,
  position: Position,
): Promise<Position | null> {
  const { rows } = await sql.query(
    `UPDATE webhook_dispatcher_checkpoint SET position = $3 WHERE name = $1 AND position = $2 RETURNING 1`,
    [CHECKPOINT, stored ? positionToString(stored) : '', positionToString(position)],
  );
  return rows.length ? position : readCheckpoint(sql);
}

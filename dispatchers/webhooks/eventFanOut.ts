/**
 * The dispatcher's side of the event log: keeps its own copy of the subscriptions and turns
 * each conversation event into one delivery job per matching webhook (its chatbot, an event it
 * listed, status active). A batch and the checkpoint after it commit together, so every event
 * fans out exactly once even with several dispatchers on one database.
 */
import type { RecordedEvent, Position } from '../../infrastructure/eventStore/eventStore.js';
import { positionFromString, positionToString } from '../../infrastructure/eventStore/eventStore.js';
import type { SqlClient, SqlQueryable } from '../../infrastructure/sql/sqlClient.js';
import { toWebhookMessage } from '../../domain/webhooks/webhookEvents.js';
import { newId } from '../../commands/ids.js';

const CHECKPOINT = 'webhooks';

export async function readCheckpoint(sql: SqlQueryable): Promise<Position | null> {
  const { rows } = await sql.query<{ position: string }>(`SELECT position FROM webhook_dispatcher_checkpoint WHERE name = $1`, [CHECKPOINT]);
  return rows[0]?.position ? positionFromString(rows[0].position) : null;
}

export const newDeliveryId = () => `dlv_${newId()}`;

type Data = Record<string, unknown>;

async function applyLifecycle(tx: SqlQueryable, event: RecordedEvent): Promise<void> {
  const d = event.data as Data;
  const id = d.webhookId as string;
  const setStatus = (status: string) => tx.query(`UPDATE webhook_subscriptions SET status = $2 WHERE id = $1`, [id, status]);
  switch (event.type) {
    case 'WebhookCreated':
      await tx.query(
        `INSERT INTO webhook_subscriptions (id, workspace_id, chatbot_id, url, events, secret, status, chatbot_deleted)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, 'active', EXISTS (SELECT 1 FROM webhook_deleted_chatbots WHERE chatbot_id = $3))
         ON CONFLICT (id) DO NOTHING`,
        [id, d.workspaceId, d.chatbotId, d.url, JSON.stringify(d.events), d.secret],
      );
      return;
    case 'WebhookUpdated': {
      const changes = d.changes as { url?: string; events?: string[] };
      if (changes.url !== undefined) await tx.query(`UPDATE webhook_subscriptions SET url = $2 WHERE id = $1`, [id, changes.url]);
      if (changes.events !== undefined) await tx.query(`UPDATE webhook_subscriptions SET events = $2::jsonb WHERE id = $1`, [id, JSON.stringify(changes.events)]);
      return;
    }
    case 'WebhookPaused':
      return void (await setStatus('paused'));
    case 'WebhookActivated':
    case 'WebhookReactivated':
      return void (await setStatus('active'));
    case 'WebhookDisabled':
      return void (await setStatus('failed'));
    case 'WebhookDeleted':
      // Deleting a webhook deletes its delivery logs (seed), and its pending jobs with them.
      await tx.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [id]);
      await tx.query(`DELETE FROM webhook_deliveries WHERE webhook_id = $1`, [id]);
      await tx.query(`DELETE FROM webhook_delivery_attempts WHERE webhook_id = $1`, [id]);
      return;
    case 'ChatbotDeleted':
      // The webhooks themselves are deleted by the worker's sweep, as events on their streams.
      await tx.query(`INSERT INTO webhook_deleted_chatbots (chatbot_id) VALUES ($1) ON CONFLICT DO NOTHING`, [d.chatbotId]);
      await tx.query(`UPDATE webhook_subscriptions SET chatbot_deleted = true WHERE chatbot_id = $1`, [d.chatbotId]);
      return;
  }
}

const LIFECYCLE = new Set(['WebhookCreated', 'WebhookUpdated', 'WebhookPaused', 'WebhookActivated', 'WebhookReactivated', 'WebhookDisabled', 'WebhookDeleted', 'ChatbotDeleted']);

/** Enqueues the event for every matching webhook; returns how many jobs it made. */
async function fanOut(tx: SqlQueryable, event: RecordedEvent): Promise<number> {
  const message = toWebhookMessage(event, event.metadata.occurredAt);
  if (!message) return 0;
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM webhook_subscriptions
      WHERE chatbot_id = $1 AND status = 'active' AND NOT chatbot_deleted AND events ? $2
      ORDER BY id`,
    [message.chatbotId, message.event],
  );
  // The exact bytes every attempt will send and sign.
  const body = JSON.stringify(message.payload);
  for (const row of rows) {
    await tx.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_name, body, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (webhook_id, event_id) DO NOTHING`,
      [newDeliveryId(), row.id, event.id, message.event, body, event.metadata.occurredAt],
    );
  }
  return rows.length;
}

/**
 * Applies one batch read after `from`. Returns null when another instance moved the
 * checkpoint meanwhile (the batch is then dropped and read again), else the jobs enqueued.
 */
export async function applyBatch(sql: SqlClient, from: Position | null, batch: RecordedEvent[]): Promise<number | null> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ position: string }>(`SELECT position FROM webhook_dispatcher_checkpoint WHERE name = $1 FOR UPDATE`, [CHECKPOINT]);
    const locked = rows[0]?.position ?? '';
    if (locked !== (from ? positionToString(from) : '')) return null;
    let jobs = 0;
    for (const event of batch) {
      if (LIFECYCLE.has(event.type)) await applyLifecycle(tx, event);
      else jobs += await fanOut(tx, event);
    }
    await tx.query(`UPDATE webhook_dispatcher_checkpoint SET position = $2 WHERE name = $1`, [CHECKPOINT, positionToString(batch[batch.length - 1].position)]);
    return jobs;
  });
}

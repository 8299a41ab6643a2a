/**
 * The webhook dispatcher worker: two loops over the SQL tables of deliveryStore.
 *  - fan-out: reads the event log after its own checkpoint and enqueues one job per matching
 *    webhook (eventFanOut), reading the subscriptions from the webhooks view;
 *  - delivery (deliveryWorker): claims due jobs with row locks, sends them (webhookSender), logs
 *    each attempt, schedules retries, and records each delivery's final outcome on the webhook
 *    aggregate (failure streak, auto-disable).
 * Both survive restarts: everything they know is in the database.
 */
import { randomUUID } from 'node:crypto';
import type { Observable } from 'rxjs';
import type { EventStore, Position } from '../../infrastructure/eventStore/eventStore.js';
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import type { Logger } from '../../infrastructure/logger.js';
import type { Resolver } from '../../infrastructure/webhooks/addressGuard.js';
import { applyBatch, readCheckpoint, saveCheckpoint, type SubscriptionsOf } from './eventFanOut.js';
import { fanOutSource, type AppliedBatch } from './fanOutSource.js';
import { ensureDeliveryTables, purgeExpired } from './deliveryStore.js';
import { startDeliveryWorker, type WebhookOutcomes, type WebhookTarget } from './deliveryWorker.js';
import { WebhookSender } from './webhookSender.js';

export type { WebhookOutcomes, WebhookTarget } from './deliveryWorker.js';

/** What the dispatcher works with, handed over by the composition root (app/). */
export interface WebhookDispatcherDeps {
  sql: SqlClient;
  events: EventStore;
  logger: Logger;
  clock: () => Date;
  outcomes: WebhookOutcomes;
  subscriptionsOf: SubscriptionsOf;
  webhookOf(webhookId: string): Promise<WebhookTarget>;
  /** Resolves once the views include `position` (fan-out reads subscriptions from them). */
  viewsInclude(position: Position): Promise<void>;
  /** The batches the projection runner applied, handed over so the fan-out need not read the log again. */
  applied$?: Observable<AppliedBatch>;
  /**
   * Whether this instance leads the views (ProjectionRunner.leads): only the leader fans out,
   * from the shared checkpoint; the others only deliver. Without it every instance fans out.
   */
  leads?: () => boolean;
  timeoutMs: number;
  retryDelaysMs: number[];
  allowHosts: readonly string[];
}

/** Tuning, mostly for tests; the defaults are what `npm start` runs. */
export interface WebhookDispatcherOptions {
  /** Idle wait of the fan-out loop between reads of the log (woken early by appends). */
  eventPollMs?: number;
  /** Idle wait of the delivery loop between claims (woken early by new jobs). */
  deliveryPollMs?: number;
  /** Deliveries in flight at once per instance. */
  concurrency?: number;
  /**
   * Deliveries of one webhook in flight at once per instance, so that one slow receiver holds
   * only a share of the pool (deliveryClaims.ts). Default: a fifth of `concurrency`.
   */
  perWebhookConcurrency?: number;
  batchSize?: number;
  /** Extra CA certificates (PEM) for HTTPS; the process-wide NODE_EXTRA_CA_CERTS applies too. */
  certificateAuthority?: string | string[];
  resolver?: Resolver;
  purgeEveryMs?: number;
}

export interface RunningWebhookDispatcher {
  stop(): Promise<void>;
}

/** How often progress over events without effects is recorded (what a restart reads again). */
const CHECKPOINT_EVERY_MS = 1000;

export async function startWebhookDispatcher(
  deps: WebhookDispatcherDeps,
  options: WebhookDispatcherOptions = {},
): Promise<RunningWebhookDispatcher> {
  const { sql, events, logger, clock } = deps;
  const eventPollMs = options.eventPollMs ?? 250;
  const deliveryPollMs = options.deliveryPollMs ?? 500;
  const concurrency = options.concurrency ?? 10;
  const perWebhook = options.perWebhookConcurrency ?? Math.max(1, Math.ceil(concurrency / 5));
  const batchSize = options.batchSize ?? 200;
  const { timeoutMs } = deps;
  const purgeEveryMs = options.purgeEveryMs ?? 60 * 60 * 1000;
  // A send never outlives its lease: the timeout plus room for logging the attempt.
  const leaseMs = timeoutMs + 30_000;
  const lease = randomUUID();

  await ensureDeliveryTables(sql);
  const sender = new WebhookSender({
    timeoutMs,
    allowHosts: deps.allowHosts,
    certificateAuthority: options.certificateAuthority,
    resolver: options.resolver,
  });

  let stopped = false;
  const deliveries = startDeliveryWorker(
    {
      sql,
      logger,
      clock,
      outcomes: deps.outcomes,
      webhookOf: deps.webhookOf,
      sender,
      retryDelaysMs: deps.retryDelaysMs,
    },
    { lease, leaseMs, concurrency, perWebhook, pollMs: deliveryPollMs },
  );

  const source = fanOutSource({
    events,
    viewsInclude: deps.viewsInclude,
    applied$: deps.applied$,
    batchSize,
    pollMs: eventPollMs,
    now: () => clock().getTime(),
  });
  let lastPurge = 0;
  async function eventLoop(): Promise<void> {
    // `from`: where this instance has fanned out to; `stored`: the checkpoint as it last knew
    // it, behind `from` while batches without effects have not been recorded (eventFanOut.ts).
    let stored: Position | null = null;
    let from: Position | null = null;
    let known = false;
    let savedAt = clock().getTime();
    while (!stopped) {
      try {
        if (deps.leads && !deps.leads()) {
          known = false; // when it leads again, it goes on from the shared checkpoint
          await source.sleep(eventPollMs);
          continue;
        }
        if (!known) {
          stored = from = await readCheckpoint(sql);
          known = true;
        }
        const batch = await source.next(from);
        if (batch.length > 0) {
          const outcome = await applyBatch(sql, stored, batch, deps.subscriptionsOf);
          if (!outcome) {
            known = false; // another instance moved the checkpoint: go on from there
            continue;
          }
          from = batch[batch.length - 1].position;
          if (outcome.committed) stored = from;
          if (outcome.jobs) deliveries.wake();
        }
        // Progress over batches without effects, recorded at most once a second, busy or idle.
        const now = clock().getTime();
        if (from && from !== stored && now - savedAt >= CHECKPOINT_EVERY_MS) {
          savedAt = now;
          const actual = await saveCheckpoint(sql, stored, from);
          if (actual !== from) known = false;
          else stored = from;
        }
        if (batch.length > 0) continue;
        if (now - lastPurge >= purgeEveryMs) {
          lastPurge = now;
          const removed = await purgeExpired(sql);
          if (removed) logger.info('webhook delivery log purged', { removed });
        }
      } catch (err) {
        if (stopped) return;
        known = false;
        logger.error('webhook fan-out failed', { error: (err as Error).message });
      }
      await source.sleep(eventPollMs);
    }
  }

  const fanOut = eventLoop();
  return {
    async stop() {
      stopped = true;
      source.wake();
      source.close();
      await Promise.all([fanOut, deliveries.stop()]);
      sender.close();
    },
  };
}

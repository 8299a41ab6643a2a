/**
 * The webhook dispatcher worker: two loops over the SQL tables of deliveryStore.
 *  - fan-out: reads the event log after its own checkpoint and enqueues one job per matching
 *    webhook (eventFanOut), reading the subscriptions from the webhooks view;
 *  - delivery: claims due jobs with row locks, sends them (webhookSender), logs each attempt,
 *    schedules retries, and records each delivery's final outcome on the webhook aggregate
 *    (failure streak, auto-disable).
 * Both survive restarts: everything they know is in the database.
 */
import { randomUUID } from 'node:crypto';
import type { Observable } from 'rxjs';
import type { EventStore, Position } from '../../infrastructure/eventStore/eventStore.js';
import { wakeSignal } from '../../infrastructure/eventStore/wakeSignal.js';
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import type { Logger } from '../../infrastructure/logger.js';
import type { Resolver } from '../../infrastructure/webhooks/addressGuard.js';
import { SUCCESS_RECORD_INTERVAL_MS } from '../../domain/webhooks/webhook.js';
import { nextRetryDelay, parseRetryAfter } from '../../domain/webhooks/retryPolicy.js';
import { applyBatch, readCheckpoint, saveCheckpoint, type SubscriptionsOf } from './eventFanOut.js';
import { fanOutSource, type AppliedBatch } from './fanOutSource.js';
import {
  cancelDelivery,
  claimDueDeliveries,
  ensureDeliveryTables,
  finishAttempt,
  purgeExpired,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from './deliveryStore.js';
import { WebhookSender } from './webhookSender.js';

/** Where a delivery's final outcome goes: the webhook aggregate (failure streak, auto-disable). */
export interface WebhookOutcomes {
  recordFailure(webhookId: string, workspaceId: string, outcome: { deliveryId: string; at: string; statusCode: number | null; error: string; gone: boolean }): Promise<void>;
  recordSuccess(webhookId: string, workspaceId: string, outcome: { deliveryId: string; at: string }): Promise<void>;
}

/** A webhook as a send needs it, from the webhooks view; null when it is gone. */
export type WebhookTarget = { url: string; secret: string; status: string } | null;

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
  batchSize?: number;
  /** Extra CA certificates (PEM) for HTTPS; the process-wide NODE_EXTRA_CA_CERTS applies too. */
  certificateAuthority?: string | string[];
  resolver?: Resolver;
  purgeEveryMs?: number;
}

export interface RunningWebhookDispatcher {
  stop(): Promise<void>;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** How often progress over events without effects is recorded (what a restart reads again). */
const CHECKPOINT_EVERY_MS = 1000;

export async function startWebhookDispatcher(deps: WebhookDispatcherDeps, options: WebhookDispatcherOptions = {}): Promise<RunningWebhookDispatcher> {
  const { sql, events, logger, clock, outcomes } = deps;
  const eventPollMs = options.eventPollMs ?? 250;
  const deliveryPollMs = options.deliveryPollMs ?? 500;
  const concurrency = options.concurrency ?? 10;
  const batchSize = options.batchSize ?? 200;
  const { timeoutMs, retryDelaysMs } = deps;
  const purgeEveryMs = options.purgeEveryMs ?? 60 * 60 * 1000;
  // A send never outlives its lease: the timeout plus room for logging the attempt.
  const leaseMs = timeoutMs + 30_000;
  const lease = randomUUID();

  await ensureDeliveryTables(sql);
  const sender = new WebhookSender({ timeoutMs, allowHosts: deps.allowHosts, certificateAuthority: options.certificateAuthority, resolver: options.resolver });

  let stopped = false;
  const wakers = { deliveries: wakeSignal() };

  const source = fanOutSource({ events, viewsInclude: deps.viewsInclude, applied$: deps.applied$, batchSize, pollMs: eventPollMs, now: () => clock().getTime() });
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
          if (outcome.jobs) wakers.deliveries.wake();
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

  // Successes are recorded at most once per interval per webhook unless they end a failure
  // streak (see SUCCESS_RECORD_INTERVAL_MS): this spares a stream read per delivery.
  const successRecordedAt = new Map<string, number>();

  async function recordOutcome(job: ClaimedDelivery, outcome: DeliveryOutcome, statusCode: number | null, error: string | null): Promise<void> {
    const now = clock();
    const at = now.toISOString();
    if (outcome.kind === 'failed') {
      successRecordedAt.delete(job.webhookId);
      await outcomes.recordFailure(job.webhookId, job.workspaceId, { deliveryId: job.id, at, statusCode, error: error ?? 'delivery failed', gone: statusCode === 410 });
    } else if (outcome.kind === 'delivered') {
      const last = successRecordedAt.get(job.webhookId);
      if (last !== undefined && now.getTime() - last < SUCCESS_RECORD_INTERVAL_MS) return;
      successRecordedAt.set(job.webhookId, now.getTime());
      await outcomes.recordSuccess(job.webhookId, job.workspaceId, { deliveryId: job.id, at });
    }
  }

  /**
   * A job claimed again after its lease ran out whose attempts are all spent (its sender died
   * mid-delivery on the last one) ends as failed without another send.
   */
  async function exhausted(job: ClaimedDelivery, url: string): Promise<void> {
    const error = 'the last attempt was interrupted (the delivering process stopped); no attempts left';
    const mine = await finishAttempt(sql, job, { kind: 'failed' }, {
      attempt: job.attempts, eventName: job.eventName, requestUrl: url, requestHeaders: {}, requestBody: job.body,
      success: false, statusCode: null, responseMs: 0, responseBody: null, error,
    });
    if (mine) await recordOutcome(job, { kind: 'failed' }, null, error);
  }

  async function deliver(job: ClaimedDelivery): Promise<void> {
    // A webhook paused, failed or deleted since the event gets nothing: the job is dropped.
    const target = await deps.webhookOf(job.webhookId);
    if (!target || target.status !== 'active') return cancelDelivery(sql, job);
    if (job.attempts > retryDelaysMs.length + 1) return exhausted(job, target.url);
    const result = await sender.send({ deliveryId: job.id, url: target.url, secret: target.secret, eventName: job.eventName, body: job.body });
    const attempt = job.attempts;
    let outcome: DeliveryOutcome = { kind: 'delivered' };
    if (!result.success) {
      const retryAfter = parseRetryAfter(header(result.responseHeaders['retry-after']), clock().getTime());
      const delayMs = nextRetryDelay(attempt, retryDelaysMs, result.statusCode, retryAfter);
      outcome = delayMs === null ? { kind: 'failed' } : { kind: 'retry', delayMs };
    }
    const mine = await finishAttempt(sql, job, outcome, {
      attempt,
      eventName: job.eventName,
      requestUrl: target.url,
      requestHeaders: result.requestHeaders,
      requestBody: job.body,
      success: result.success,
      statusCode: result.statusCode,
      responseMs: result.responseMs,
      responseBody: result.responseBody,
      error: result.error,
    });
    if (mine) await recordOutcome(job, outcome, result.statusCode, result.error);
  }

  const inFlight = new Set<Promise<void>>();
  async function deliveryLoop(): Promise<void> {
    while (!stopped) {
      let claimed = 0;
      try {
        const free = concurrency - inFlight.size;
        if (free > 0) {
          const jobs = await claimDueDeliveries(sql, lease, free, leaseMs);
          claimed = jobs.length;
          for (const job of jobs) {
            const running: Promise<void> = deliver(job)
              .catch((err) => {
                logger.error('webhook delivery failed unexpectedly', { deliveryId: job.id, error: (err as Error).message });
              })
              .finally(() => {
                inFlight.delete(running);
                wakers.deliveries.wake();
              });
            inFlight.add(running);
          }
        }
      } catch (err) {
        if (stopped) return;
        logger.error('webhook delivery claim failed', { error: (err as Error).message });
      }
      if (claimed === 0 || inFlight.size >= concurrency) await wakers.deliveries.sleep(deliveryPollMs);
    }
  }

  const loops = [eventLoop(), deliveryLoop()];
  return {
    async stop() {
      stopped = true;
      source.wake();
      wakers.deliveries.wake();
      source.close();
      await Promise.all(loops);
      await Promise.all([...inFlight]);
      sender.close();
    },
  };
}

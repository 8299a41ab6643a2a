/**
 * The webhook dispatcher worker: two loops over the SQL tables of deliveryStore.
 *  - fan-out: reads the event log after its own checkpoint, keeps the subscriptions, enqueues
 *    jobs (eventFanOut), and deletes the webhooks of deleted chatbots as events on their streams;
 *  - delivery: claims due jobs with row locks, sends them (webhookSender), logs each attempt,
 *    schedules retries, and records each delivery's final outcome on the webhook aggregate
 *    (failure streak, auto-disable).
 * Both survive restarts: everything they know is in the database.
 */
import { randomUUID } from 'node:crypto';
import type { Services } from '../../app/compositionRoot.js';
import type { Resolver } from '../../infrastructure/webhooks/addressGuard.js';
import { systemContext } from '../../commands/commandContext.js';
import { webhookCommandsFor } from '../../commands/webhookCommands.js';
import { SUCCESS_RECORD_INTERVAL_MS } from '../../domain/webhooks/webhook.js';
import { nextRetryDelay, parseRetryAfter } from '../../domain/webhooks/retryPolicy.js';
import { applyBatch, readCheckpoint } from './eventFanOut.js';
import {
  cancelDelivery,
  claimDueDeliveries,
  ensureDeliveryTables,
  finishAttempt,
  orphanedWebhooks,
  purgeExpired,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from './deliveryStore.js';
import { WebhookSender } from './webhookSender.js';

export interface WebhookDispatcherOptions {
  /** Idle wait of the fan-out loop between reads of the log (woken early by appends). */
  eventPollMs?: number;
  /** Idle wait of the delivery loop between claims (woken early by new jobs). */
  deliveryPollMs?: number;
  /** Deliveries in flight at once per instance. */
  concurrency?: number;
  batchSize?: number;
  timeoutMs?: number;
  retryDelaysMs?: number[];
  /** Extra CA certificates (PEM) for HTTPS; the process-wide NODE_EXTRA_CA_CERTS applies too. */
  certificateAuthority?: string | string[];
  resolver?: Resolver;
  purgeEveryMs?: number;
}

export interface RunningWebhookDispatcher {
  stop(): Promise<void>;
}

const SWEEP_REPEAT_MS = 5_000;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function startWebhookDispatcher(services: Services, options: WebhookDispatcherOptions = {}): Promise<RunningWebhookDispatcher> {
  const { sql, events, logger, config } = services;
  const eventPollMs = options.eventPollMs ?? 250;
  const deliveryPollMs = options.deliveryPollMs ?? 500;
  const concurrency = options.concurrency ?? 10;
  const batchSize = options.batchSize ?? 200;
  const timeoutMs = options.timeoutMs ?? config.webhookTimeoutMs;
  const retryDelaysMs = options.retryDelaysMs ?? config.webhookRetryDelaysMs;
  const purgeEveryMs = options.purgeEveryMs ?? 60 * 60 * 1000;
  // A send never outlives its lease: the timeout plus room for logging the attempt.
  const leaseMs = timeoutMs + 30_000;
  const lease = randomUUID();

  await ensureDeliveryTables(sql);
  const commands = webhookCommandsFor(services, options.resolver);
  const sender = new WebhookSender({ timeoutMs, allowHosts: config.webhookAllowHosts, certificateAuthority: options.certificateAuthority, resolver: options.resolver });

  let stopped = false;
  const waker = () => {
    // A wake that arrives while the loop is busy is kept, so the next sleep ends at once.
    let pending = false;
    let done: (() => void) | null = null;
    return {
      wake() {
        if (done) done();
        else pending = true;
      },
      sleep(ms: number) {
        if (pending) {
          pending = false;
          return Promise.resolve();
        }
        return new Promise<void>((resolve) => {
          const timer = setTimeout(finish, ms);
          function finish() {
            clearTimeout(timer);
            done = null;
            resolve();
          }
          done = finish;
        });
      },
    };
  };
  const wakers = { events: waker(), deliveries: waker() };
  const appended = (events as { appended$?: { subscribe(fn: () => void): { unsubscribe(): void } } }).appended$;
  const appendedSub = appended?.subscribe(() => wakers.events.wake());

  const swept = new Map<string, number>();
  async function sweepOrphans(): Promise<void> {
    for (const orphan of await orphanedWebhooks(sql)) {
      const last = swept.get(orphan.id);
      if (last !== undefined && Date.now() - last < SWEEP_REPEAT_MS) continue;
      swept.set(orphan.id, Date.now());
      await commands.remove(orphan.id, 'chatbot_deleted', systemContext('webhook-dispatcher', orphan.workspaceId));
    }
    for (const [id, at] of swept) if (Date.now() - at > SWEEP_REPEAT_MS) swept.delete(id);
  }

  let lastPurge = 0;
  async function eventLoop(): Promise<void> {
    while (!stopped) {
      try {
        const from = await readCheckpoint(sql);
        const batch = await events.readAll({ after: from, limit: batchSize });
        if (batch.length > 0) {
          const jobs = await applyBatch(sql, from, batch);
          if (jobs) wakers.deliveries.wake();
          continue;
        }
        await sweepOrphans();
        if (Date.now() - lastPurge >= purgeEveryMs) {
          lastPurge = Date.now();
          const removed = await purgeExpired(sql);
          if (removed) logger.info('webhook delivery log purged', { removed });
        }
      } catch (err) {
        if (stopped) return;
        logger.error('webhook fan-out failed', { error: (err as Error).message });
      }
      await wakers.events.sleep(eventPollMs);
    }
  }

  // Successes are recorded at most once per interval per webhook unless they end a failure
  // streak (see SUCCESS_RECORD_INTERVAL_MS): this spares a stream read per delivery.
  const successRecordedAt = new Map<string, number>();

  async function recordOutcome(job: ClaimedDelivery, outcome: DeliveryOutcome, statusCode: number | null, error: string | null): Promise<void> {
    const ctx = systemContext('webhook-dispatcher', job.workspaceId);
    const at = new Date().toISOString();
    if (outcome.kind === 'failed') {
      successRecordedAt.delete(job.webhookId);
      await commands.recordFailure(job.webhookId, { deliveryId: job.id, at, statusCode, error: error ?? 'delivery failed', gone: statusCode === 410 }, ctx);
    } else if (outcome.kind === 'delivered') {
      const last = successRecordedAt.get(job.webhookId);
      if (last !== undefined && Date.now() - last < SUCCESS_RECORD_INTERVAL_MS) return;
      successRecordedAt.set(job.webhookId, Date.now());
      await commands.recordSuccess(job.webhookId, { deliveryId: job.id, at }, ctx);
    }
  }

  async function deliver(job: ClaimedDelivery): Promise<void> {
    if (!job.deliverable) return cancelDelivery(sql, job);
    const result = await sender.send({ deliveryId: job.id, url: job.url, secret: job.secret, eventName: job.eventName, body: job.body });
    const attempt = job.attempts + 1;
    let outcome: DeliveryOutcome = { kind: 'delivered' };
    if (!result.success) {
      const retryAfter = parseRetryAfter(header(result.responseHeaders['retry-after']), Date.now());
      const delayMs = nextRetryDelay(attempt, retryDelaysMs, result.statusCode, retryAfter);
      outcome = delayMs === null ? { kind: 'failed' } : { kind: 'retry', delayMs };
    }
    const mine = await finishAttempt(sql, job, outcome, {
      attempt,
      eventName: job.eventName,
      requestUrl: job.url,
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
      appendedSub?.unsubscribe();
      wakers.events.wake();
      wakers.deliveries.wake();
      await Promise.all(loops);
      await Promise.all([...inFlight]);
      sender.close();
    },
  };
}

/** The worker as the process runs it (src/dispatchers/backgroundWorkers.ts). */
export const webhookDispatcherWorker = {
  name: 'webhook-dispatcher',
  start: (services: Services) => startWebhookDispatcher(services),
};

/**
 * The webhook dispatcher's delivery loop: claims due jobs with row locks (deliveryClaims),
 * sends them (webhookSender), logs each attempt, schedules retries, and records each delivery's
 * final outcome on the webhook aggregate (failure streak, auto-disable).
 */
import type { SqlClient } from '../../infrastructure/sql/sqlClient.js';
import type { Logger } from '../../infrastructure/logger.js';
import { wakeSignal } from '../../infrastructure/eventStore/wakeSignal.js';
import { SUCCESS_RECORD_INTERVAL_MS } from '../../domain/webhooks/webhook.js';
import { nextRetryDelay, parseRetryAfter } from '../../domain/webhooks/retryPolicy.js';
import { claimDueDeliveries } from './deliveryClaims.js';
import { cancelDelivery, finishAttempt, type ClaimedDelivery, type DeliveryOutcome } from './deliveryStore.js';
import type { AttemptRecord } from '../../infrastructure/webhooks/deliveryLogQueries.js';
import { OutcomesInRecording } from './outcomesInRecording.js';
import type { SendResult, WebhookSender } from './webhookSender.js';

/** Where a delivery's final outcome goes: the webhook aggregate (failure streak, auto-disable). */
export interface WebhookOutcomes {
  recordFailure(
    webhookId: string,
    workspaceId: string,
    outcome: { deliveryId: string; at: string; statusCode: number | null; error: string; gone: boolean },
  ): Promise<void>;
  recordSuccess(webhookId: string, workspaceId: string, outcome: { deliveryId: string; at: string }): Promise<void>;
}

/** A webhook as a send needs it, from the webhooks view; null when it is gone. */
export type WebhookTarget = { url: string; secret: string; status: string } | null;

export interface DeliveryWorkerDeps {
  sql: SqlClient;
  logger: Logger;
  clock: () => Date;
  outcomes: WebhookOutcomes;
  webhookOf(webhookId: string): Promise<WebhookTarget>;
  sender: WebhookSender;
  retryDelaysMs: number[];
}

export interface DeliveryWorkerOptions {
  /** This instance's lease id on the jobs it claims. */
  lease: string;
  leaseMs: number;
  /** Sends in flight at once in this instance. */
  concurrency: number;
  /** Sends one webhook may have in flight at once in this instance (deliveryClaims.ts). */
  perWebhook: number;
  /** Idle wait between claims (woken early by new jobs and by finished sends). */
  pollMs: number;
}

export interface DeliveryWorker {
  /** New jobs were enqueued: claim now rather than at the next poll. */
  wake(): void;
  /** Stops claiming and waits for the sends in flight. */
  stop(): Promise<void>;
}

/**
 * Finishing an attempt is retried this many times on an error (a connection to the database
 * reset along with the receiver's): otherwise the attempt would be missing from the log and the
 * job would wait for its lease to run out. A retry after a commit whose answer was lost finds
 * the lease released and writes nothing twice.
 */
const FINISH_RETRY_DELAYS_MS = [100, 500, 2000];

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function startDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions): DeliveryWorker {
  const { sql, logger, clock, outcomes, sender, retryDelaysMs } = deps;
  const { lease, leaseMs, concurrency, perWebhook, pollMs } = options;
  const wakeup = wakeSignal();
  const recordings = new OutcomesInRecording();
  let stopped = false;

  // Successes are recorded at most once per interval per webhook unless they end a failure
  // streak (see SUCCESS_RECORD_INTERVAL_MS): this spares a stream read per delivery.
  const successRecordedAt = new Map<string, number>();

  async function recordOutcome(
    job: ClaimedDelivery,
    outcome: DeliveryOutcome,
    statusCode: number | null,
    error: string | null,
  ): Promise<void> {
    const now = clock();
    const at = now.toISOString();
    if (outcome.kind === 'failed') {
      successRecordedAt.delete(job.webhookId);
      await outcomes.recordFailure(job.webhookId, job.workspaceId, {
        deliveryId: job.id,
        at,
        statusCode,
        error: error ?? 'delivery failed',
        gone: statusCode === 410,
      });
    } else if (outcome.kind === 'delivered') {
      const last = successRecordedAt.get(job.webhookId);
      if (last !== undefined && now.getTime() - last < SUCCESS_RECORD_INTERVAL_MS) return;
      successRecordedAt.set(job.webhookId, now.getTime());
      await outcomes.recordSuccess(job.webhookId, job.workspaceId, { deliveryId: job.id, at });
    }
  }

  async function finishWithRetries(
    job: ClaimedDelivery,
    outcome: DeliveryOutcome,
    attempt: AttemptRecord,
  ): Promise<boolean> {
    for (let i = 0; ; i++) {
      try {
        return await finishAttempt(sql, job, outcome, attempt);
      } catch (err) {
        if (i >= FINISH_RETRY_DELAYS_MS.length) throw err;
        logger.warn('webhook attempt not logged yet, trying again', {
          deliveryId: job.id,
          error: (err as Error).message,
        });
        await new Promise((r) => setTimeout(r, FINISH_RETRY_DELAYS_MS[i]));
      }
    }
  }

  /** Logs the attempt and, when the delivery ended, records its outcome on the webhook. */
  async function conclude(job: ClaimedDelivery, outcome: DeliveryOutcome, attempt: AttemptRecord): Promise<void> {
    if (await finishWithRetries(job, outcome, attempt))
      await recordOutcome(job, outcome, attempt.statusCode, attempt.error);
  }

  /**
   * The webhook as the send must see it: after every failure of it this process is recording
   * (one may have disabled it), read again if another began while the view was read.
   */
  async function currentTarget(webhookId: string): Promise<WebhookTarget> {
    for (;;) {
      await recordings.settled(webhookId);
      const target = await deps.webhookOf(webhookId);
      if (!recordings.isRecording(webhookId)) return target;
    }
  }

  /**
   * A job claimed again after its lease ran out whose attempts are all spent (its sender died
   * mid-delivery on the last one) ends as failed without another send.
   */
  function exhausted(job: ClaimedDelivery, url: string): Promise<void> {
    return conclude(
      job,
      { kind: 'failed' },
      {
        attempt: job.attempts,
        eventName: job.eventName,
        requestUrl: url,
        requestHeaders: {},
        requestBody: job.body,
        success: false,
        statusCode: null,
        responseMs: 0,
        responseBody: null,
        error: 'the last attempt was interrupted (the delivering process stopped); no attempts left',
      },
    );
  }

  function outcomeOf(job: ClaimedDelivery, result: SendResult): DeliveryOutcome {
    if (result.success) return { kind: 'delivered' };
    const retryAfter = parseRetryAfter(header(result.responseHeaders['retry-after']), clock().getTime());
    const delayMs = nextRetryDelay(job.attempts, retryDelaysMs, result.statusCode, retryAfter);
    return delayMs === null ? { kind: 'failed' } : { kind: 'retry', delayMs };
  }

  async function deliver(job: ClaimedDelivery): Promise<void> {
    // A webhook paused, failed or deleted since the event gets nothing: the job is dropped.
    const target = await currentTarget(job.webhookId);
    if (!target || target.status !== 'active') return cancelDelivery(sql, job);
    if (job.attempts > retryDelaysMs.length + 1) return recordings.track(job.webhookId, exhausted(job, target.url));
    const result = await sender.send({
      deliveryId: job.id,
      url: target.url,
      secret: target.secret,
      eventName: job.eventName,
      body: job.body,
    });
    const outcome = outcomeOf(job, result);
    const concluded = conclude(job, outcome, {
      attempt: job.attempts,
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
    // Tracked from the moment the answer is known, so no send of this webhook slips in before
    // its outcome (a 410, a tenth failure) is recorded.
    return outcome.kind === 'failed' ? recordings.track(job.webhookId, concluded) : concluded;
  }

  const inFlight = new Set<Promise<void>>();
  async function loop(): Promise<void> {
    while (!stopped) {
      let claimed = 0;
      try {
        const free = concurrency - inFlight.size;
        if (free > 0) {
          // One share of the pool stays free for other webhooks' jobs; the rest may go to a backlog.
          const jobs = await claimDueDeliveries(sql, {
            lease,
            limit: free,
            leaseMs,
            perWebhook,
            beyondShare: Math.max(0, free - perWebhook),
          });
          claimed = jobs.length;
          for (const job of jobs) {
            const running: Promise<void> = deliver(job)
              .catch((err) => {
                logger.error('webhook delivery failed unexpectedly', {
                  deliveryId: job.id,
                  error: (err as Error).message,
                });
              })
              .finally(() => {
                inFlight.delete(running);
                wakeup.wake();
              });
            inFlight.add(running);
          }
        }
      } catch (err) {
        if (stopped) return;
        logger.error('webhook delivery claim failed', { error: (err as Error).message });
      }
      if (claimed === 0 || inFlight.size >= concurrency) await wakeup.sleep(pollMs);
    }
  }

  const running = loop();
  return {
    wake: () => wakeup.wake(),
    async stop() {
      stopped = true;
      wakeup.wake();
      await running;
      await Promise.all([...inFlight]);
    },
  };
}

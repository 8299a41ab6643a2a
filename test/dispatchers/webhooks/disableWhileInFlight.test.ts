/**
 * Deliveries of a webhook that is being disabled: a send claimed after a 410 Gone came back is
 * not sent (it waits for the 410 to be recorded, then sees the webhook failed), and deliveries
 * that were in flight when the tenth failure disabled the webhook do not count past ten.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_CONSECUTIVE_FAILURES } from '../../../domain/webhooks/webhook.js';
import type { WebhookDispatcherDeps } from '../../../dispatchers/webhooks/webhookDispatcher.js';
import { WEBHOOKS } from '../../../projections/views/webhooksView.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually } from '../../support/waiting.js';

let h: Harness;

test.before(async () => {
  h = await startHarness({ WEBHOOK_RETRY_DELAYS_MS: '50,50,50' });
  h.receiver.respondWith((req) => ({ status: req.path === '/gone' ? 410 : 500 }));
});

test.after(async () => {
  await h.close();
});

const onPath = (path: string) => h.receiver.requests.filter((r) => r.path === path);
const responseCreated = (i: number) => ({ responseId: `r${i}`, visitorId: 'v', chatDate: new Date().toISOString() });

/** The statuses of the webhook's delivery jobs, sorted. */
async function jobStatuses(webhookId: string): Promise<string[]> {
  const { rows } = await h.services.sql.query<{ status: string }>(
    `SELECT status FROM webhook_deliveries WHERE webhook_id = $1`,
    [webhookId],
  );
  return rows.map((r) => r.status).sort();
}

/** Counts the failure outcomes the dispatcher has finished recording on the webhook. */
function countingFailureRecording(counter: { recorded: number }) {
  return (deps: WebhookDispatcherDeps): WebhookDispatcherDeps => ({
    ...deps,
    outcomes: {
      ...deps.outcomes,
      recordFailure: (...args) => deps.outcomes.recordFailure(...args).finally(() => void counter.recorded++),
    },
  });
}

/** Failure outcomes wait for `release` before they are recorded on the webhook (a slow store, a busy aggregate). */
function slowFailureRecording(release: Promise<void>) {
  return (deps: WebhookDispatcherDeps): WebhookDispatcherDeps => ({
    ...deps,
    outcomes: {
      ...deps.outcomes,
      recordFailure: async (...args) => {
        await release;
        return deps.outcomes.recordFailure(...args);
      },
    },
  });
}

test('a delivery claimed after a 410 came back is not sent, even before the 410 is recorded', async () => {
  const bot = await h.newChatbot('Gone');
  const { webhookId } = await h.createWebhook({
    chatbotId: bot,
    url: `${h.receiver.url}/gone`,
    events: ['response.created'],
  });
  await h.append(bot, 'ResponseCreated', responseCreated(1));
  await h.append(bot, 'ResponseCreated', responseCreated(2));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  // One send per webhook at a time, and no spare slot to go beyond it (a pool of two keeps one
  // share free): the second job is claimed only after the first one's 410 came back.
  const dispatcher = await h.startDispatcher(
    { concurrency: 2, perWebhookConcurrency: 1 },
    undefined,
    slowFailureRecording(released),
  );

  let requestsBeforeRecorded: number;
  try {
    await eventually(
      async () => (await jobStatuses(webhookId)).join() === 'failed,sending',
      10_000,
      'the 410 logged and the second delivery claimed while the 410 is not yet recorded',
    );
    // A send of the second delivery would come now; before the fix it arrived within milliseconds.
    await eventually(() => onPath('/gone').length >= 2, 1000, 'a second request').catch(() => null);
    requestsBeforeRecorded = onPath('/gone').length;
  } finally {
    release(); // else a failure above leaves the dispatcher waiting on it, and the file never ends
  }
  assert.is(requestsBeforeRecorded, 1, 'the receiver that answered 410 got no second request');

  await eventually(
    async () => (await jobStatuses(webhookId)).join() === 'cancelled,failed',
    10_000,
    'the second delivery dropped',
  );
  assert.is(onPath('/gone').length, 1);
  const log = await h.attempts(webhookId);
  assert.equal(
    log.map((a) => [Number(a.attempt), a.status_code]),
    [[1, 410]],
  );
  const state = await h.commands.load(webhookId);
  assert.equal([state.status, state.failureCount], ['failed', 1]);
  await dispatcher.stop(); // the next test counts what its own dispatcher records
});

test(`deliveries in flight when the ${MAX_CONSECUTIVE_FAILURES}th failure disables the webhook do not count past ${MAX_CONSECUTIVE_FAILURES}`, async () => {
  const bot = await h.newChatbot('Broken');
  const { webhookId } = await h.createWebhook({
    chatbotId: bot,
    url: `${h.receiver.url}/broken`,
    events: ['response.created'],
  });
  const total = MAX_CONSECUTIVE_FAILURES + 5;
  for (let i = 0; i < total; i++) await h.append(bot, 'ResponseCreated', responseCreated(i));
  // Several deliveries of the webhook at once, so some are on their last attempt together.
  const outcomes = { recorded: 0 };
  await h.startDispatcher({ perWebhookConcurrency: 5, concurrency: 10 }, undefined, countingFailureRecording(outcomes));

  // Every delivery ended, and every one that ended failed has had its outcome recorded.
  await eventually(
    async () => {
      const statuses = await jobStatuses(webhookId);
      const ended = statuses.length === total && statuses.every((s) => s === 'failed' || s === 'cancelled');
      return ended && outcomes.recorded === statuses.filter((s) => s === 'failed').length;
    },
    30_000,
    'every delivery to end and its outcome to be recorded',
  );
  const state = await h.commands.load(webhookId);
  assert.equal([state.status, state.failureCount], ['failed', MAX_CONSECUTIVE_FAILURES]);
  const failedEvents = (await h.services.events.readStream(`webhook-${webhookId}`)).filter(
    (e) => e.type === 'WebhookDeliveryFailed',
  );
  assert.is(failedEvents.length, MAX_CONSECUTIVE_FAILURES, 'one failure event per counted delivery');
  const view = await eventually(
    async () => {
      const doc = await h.services.views.get(WEBHOOKS, webhookId);
      return doc?.status === 'failed' ? doc : null;
    },
    5000,
    'the view to show failed',
  );
  assert.is(view.failureCount, MAX_CONSECUTIVE_FAILURES);
});

test.run();

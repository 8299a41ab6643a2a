/**
 * A webhook's share of the delivery pool is not a ceiling when nobody else waits
 * (deliveryClaims.ts): one busy webhook with a backlog also takes the spare slots, all but one
 * share, so its backlog drains several times faster than two sends at a time would allow. Another
 * webhook's job arriving meanwhile is still claimed at once, in the share kept free.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually } from '../../support/waiting.js';

const CONCURRENCY = 10;
const PER_WEBHOOK = 2;
/** Each send to the busy receiver takes this long: long enough to see how many overlap. */
const SLOW_MS = 1500;
const BACKLOG = 40;

let h: Harness;

test.before(async () => {
  h = await startHarness({ WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_RETRY_DELAYS_MS: '100,100,100' });
  h.receiver.respondWith((req) => (req.path === '/busy' ? { status: 200, delayMs: SLOW_MS } : { status: 200 }));
});

test.after(async () => {
  await h.close();
});

const onPath = (path: string) => h.receiver.requests.filter((r) => r.path === path);
const responseCreated = (i: number | string) => ({
  responseId: `r${i}`,
  visitorId: 'v',
  chatDate: new Date().toISOString(),
});

test('a backlog with nobody else waiting is sent on all but one share of the pool at once; another webhook still goes at once', async () => {
  const busyBot = await h.newChatbot('Busy');
  const otherBot = await h.newChatbot('Other');
  await h.createWebhook({ chatbotId: busyBot, url: `${h.receiver.url}/busy`, events: ['response.created'] });
  await h.createWebhook({ chatbotId: otherBot, url: `${h.receiver.url}/other`, events: ['response.created'] });
  for (let i = 0; i < BACKLOG; i++) await h.append(busyBot, 'ResponseCreated', responseCreated(i));
  await h.startDispatcher({ concurrency: CONCURRENCY, perWebhookConcurrency: PER_WEBHOOK });

  // The first wave: every send that reached the busy receiver before the first could answer.
  const firstWave = await eventually(
    () => {
      const busy = onPath('/busy');
      return busy.length >= CONCURRENCY - PER_WEBHOOK ? busy : null;
    },
    10_000,
    `${CONCURRENCY - PER_WEBHOOK} sends to the busy receiver at once`,
  );
  const first = Math.min(...firstWave.map((r) => r.receivedAt.getTime()));
  const overlapping = onPath('/busy').filter((r) => r.receivedAt.getTime() - first < SLOW_MS / 2);
  assert.is(overlapping.length, CONCURRENCY - PER_WEBHOOK, 'the share and the spare slots, one share kept free');

  // The share kept free: another webhook's job goes while the busy wave is still out.
  const { occurredAt } = await h.append(otherBot, 'ResponseCreated', responseCreated('other'));
  const [other] = await eventually(
    () => (onPath('/other').length ? onPath('/other') : null),
    10_000,
    'the other webhook delivered',
  );
  assert.ok(
    other!.receivedAt.getTime() - Date.parse(occurredAt) < SLOW_MS,
    `the other webhook waited ${other!.receivedAt.getTime() - Date.parse(occurredAt)} ms`,
  );
  await eventually(() => onPath('/busy').length >= BACKLOG, 30_000, 'the whole backlog delivered');
  assert.is(
    new Set(onPath('/busy').map((r) => r.headers['x-webhook-delivery-id'])).size,
    BACKLOG,
    'each delivery sent once',
  );
});

test.run();

/**
 * A receiver that never answers never holds the whole delivery pool (deliveryClaims.ts): its
 * share, plus spare slots while nobody else waits, but one share always stays free. With a
 * backlog of its jobs due before anyone else's, another webhook's deliveries are still claimed
 * and sent at once, not after waves of timeouts. With two dispatcher instances on one database
 * each keeps one share free, and no attempt is sent twice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReceivedRequest } from '../../support/httpsReceiver.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually } from '../../support/waiting.js';

/** Short for a test, but far above what a healthy delivery takes on a busy machine. */
const TIMEOUT_MS = 6000;
/** "Promptly": a third of the timeout. Before the cap the healthy deliveries waited at least one whole timeout. */
const PROMPT_MS = TIMEOUT_MS / 3;
const CONCURRENCY = 10;
/** The default share: a fifth of the pool. */
const PER_WEBHOOK = 2;
/** What one webhook may hold of an instance's pool: all but the one share kept free. */
const MOST = CONCURRENCY - PER_WEBHOOK;
const BACKLOG = 30;

let h: Harness;

test.before(async () => {
  h = await startHarness({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_RETRY_DELAYS_MS: '100,100,100' });
  // Paths starting /hung never answer (the sender gives up at the timeout); the others answer at once.
  h.receiver.respondWith((req) =>
    req.path.startsWith('/hung') ? { status: 200, delayMs: 10 * TIMEOUT_MS } : { status: 200 },
  );
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

/** Appends a backlog of events for a webhook whose receiver never answers; answers its chatbot's and the healthy chatbot's ids. */
async function hungWebhookWithBacklog(path: string): Promise<{ healthyBot: string }> {
  const hungBot = await h.newChatbot('Hung');
  const healthyBot = await h.newChatbot('Healthy');
  await h.createWebhook({ chatbotId: hungBot, url: `${h.receiver.url}${path}`, events: ['response.created'] });
  await h.createWebhook({
    chatbotId: healthyBot,
    url: `${h.receiver.url}${path.replace('/hung', '/healthy')}`,
    events: ['response.created'],
  });
  for (let i = 0; i < BACKLOG; i++) await h.append(hungBot, 'ResponseCreated', responseCreated(i));
  return { healthyBot };
}

/** Appends `count` events for the healthy chatbot and answers how long each took to arrive (event time to receipt). */
async function healthyDelays(healthyBot: string, path: string, count: number): Promise<number[]> {
  const sent: Array<{ occurredAt: string; responseId: string }> = [];
  for (let i = 0; i < count; i++) {
    const { occurredAt } = await h.append(healthyBot, 'ResponseCreated', responseCreated(`${path}-${i}`));
    sent.push({ occurredAt, responseId: `r${path}-${i}` });
  }
  const arrived = await eventually(
    () => (onPath(path).length >= count ? onPath(path) : null),
    4 * TIMEOUT_MS,
    `${count} healthy deliveries`,
  );
  return sent.map(({ occurredAt, responseId }) => {
    const r = arrived.find((a) => a.rawBody.toString('utf8').includes(`"${responseId}"`));
    assert.ok(r, `${responseId} arrived`);
    return r!.receivedAt.getTime() - Date.parse(occurredAt);
  });
}

/**
 * The requests the hung receiver holds now, all at once: none of them can have timed out yet
 * (checked), so every one that reached it is still in flight.
 */
function heldNow(path: string): ReceivedRequest[] {
  const held = onPath(path);
  const first = Math.min(...held.map((r) => r.receivedAt.getTime()));
  assert.ok(Date.now() - first < TIMEOUT_MS, 'measured before the first send to the hung receiver timed out');
  return held;
}

test('a receiver that never answers holds its share of the pool; another webhook is delivered promptly', async () => {
  const { healthyBot } = await hungWebhookWithBacklog('/hung');
  // The backlog is due before anything the healthy webhook will get.
  await h.startDispatcher({ concurrency: CONCURRENCY });
  await eventually(() => onPath('/hung').length >= PER_WEBHOOK, 10_000, 'the hung receiver to hold its share');

  const delays = await healthyDelays(healthyBot, '/healthy', 5);
  assert.ok(
    delays.every((ms) => ms < PROMPT_MS),
    `healthy deliveries took ${delays.join(', ')} ms (timeout ${TIMEOUT_MS} ms)`,
  );
  const held = heldNow('/hung');
  assert.ok(
    held.length >= PER_WEBHOOK && held.length <= MOST,
    `at most ${MOST} sends to the hung receiver at once, got ${held.length}`,
  );
});

test('two instances: each keeps to its share, healthy deliveries stay prompt, no attempt is sent twice', async () => {
  const { healthyBot } = await hungWebhookWithBacklog('/hung-2');
  await h.startDispatcher({ concurrency: CONCURRENCY }, await h.anotherServices());
  await eventually(() => onPath('/hung-2').length >= PER_WEBHOOK, 10_000, 'the second hung receiver to hold its share');

  const delays = await healthyDelays(healthyBot, '/healthy-2', 5);
  assert.ok(
    delays.every((ms) => ms < PROMPT_MS),
    `healthy deliveries took ${delays.join(', ')} ms (timeout ${TIMEOUT_MS} ms)`,
  );
  // Per instance (a dead instance's claims must not hold the webhook): at most MOST each.
  const held = heldNow('/hung-2');
  assert.ok(held.length >= PER_WEBHOOK && held.length <= 2 * MOST, `${held.length} sends to the hung receiver at once`);
  const attempts = new Set(held.map((r) => `${r.headers['x-webhook-delivery-id']}`));
  assert.is(attempts.size, held.length, 'each delivery sent once');
  assert.is(
    new Set(onPath('/healthy-2').map((r) => r.headers['x-webhook-delivery-id'])).size,
    5,
    'each healthy delivery sent once',
  );
});

test.run();

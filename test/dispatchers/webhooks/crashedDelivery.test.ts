/**
 * A process killed while it was sending has spent that attempt: the job becomes due again when
 * its lease runs out, and the instance that takes it over sends only the attempts left of the
 * 1 + 3 policy — never a fifth POST.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { webhookDispatcherDeps } from '../../../app/backgroundWorkers.js';
import { applyBatch, readCheckpoint } from '../../../dispatchers/webhooks/eventFanOut.js';
import { ensureDeliveryTables } from '../../../dispatchers/webhooks/deliveryStore.js';
import { claimDueDeliveries } from '../../../dispatchers/webhooks/deliveryClaims.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually, sleep } from '../../support/waiting.js';

let h: Harness;

test.before(async () => {
  h = await startHarness({ WEBHOOK_RETRY_DELAYS_MS: '100,100,100' });
  h.receiver.respondWith(() => ({ status: 500 }));
});
test.after(async () => {
  await h.close();
});

/** Fans the log out into jobs the way the dispatcher's first loop does, without starting it. */
async function fanOutNow(): Promise<void> {
  const deps = webhookDispatcherDeps(h.services);
  await ensureDeliveryTables(h.services.sql);
  const from = await readCheckpoint(h.services.sql);
  const batch = await h.services.events.readAll({ after: from, limit: 1000 });
  await deps.viewsInclude(batch[batch.length - 1].position);
  await applyBatch(h.services.sql, from, batch, deps.subscriptionsOf);
}

const started = () => ({
  chatbotName: 'Bot',
  aiAgent: null,
  visitorId: 'v',
  channel: 'web',
  customData: {},
  user: null,
  messages: [],
  startedAt: new Date().toISOString(),
});

test('a sender that died mid-attempt: 3 more POSTs, not 4; with no attempt left, none', async () => {
  const bot = await h.newChatbot();
  const crashed = await h.createWebhook({
    chatbotId: bot,
    url: `${h.receiver.url}/crash`,
    events: ['conversation.started'],
  });
  const other = await h.newChatbot('Exhausted');
  const spent = await h.createWebhook({
    chatbotId: other,
    url: `${h.receiver.url}/spent`,
    events: ['conversation.started'],
  });
  await h.append(bot, 'ConversationStarted', started());
  await h.append(other, 'ConversationStarted', started());
  await fanOutNow();
  // The "killed" instance claims both jobs (each attempt is counted at claim) and never finishes.
  const dead = await claimDueDeliveries(h.services.sql, {
    lease: 'killed-instance',
    limit: 10,
    leaseMs: 1,
    perWebhook: 10,
    beyondShare: 0,
  });
  assert.equal(
    dead.map((j) => j.attempts),
    [1, 1],
  );
  // The second one had already spent all four attempts when its sender died.
  await h.services.sql.query(`UPDATE webhook_deliveries SET attempts = 4 WHERE webhook_id = $1`, [spent.webhookId]);
  await sleep(20);
  await h.startDispatcher();
  for (const { webhookId } of [crashed, spent]) {
    await eventually(
      async () => ((await h.commands.load(webhookId)).failureCount === 1 ? true : null),
      8000,
      'failure counted',
    );
  }
  await sleep(400);
  assert.is(h.receiver.requests.filter((r) => r.path === '/crash').length, 3);
  assert.equal(
    (await h.attempts(crashed.webhookId)).map((a) => Number(a.attempt)),
    [2, 3, 4],
  );
  assert.is(h.receiver.requests.filter((r) => r.path === '/spent').length, 0);
  const [row] = await h.attempts(spent.webhookId);
  assert.match(String(row.error), /interrupted/);
});

test.run();

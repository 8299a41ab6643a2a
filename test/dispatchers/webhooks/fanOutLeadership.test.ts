/**
 * Two instances on one database (DESIGN.md decision 21): the instance that leads the views is
 * the only one that reads the log, for its views and its webhook fan-out; the other delivers
 * but reads nothing. When the leader stops, the other takes over and fans out what comes next.
 * Needs DATABASE_URL (the embedded store has one process).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Services } from '../../../app/compositionRoot.js';
import type { RunningWebhookDispatcher } from '../../../dispatchers/webhooks/webhookDispatcher.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually } from '../../support/waiting.js';

if (!process.env.DATABASE_URL) {
  test('fan-out on the leading instance (needs DATABASE_URL): skipped on the embedded store', () => undefined);
} else {
  let h: Harness;
  let second: Services;
  let first: RunningWebhookDispatcher;
  let reads = 0;

  test.before(async () => {
    h = await startHarness();
    await eventually(() => h.services.projections.leads(), 3000, 'the first instance to lead');
    second = await h.anotherServices();
    const readAll = second.events.readAll.bind(second.events);
    second.events.readAll = ((opts) => (reads++, readAll(opts))) as typeof readAll;
    first = await h.startDispatcher();
    await h.startDispatcher({}, second);
  });
  test.after(async () => {
    await h.close();
  });

  test('only the leader reads the log; every event is delivered once', async () => {
    const botId = await h.newChatbot();
    await h.createWebhook({ chatbotId: botId, url: `${h.receiver.url}/lead`, events: ['response.created'] });
    for (let i = 0; i < 5; i++)
      await h.append(botId, 'ResponseCreated', {
        responseId: `r${i}`,
        visitorId: 'v',
        chatDate: new Date().toISOString(),
      });
    await h.receiver.waitFor(5, 10_000);
    assert.is(second.projections.leads(), false);
    assert.is(reads, 0, 'the follower read nothing of the log');

    // The leader goes away (its dispatcher and its runner stop, as at shutdown).
    await first.stop();
    await h.services.projections.stop();
    await eventually(() => second.projections.leads(), 3000, 'the other instance to take the lead');
    await h.append(botId, 'ResponseCreated', {
      responseId: 'after',
      visitorId: 'v',
      chatDate: new Date().toISOString(),
    });
    await h.receiver.waitFor(6, 10_000);
    assert.ok(reads > 0, 'the new leader reads the log');
    assert.is(h.receiver.requests.filter((r) => r.path === '/lead').length, 6, 'each event once');
  });
}

test.run();

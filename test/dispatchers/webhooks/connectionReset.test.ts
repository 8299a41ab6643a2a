/**
 * A delivery whose connection is reset mid-request is a failed attempt like any other: logged
 * with the error, retried after the policy's delay, then delivered. So is one whose attempt
 * could not be logged at the first try because the database connection dropped too.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SqlClient, SqlQueryable } from '../../../infrastructure/sql/sqlClient.js';
import type { WebhookDispatcherDeps } from '../../../dispatchers/webhooks/webhookDispatcher.js';
import {
  startResettingHttpsReceiver,
  type ConnectionFate,
  type ResettingHttpsReceiver,
} from '../../support/resettingHttpsReceiver.js';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually } from '../../support/waiting.js';

const RETRY_MS = 150;
let h: Harness;
let receiver: ResettingHttpsReceiver;

test.before(async () => {
  h = await startHarness({ WEBHOOK_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS},${RETRY_MS}` });
  receiver = await startResettingHttpsReceiver();
  // The first attempt of each delivery is cut as its path's first segment says; the next one is answered.
  receiver.decide((req, earlier) => (earlier === 0 ? (req.path.split('/')[1] as ConnectionFate) : 'answer'));
});

test.after(async () => {
  await receiver.close();
  await h.close();
});

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

async function loggedAttempts(webhookId: string, count: number): Promise<Array<Record<string, any>>> {
  return eventually(
    async () => {
      const rows = await h.attempts(webhookId);
      return rows.length >= count ? rows : null;
    },
    10_000,
    `${count} logged attempts`,
  );
}

/**
 * One delivery to `path` of the resetting receiver, by a dispatcher of its own (stopped after,
 * so that no other test's dispatcher takes the job); answers the two attempts logged for it.
 */
async function deliverOnce(
  path: string,
  adjust?: (deps: WebhookDispatcherDeps) => WebhookDispatcherDeps,
): Promise<Array<Record<string, any>>> {
  const bot = await h.newChatbot(path);
  const { webhookId } = await h.createWebhook({
    chatbotId: bot,
    url: `${receiver.url}${path}`,
    events: ['conversation.started'],
  });
  const dispatcher = await h.startDispatcher({ certificateAuthority: receiver.caPem }, undefined, adjust);
  try {
    await h.append(bot, 'ConversationStarted', started());
    return await loggedAttempts(webhookId, 2);
  } finally {
    await dispatcher.stop();
  }
}

const requestsOn = (path: string) => receiver.requests.filter((r) => r.path === path);

// A reset mid-answer is logged with the status when the sender had read it, without one when
// the reset overtook it (the kernel may drop what arrived unread): a failure either way.
for (const [fate, statuses] of [
  ['before-answer', [null]],
  ['mid-answer', [200, null]],
] as const) {
  test(`a reset ${fate.replace('-', ' ')}: a failed attempt with the error is logged, and the retry delivers`, async () => {
    const rows = await deliverOnce(`/${fate}`);
    assert.equal(
      rows.map((r) => [Number(r.attempt), r.success]),
      [
        [1, false],
        [2, true],
      ],
    );
    assert.ok((statuses as readonly (number | null)[]).includes(rows[0].status_code), `status ${rows[0].status_code}`);
    assert.is(rows[1].status_code, 200);
    assert.match(String(rows[0].error), /ECONNRESET/);
    assert.is(rows[0].delivery_id, rows[1].delivery_id);
    assert.ok(
      new Date(rows[1].created_at).getTime() - new Date(rows[0].created_at).getTime() >= RETRY_MS - 10,
      'the retry waited its delay',
    );
    const requests = requestsOn(`/${fate}`);
    assert.is(requests.length, 2, 'the receiver saw the cut attempt and the retry');
    assert.ok(requests[1].rawBody.equals(requests[0].rawBody), 'the retry carries the same bytes');
  });
}

/**
 * The dispatcher's store, except that the first transaction that logs an attempt loses its
 * connection half-way (a reset that took the database connection with the receiver's).
 */
function firstAttemptLogLost(deps: WebhookDispatcherDeps): WebhookDispatcherDeps {
  const sql = deps.sql;
  let lost = false;
  const losing = (tx: SqlQueryable): SqlQueryable => ({
    query: (text, params) => {
      if (!lost && text.includes('INSERT INTO webhook_delivery_attempts')) {
        lost = true;
        return Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
      }
      return tx.query(text, params);
    },
  });
  const flaky: SqlClient = {
    driver: sql.driver,
    query: (text, params) => sql.query(text, params),
    exec: (text) => sql.exec(text),
    listen: (channel, onNotify) => sql.listen(channel, onNotify),
    close: () => sql.close(),
    transaction: (fn) => sql.transaction((tx) => fn(losing(tx))),
  };
  return { ...deps, sql: flaky };
}

test('an attempt whose logging fails once (the database connection dropped too) is still logged, and retried', async () => {
  const rows = await deliverOnce('/before-answer/log-lost', firstAttemptLogLost);
  assert.equal(
    rows.map((r) => [Number(r.attempt), r.success]),
    [
      [1, false],
      [2, true],
    ],
  );
  assert.match(String(rows[0].error), /ECONNRESET/);
  assert.is(requestsOn('/before-answer/log-lost').length, 2, 'the cut attempt and its retry, nothing more');
});

test.run();

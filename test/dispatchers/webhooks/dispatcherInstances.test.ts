/** Two dispatchers on one database send each attempt once; the address guard holds at send time. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LookupAddress } from 'node:dns';
import { startHarness, type Harness } from './dispatcherHarness.js';
import { eventually, sleep } from '../../support/waiting.js';

let h: Harness;
let botId: string;
// Names the tests' resolver knows; anything else does not resolve (no real DNS is used).
const dns = new Map<string, LookupAddress[]>([['hooks.example.com', [{ address: '93.184.216.34', family: 4 }]]]);
const resolver = async (host: string) => {
  const answers = dns.get(host);
  if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers;
};

test.before(async () => {
  h = await startHarness({ WEBHOOK_RETRY_DELAYS_MS: '100,100,100' }, resolver);
  botId = await h.newChatbot();
});

test('two dispatchers at once: every event is delivered exactly once, retries included', async () => {
  const replies = new Map<string, number>();
  // Every delivery fails once, so the retry is claimed by either instance too.
  h.receiver.respondWith((req) => {
    const id = String(req.headers['x-webhook-delivery-id']);
    replies.set(id, (replies.get(id) ?? 0) + 1);
    return { status: replies.get(id) === 1 ? 503 : 200 };
  });
  await h.createWebhook({ chatbotId: botId, url: `${h.receiver.url}/a`, events: ['response.created'] });
  await h.createWebhook({ chatbotId: botId, url: `${h.receiver.url}/b`, events: ['response.created'] });
  const second = await h.anotherServices();
  await h.startDispatcher({ concurrency: 4 });
  await h.startDispatcher({ concurrency: 4 }, second);
  const total = 30;
  for (let i = 0; i < total; i++)
    await h.append(botId, 'ResponseCreated', {
      responseId: `r${i}`,
      visitorId: 'v',
      chatDate: new Date().toISOString(),
    });
  await h.receiver.waitFor(total * 2 * 2, 30_000);
  await sleep(800);
  assert.is(h.receiver.requests.length, total * 2 * 2, 'no duplicate sends');
  assert.is(replies.size, total * 2);
  assert.ok([...replies.values()].every((n) => n === 2));
  const attempts = await h.attempts();
  assert.is(attempts.length, total * 2 * 2);
  const keys = new Set(attempts.map((a) => `${a.delivery_id}#${a.attempt}`));
  assert.is(keys.size, attempts.length);
  const { rows } = await h.services.sql.query<{ status: string; n: string }>(
    `SELECT status, count(*)::text AS n FROM webhook_deliveries GROUP BY status`,
  );
  assert.equal(rows, [{ status: 'delivered', n: String(total * 2) }]);
});

test('a name that resolves to a private address at send time is refused at connect (no DNS rebinding)', async () => {
  const before = h.receiver.requests.length;
  // Public when the webhook is created …
  const { webhookId } = await h.createWebhook({
    chatbotId: botId,
    url: `https://hooks.example.com:${h.receiver.port}/rebound`,
    events: ['conversation.completed'],
  });
  // … and loopback (where the receiver listens) when the delivery connects.
  dns.set('hooks.example.com', [{ address: '127.0.0.1', family: 4 }]);
  await h.append(botId, 'ConversationCompleted', {
    responseId: null,
    resolution: 'ended',
    escalationReason: null,
    duration: 1,
    turnCount: 0,
    completedAt: new Date().toISOString(),
  });
  const rows = await eventually(
    async () => {
      const r = await h.attempts(webhookId);
      return r.length >= 1 ? r : null;
    },
    8000,
    'attempt logged',
  );
  assert.is(rows[0].success, false);
  assert.is(rows[0].status_code, null);
  assert.match(rows[0].error, /EFORBIDDENADDRESS|forbidden address/);
  await sleep(300);
  assert.is(h.receiver.requests.length, before);
});

test('creating a webhook whose host resolves to a private address is refused; an unresolvable one is accepted', async () => {
  dns.set('inside.example.com', [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ]);
  try {
    await h.createWebhook({ chatbotId: botId, url: 'https://inside.example.com/hook', events: ['response.created'] });
    assert.unreachable('inside.example.com');
  } catch (err) {
    assert.is((err as { field?: string }).field, 'url', String(err));
  }
  // The rule refuses only private targets; the connect-time guard covers what it resolves to later.
  await h.createWebhook({ chatbotId: botId, url: 'https://nowhere.example.com/hook', events: ['response.created'] });
});

test.after(async () => {
  await h.close();
});

test.run();

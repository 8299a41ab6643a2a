/**
 * Fault: the webhook receiver is down, for part of the retry window or for all of it, then back.
 * docs/events.md (Delivery, retries and auto-disable; Webhook status): a delivery succeeds on a 2xx; it is
 * tried 1 + 3 times; after 10 consecutive failed deliveries the webhook is `failed` and gets no
 * more events until reactivated; a 410 disables it at once. Here the retry delays are
 * 200 ms (WEBHOOK_RETRY_DELAYS_MS), the service is a real `npm start` process, the receiver a real
 * HTTPS server, and "down" is either a non-2xx answer or nothing listening at all (a closed port
 * in front of the receiver: connection refused).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonBody, startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../support/httpsReceiver.js';
import { cliJson } from './support/cli.js';
import { EXTERNAL, http } from './support/externalApi.js';
import { freshStore, type FaultStore } from './support/faultStore.js';
import { startService, type ServiceProcess } from './support/serviceProcess.js';
import { tcpGate, type TcpGate } from './support/tcpGate.js';
import { eventually, sleep } from '../support/waiting.js';
import { ALL_WEBHOOK_EVENTS, webhookServiceEnv } from './support/webhookHub.js';

let store: FaultStore;
let receiver: HttpsReceiver;
let gate: TcpGate;
let service: ServiceProcess;
let key = '';
/** Per path of the receiver: whether it answers 2xx. */
let streakUp = false;
const hooks: Record<string, { botId: string; webhookId: string }> = {};
/** The receiver's replies per delivery id, in order. */
const replies = new Map<string, number[]>();

test.before(async () => {
  store = await freshStore();
  receiver = await startHttpsReceiver();
  receiver.respondWith((req) => {
    const id = String(req.headers['x-webhook-delivery-id']);
    const n = (replies.get(id)?.length ?? 0) + 1;
    let status = 200;
    if (req.path === '/flaky') status = n <= 2 ? 503 : 200;
    else if (req.path === '/streak') status = streakUp ? 200 : 500;
    else if (req.path === '/gone') status = 410;
    replies.set(id, [...(replies.get(id) ?? []), status]);
    return { status, body: { ok: status < 300 } };
  });
  gate = await tcpGate(receiver.port);
  const env = webhookServiceEnv(store.env, receiver, '10000');
  key = (
    await cliJson(
      env,
      'workspace',
      'create',
      '--name',
      'Receiver down',
      '--plan',
      'pro',
      '--owner-email',
      'ops@receiver-down.test',
    )
  ).apiKey;
  service = await startService(env);
  for (const [name, url] of [
    ['flaky', `${receiver.url}/flaky`],
    ['down', `https://127.0.0.1:${gate.port}/down`],
    ['streak', `${receiver.url}/streak`],
    ['gone', `${receiver.url}/gone`],
    ['sentinel', `${receiver.url}/sentinel`],
  ] as const) {
    const bot = await http(service.url, 'POST', `${EXTERNAL}/chatbots`, { key, body: { name: `Bot ${name}` } });
    assert.is(bot.status, 201, bot.text);
    const hook = await http(service.url, 'POST', `${EXTERNAL}/webhooks`, {
      key,
      body: { chatbotId: bot.body.data.id, url, events: ALL_WEBHOOK_EVENTS },
    });
    assert.is(hook.status, 201, hook.text);
    hooks[name] = { botId: bot.body.data.id, webhookId: hook.body.data.id };
  }
});

test.after(async () => {
  await service?.kill('SIGTERM');
  await gate?.close();
  await receiver?.close();
  await store?.cleanup();
});

/** Starts a visitor session on the hook's chatbot: one conversation.started event. */
async function startSession(hook: string): Promise<string> {
  const r = await http(service.url, 'POST', `/api/v1/chat/${hooks[hook]!.botId}/sessions`, {
    body: { visitorId: `v-${hook}` },
  });
  assert.is(r.status, 201, r.text);
  return r.body.sessionId as string;
}

const at = (path: string) => receiver.requests.filter((r) => r.path === path);
const sessionOf = (r: ReceivedRequest) => jsonBody<{ chatSessionId: string }>(r).chatSessionId;
function byDelivery(path: string): Map<string, ReceivedRequest[]> {
  const out = new Map<string, ReceivedRequest[]>();
  for (const r of at(path)) {
    const id = String(r.headers['x-webhook-delivery-id']);
    out.set(id, [...(out.get(id) ?? []), r]);
  }
  return out;
}

async function webhook(name: string): Promise<{ status: string; failureCount: number }> {
  const r = await http(service.url, 'GET', `${EXTERNAL}/webhooks`, { key });
  assert.is(r.status, 200, r.text);
  const doc = (r.body.data as Array<{ id: string; status: string; failureCount: number }>).find(
    (w) => w.id === hooks[name]!.webhookId,
  );
  assert.ok(doc, `webhook ${name} is listed`);
  return doc!;
}

test('receiver failing for part of the retry window: every event arrives once it is back, the webhook stays active', async () => {
  const sessions = await Promise.all([1, 2, 3, 4, 5].map(() => startSession('flaky')));
  await eventually(
    async () => [...byDelivery('/flaky').values()].filter((rs) => rs.length >= 3).length === 5,
    30_000,
    '5 deliveries to succeed on their third attempt',
  );
  await sleep(500);
  const deliveries = byDelivery('/flaky');
  assert.is(deliveries.size, 5);
  for (const [id, rs] of deliveries) {
    assert.equal(replies.get(id), [503, 503, 200], `delivery ${id}: two failures, then delivered, then nothing more`);
    assert.ok(
      rs.every((r) => r.rawBody.equals(rs[0]!.rawBody)),
      'every attempt carries the same bytes',
    );
  }
  assert.equal([...deliveries.values()].map((rs) => sessionOf(rs[0]!)).sort(), [...sessions].sort());
  const w = await webhook('flaky');
  assert.equal([w.status, w.failureCount], ['active', 0]);
});

test('nothing listening for the whole retry window: each delivery fails after 1 + 3 attempts and counts once; back up, events flow and the streak resets', async () => {
  assert.not.ok(gate.isOpen());
  await Promise.all([1, 2, 3].map(() => startSession('down')));
  const afterOutage = await eventually(
    async () => {
      const w = await webhook('down');
      return w.failureCount >= 3 ? w : null;
    },
    30_000,
    'three failed deliveries to be counted',
  );
  assert.is(afterOutage.failureCount, 3);
  assert.is(afterOutage.status, 'active', '3 failed deliveries are below the 10 that disable a webhook');
  await gate.open();
  const session = await startSession('down');
  const [arrived] = await eventually(
    async () => {
      const rs = at('/down');
      return rs.length ? rs : null;
    },
    15_000,
    'the delivery after the receiver came back',
  );
  assert.is(sessionOf(arrived!), session);
  await eventually(
    async () => (await webhook('down')).failureCount === 0,
    10_000,
    'a success to end the failure streak',
  );
  assert.is(at('/down').length, 1, 'the deliveries that failed during the outage are not sent again');
});

test('10 consecutive failed deliveries set the webhook to failed: not at 9, exactly at 10; then no events until reactivated', async () => {
  streakUp = false;
  await Promise.all(Array.from({ length: 9 }, () => startSession('streak')));
  await eventually(async () => (await webhook('streak')).failureCount >= 9, 60_000, 'nine failed deliveries');
  const nine = await webhook('streak');
  assert.equal([nine.failureCount, nine.status], [9, 'active']);
  for (const [id] of byDelivery('/streak'))
    assert.equal(replies.get(id), [500, 500, 500, 500], `delivery ${id}: 1 + 3 attempts`);

  await startSession('streak');
  await eventually(
    async () => (await webhook('streak')).status === 'failed',
    30_000,
    'the tenth failed delivery to disable the webhook',
  );
  assert.is((await webhook('streak')).failureCount, 10);
  assert.is(byDelivery('/streak').size, 10);
  for (const [id] of byDelivery('/streak')) assert.equal(replies.get(id), [500, 500, 500, 500]);

  // An event for the failed webhook, then one for a healthy webhook: fan-out is in log order,
  // so once the second has arrived the first has been handled, and it must not be sent.
  const ignored = await startSession('streak');
  const marker = await startSession('sentinel');
  await eventually(async () => at('/sentinel').some((r) => sessionOf(r) === marker), 15_000, 'the sentinel event');
  await sleep(500);
  assert.not.ok(
    at('/streak').some((r) => sessionOf(r) === ignored),
    'a failed webhook gets no events',
  );

  streakUp = true;
  const reactivated = await http(service.url, 'PATCH', `${EXTERNAL}/webhooks/${hooks.streak!.webhookId}`, {
    key,
    body: { status: 'active' },
  });
  assert.is(reactivated.status, 200, reactivated.text);
  const back = await webhook('streak');
  assert.equal([back.status, back.failureCount], ['active', 0]);
  const after = await startSession('streak');
  await eventually(
    async () => at('/streak').some((r) => sessionOf(r) === after),
    15_000,
    'an event after reactivation',
  );
  assert.not.ok(
    at('/streak').some((r) => sessionOf(r) === ignored),
    'the event sent while failed is not sent after reactivation',
  );
});

test('410 Gone disables the webhook at once: one attempt, no retries', async () => {
  await startSession('gone');
  await eventually(
    async () => (await webhook('gone')).status === 'failed',
    15_000,
    'the webhook to be failed after a 410',
  );
  await sleep(800);
  const deliveries = byDelivery('/gone');
  assert.is(deliveries.size, 1);
  assert.equal(
    [...deliveries.values()].map((rs) => rs.length),
    [1],
  );
});

test('the delivery log (read after a clean stop) has 1 + 3 distinct attempts per failed delivery', async () => {
  await service.kill('SIGTERM');
  const sql = await store.openSql();
  try {
    const rows = async (name: string) =>
      (
        await sql.query<{
          delivery_id: string;
          attempt: number;
          success: boolean;
          status_code: number | null;
          error: string | null;
        }>(
          `SELECT delivery_id, attempt, success, status_code, error FROM webhook_delivery_attempts WHERE webhook_id = $1 ORDER BY delivery_id, attempt`,
          [hooks[name]!.webhookId],
        )
      ).rows;
    const grouped = (rs: Awaited<ReturnType<typeof rows>>) => {
      const out = new Map<string, typeof rs>();
      for (const r of rs) out.set(r.delivery_id, [...(out.get(r.delivery_id) ?? []), r]);
      return out;
    };
    const down = grouped(await rows('down'));
    const failed = [...down.values()].filter((rs) => rs.every((r) => !r.success));
    assert.is(failed.length, 3, 'three deliveries failed while nothing listened');
    for (const rs of failed) {
      assert.equal(
        rs.map((r) => Number(r.attempt)),
        [1, 2, 3, 4],
      );
      assert.ok(
        rs.every((r) => r.status_code === null && /ECONNREFUSED/.test(String(r.error))),
        JSON.stringify(rs),
      );
    }
    const streak = grouped(await rows('streak'));
    const streakFailed = [...streak.values()].filter((rs) => rs.every((r) => !r.success));
    assert.is(streakFailed.length, 10);
    for (const rs of streakFailed)
      assert.equal(
        rs.map((r) => [Number(r.attempt), r.status_code]),
        [
          [1, 500],
          [2, 500],
          [3, 500],
          [4, 500],
        ],
      );
    const gone = await rows('gone');
    assert.equal(
      gone.map((r) => [Number(r.attempt), r.status_code]),
      [[1, 410]],
    );
    const flaky = grouped(await rows('flaky'));
    for (const rs of flaky.values())
      assert.equal(
        rs.map((r) => [Number(r.attempt), r.success]),
        [
          [1, false],
          [2, false],
          [3, true],
        ],
      );
  } finally {
    await sql.close();
  }
});

test.run();

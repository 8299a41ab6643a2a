/**
 * Black box, a webhook receiver's view (docs/events.md: payloads, delivery headers, signatures,
 * retries and auto-disable, webhook status; docs/sdks.md and the SDK READMEs: webhook verification).
 * A real HTTPS receiver gets the deliveries of a real `node app/main.ts` (embedded store, or a
 * fresh PostgreSQL schema when DATABASE_URL is set): webhookReceiverHarness.ts.
 *
 * This file: what happens when the receiver fails: retries (same delivery id and bytes, the
 * documented schedule, Retry-After), 410 and ten failures disabling, the delivery log, resends,
 * deleted webhooks and a plan without webhooks. Only what the documents promise is asserted: no
 * ordering, and duplicates only as "the same delivery id, the same bytes, at most 1 + 3 times".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, sleep } from '../support/waiting.js';
import type { ReceiverReply } from '../support/httpsReceiver.js';
import {
  root,
  DELAYS,
  TIMEOUT_MS,
  FLOW,
  bb,
  receiver,
  key,
  behaviour,
  seen,
  botWithHook,
  startSession,
  at,
  deliveryId,
  bodyOf,
  byDelivery,
  hookView,
  dashboard,
  allLogPages,
  readmeVerify,
  startReceiverAudit,
  stopReceiverAudit,
} from './webhookReceiverHarness.js';

test.before(startReceiverAudit);
test.after(stopReceiverAudit);

test('retries: same delivery id and bytes, the documented schedule, fresh send time and signature each attempt; success clears the streak', async () => {
  const h = await botWithHook('/flaky', ['conversation.started']);
  behaviour.set('/flaky', (n) => ({ status: n <= 3 ? 500 : 200, body: { n } }));
  await startSession(h.botId);
  await startSession(h.botId);
  await eventually(
    async () => [...byDelivery('/flaky').values()].filter((rs) => rs.length >= 4).length === 2,
    30_000,
    'two deliveries on their 4th attempt',
  );
  await sleep(DELAYS[2]! + 800);
  const deliveries = byDelivery('/flaky');
  assert.is(deliveries.size, 2, 'two deliveries, distinct ids');
  for (const [id, rs] of deliveries) {
    assert.is(rs.length, 4, `delivery ${id}: 1 + 3 attempts, then nothing`);
    assert.ok(
      rs.every((r) => r.rawBody.equals(rs[0]!.rawBody)),
      'same bytes on every attempt',
    );
    assert.ok(rs.every((r) => r.headers['webhook-id'] === id));
    for (let i = 1; i < rs.length; i++) {
      const gap = rs[i]!.receivedAt.getTime() - rs[i - 1]!.receivedAt.getTime();
      assert.ok(gap >= DELAYS[i - 1]! - 50, `retry ${i} after ${gap} ms, planned ${DELAYS[i - 1]}`);
      assert.ok(gap < DELAYS[i - 1]! + 5000, `retry ${i} after ${gap} ms, not much later than planned`);
      assert.ok(
        Number(rs[i]!.headers['x-webhook-timestamp']) > Number(rs[i - 1]!.headers['x-webhook-timestamp']),
        "x-webhook-timestamp is each attempt's send time",
      );
    }
    const { default: Confab } = await import(`${root}sdks/node/dist/index.js`);
    for (const r of rs) assert.equal(Confab.webhooks.verify(r.rawBody, r.headers, h.secret), bodyOf(r));
  }
  const view = await hookView(h.hookId);
  assert.equal([view.status, view.failureCount], ['active', 0]);
  assert.ok(view.lastDeliveryAt, 'lastDeliveryAt set');
  const lastOk = Math.max(
    ...at('/flaky')
      .filter((r) => seen.get(`/flaky ${deliveryId(r)}`) === 4)
      .map((r) => r.receivedAt.getTime()),
  );
  assert.ok(
    Math.abs(Date.parse(view.lastDeliveryAt) - lastOk) < 3000,
    `lastDeliveryAt ${view.lastDeliveryAt} is the last success`,
  );
  // failureCount counts failed deliveries (after their retries), and lastFailureAt goes with it:
  // attempts that were retried into a success are no failure of the delivery.
  assert.is(view.lastFailureAt, null, 'no delivery failed for good');
});

test('every non-2xx answer and a timeout are retried (no redirect is followed); a failed delivery counts once', async () => {
  const cases: Array<[string, (n: number) => ReceiverReply]> = [
    ['/s400', () => ({ status: 400 })],
    ['/s404', () => ({ status: 404 })],
    ['/s302', () => ({ status: 302, headers: { location: `${receiver.url}/redirected` } })],
    ['/s500', () => ({ status: 500 })],
    ['/slow', () => ({ status: 200, delayMs: TIMEOUT_MS + 1500 })],
  ];
  const hooks: Record<string, string> = {};
  for (const [path, fn] of cases) {
    behaviour.set(path, fn);
    const h = await botWithHook(path, ['conversation.started']);
    hooks[path] = h.hookId;
    await startSession(h.botId);
  }
  await eventually(
    async () => {
      for (const [path] of cases) if ((await hookView(hooks[path]!)).failureCount < 1) return false;
      return true;
    },
    40_000,
    'each delivery to fail for good',
  );
  await sleep(600);
  for (const [path] of cases) {
    const ds = byDelivery(path);
    assert.is(ds.size, 1, path);
    assert.is([...ds.values()][0]!.length, 4, `${path}: 1 + 3 attempts`);
    const v = await hookView(hooks[path]!);
    assert.equal([v.status, v.failureCount], ['active', 1], path);
    assert.is(v.lastDeliveryAt, null, `${path}: never delivered`);
    assert.match(v.lastFailureAt, /^\d{4}-/);
  }
  assert.is(at('/redirected').length, 0, 'redirects are not followed');
});

test('Retry-After on 429 and 503 postpones the retry', async () => {
  behaviour.set('/later', (n) =>
    n === 1
      ? { status: 429, headers: { 'retry-after': '3' } }
      : n === 2
        ? { status: 503, headers: { 'retry-after': '2' } }
        : { status: 200 },
  );
  const h = await botWithHook('/later', ['conversation.started']);
  await startSession(h.botId);
  await eventually(async () => at('/later').length >= 3, 20_000, 'the third attempt');
  const rs = at('/later');
  const gap1 = rs[1]!.receivedAt.getTime() - rs[0]!.receivedAt.getTime();
  const gap2 = rs[2]!.receivedAt.getTime() - rs[1]!.receivedAt.getTime();
  assert.ok(gap1 >= 2950, `429 Retry-After: 3 honoured (${gap1} ms)`);
  assert.ok(gap2 >= 1950, `503 Retry-After: 2 honoured (${gap2} ms)`);
  assert.equal([(await hookView(h.hookId)).failureCount], [0]);
});

test('410 Gone disables at once: one attempt, status failed, nothing more until PATCH {status:"active"}', async () => {
  let gone = true;
  behaviour.set('/gone', () => ({ status: gone ? 410 : 200 }));
  const h = await botWithHook('/gone', ['conversation.started']);
  await startSession(h.botId);
  await eventually(async () => (await hookView(h.hookId)).status === 'failed', 15_000, 'failed after 410');
  const dropped = await startSession(h.botId);
  await sleep(DELAYS[0]! + 1500);
  assert.is(at('/gone').length, 1, 'one attempt, no retry, nothing while failed');
  gone = false;
  const patch = await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { status: 'active' } });
  assert.is(patch.status, 200, patch.text);
  assert.equal([patch.body.data.status, patch.body.data.failureCount], ['active', 0]);
  const after = await startSession(h.botId);
  await eventually(
    async () => at('/gone').some((r) => bodyOf(r).chatSessionId === after),
    15_000,
    'an event after reactivation',
  );
  assert.not.ok(
    at('/gone').some((r) => bodyOf(r).chatSessionId === dropped),
    'events while failed are not sent later',
  );
});

test('10 consecutive failed deliveries set failed (not 9); paused gets nothing; PATCH active reactivates', async () => {
  let up = false;
  behaviour.set('/streak', () => ({ status: up ? 200 : 500 }));
  const h = await botWithHook('/streak', ['conversation.started']);
  for (let i = 0; i < 9; i++) await startSession(h.botId);
  await eventually(async () => (await hookView(h.hookId)).failureCount >= 9, 40_000, 'nine failures');
  assert.equal([(await hookView(h.hookId)).status, (await hookView(h.hookId)).failureCount], ['active', 9]);
  await startSession(h.botId);
  await eventually(async () => (await hookView(h.hookId)).status === 'failed', 20_000, 'failed at the tenth');
  assert.is((await hookView(h.hookId)).failureCount, 10);
  assert.is(byDelivery('/streak').size, 10);
  const bad = await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { status: 'failed' } });
  assert.is(bad.status, 400, 'a client cannot set failed');
  up = true;
  assert.is((await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { status: 'active' } })).status, 200);
  assert.equal([(await hookView(h.hookId)).status, (await hookView(h.hookId)).failureCount], ['active', 0]);

  assert.is(
    (await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { status: 'paused' } })).body.data.status,
    'paused',
  );
  const whilePaused = await startSession(h.botId);
  await sleep(1500);
  assert.is(
    (await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { status: 'active' } })).body.data.status,
    'active',
  );
  const resumed = await startSession(h.botId);
  await eventually(
    async () => at('/streak').some((r) => bodyOf(r).chatSessionId === resumed),
    15_000,
    'an event after resuming',
  );
  assert.not.ok(
    at('/streak').some((r) => bodyOf(r).chatSessionId === whilePaused),
    'nothing delivered for the paused time',
  );
  assert.is((await hookView(h.hookId)).failureCount, 0);
});

test('the delivery log: every attempt newest first, 25 a page by default, cursor paging without gaps or repeats, the exact payload', async () => {
  const h = await botWithHook('/log', ['conversation.started']);
  behaviour.set('/log', (n) => ({ status: n === 1 ? 502 : 200 }));
  for (let i = 0; i < 14; i++) await startSession(h.botId);
  // 14 deliveries × 2 attempts = 28 attempts
  await eventually(async () => at('/log').length >= 28, 30_000, '28 attempts');
  await sleep(800);
  const first = await dashboard('GET', `/webhooks/${h.hookId}/deliveries`);
  assert.is(first.status, 200, first.text);
  assert.is(first.body.data.length, 25, 'default page size 25');
  assert.type(first.body.nextCursor, 'string');
  for (const limit of [undefined, 5, 100]) {
    const { entries, pages } = await allLogPages(h.hookId, limit);
    assert.is(entries.length, 28, `all attempts with limit ${limit}`);
    assert.is(new Set(entries.map((e) => e.id)).size, 28, 'no attempt twice');
    if (limit === 5)
      assert.equal(
        pages.map((p) => p.length),
        [5, 5, 5, 5, 5, 3],
      );
    const times = entries.map((e) => Date.parse(e.createdAt));
    for (let i = 1; i < times.length; i++) assert.ok(times[i - 1]! >= times[i]!, 'newest first');
  }
  const { entries } = await allLogPages(h.hookId);
  const received = byDelivery('/log');
  for (const [id, rs] of received) {
    const logged = entries.filter((e) => e.deliveryId === id).sort((a, b) => a.attempt - b.attempt);
    assert.equal(
      logged.map((e) => [e.attempt, e.success, e.statusCode]),
      [
        [1, false, 502],
        [2, true, 200],
      ],
    );
    assert.is(logged[0]!.payload, rs[0]!.rawBody.toString('utf8'), 'the exact payload sent');
    assert.is(logged[0]!.event, 'conversation.started');
  }
  const view = await hookView(h.hookId);
  const latestOk = entries
    .filter((e) => e.success)
    .map((e) => e.createdAt)
    .sort()
    .pop();
  assert.ok(
    Math.abs(Date.parse(view.lastDeliveryAt) - Date.parse(latestOk)) < 2000,
    `lastDeliveryAt ${view.lastDeliveryAt} ≈ latest success in the log ${latestOk}`,
  );
  const badCursor = await dashboard('GET', `/webhooks/${h.hookId}/deliveries?cursor=nonsense`);
  assert.is(badCursor.status, 400, badCursor.text);
  assert.is((await dashboard('GET', `/webhooks/${h.hookId}/deliveries?limit=101`)).status, 400);
  assert.is((await dashboard('GET', `/webhooks/${h.hookId}/deliveries?limit=0`)).status, 400);
});

test('a resend is a new delivery: new delivery id, the same payload, signed afresh', async () => {
  const h = await botWithHook('/resend', ['conversation.started']);
  await startSession(h.botId);
  await eventually(async () => at('/resend').length >= 1, 15_000, 'the delivery');
  const original = at('/resend')[0]!;
  const r = await dashboard('POST', `/webhooks/${h.hookId}/deliveries/${deliveryId(original)}/resend`);
  assert.is(r.status, 202, r.text);
  await eventually(async () => at('/resend').length >= 2, 15_000, 'the resend');
  const again = at('/resend')[1]!;
  assert.is.not(deliveryId(again), deliveryId(original));
  assert.is(again.rawBody.toString(), original.rawBody.toString());
  assert.ok(readmeVerify(again.rawBody, again, h.secret));
  assert.is(r.body.data.deliveryId, deliveryId(again));
});

test('any 2xx is a success: no retry, failureCount stays 0', async () => {
  const paths = ['/s201', '/s204', '/s299'];
  const ids: string[] = [];
  for (const path of paths) {
    behaviour.set(path, () => ({ status: Number(path.slice(2)) }));
    const h = await botWithHook(path, ['conversation.started']);
    ids.push(h.hookId);
    await startSession(h.botId);
  }
  await eventually(async () => paths.every((p) => at(p).length >= 1), 15_000, 'one delivery each');
  await sleep(DELAYS[0]! + 1200);
  for (const [i, path] of paths.entries()) {
    assert.is(at(path).length, 1, `${path}: not retried`);
    const v = await hookView(ids[i]!);
    assert.equal([v.status, v.failureCount, v.lastDeliveryAt === null], ['active', 0, false], path);
  }
});

test('deleting a webhook stops its pending retries and removes its log', async () => {
  behaviour.set('/deleted', () => ({ status: 500 }));
  const h = await botWithHook('/deleted', ['conversation.started']);
  await startSession(h.botId);
  await eventually(async () => at('/deleted').length >= 1, 15_000, 'the first attempt');
  const del = await bb.api('DELETE', `/webhooks/${h.hookId}`, { key });
  assert.is(del.status, 200, del.text);
  const count = at('/deleted').length;
  await sleep(DELAYS.reduce((a, b) => a + b, 0) + 1500);
  assert.ok(
    at('/deleted').length <= count + 1,
    `no retries after the delete (one may have been in flight): ${count} → ${at('/deleted').length}`,
  );
  assert.is((await dashboard('GET', `/webhooks/${h.hookId}/deliveries`)).status, 404);
});

test('a workspace moved to Free gets no deliveries; after the upgrade events flow again and the ones between are not sent', async () => {
  const ws = await bb.workspace('pro');
  const b = await bb.api('POST', '/chatbots', { key: ws.apiKey, body: { name: 'Plan bot', flow: FLOW } });
  const hook = await bb.api('POST', '/webhooks', {
    key: ws.apiKey,
    body: { chatbotId: b.body.data.id, url: `${receiver.url}/plan`, events: ['conversation.started'] },
  });
  assert.is(hook.status, 201, hook.text);
  await bb.cliJson('workspace', 'set-plan', '--workspace', ws.workspaceId, '--plan', 'free');
  const between = await startSession(b.body.data.id);
  await sleep(1500);
  assert.is(at('/plan').length, 0, 'no delivery on the Free plan');
  await bb.cliJson('workspace', 'set-plan', '--workspace', ws.workspaceId, '--plan', 'pro');
  const after = await startSession(b.body.data.id);
  await eventually(
    async () => at('/plan').some((r) => bodyOf(r).chatSessionId === after),
    15_000,
    'the event after the upgrade',
  );
  await sleep(500);
  assert.not.ok(
    at('/plan').some((r) => bodyOf(r).chatSessionId === between),
    'the event in between is not sent later',
  );
});

test.run();

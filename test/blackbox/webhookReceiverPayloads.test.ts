/**
 * Black box, a webhook receiver's view (docs/events.md: payloads, delivery headers, signatures,
 * retries and auto-disable, webhook status; docs/sdks.md and the SDK READMEs: webhook verification).
 * A real HTTPS receiver gets the deliveries of a real `node app/main.ts` (embedded store, or a
 * fresh PostgreSQL schema when DATABASE_URL is set): webhookReceiverHarness.ts.
 *
 * This file: what a delivery carries: headers, payload fields and types per event, which
 * webhooks get it, signatures (docs/events.md recipe, both SDKs), and the secret shown once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, sleep } from '../support/waiting.js';
import { sortedKeys, type ApiAnswer } from './blackboxServer.js';
import {
  root,
  EVENTS,
  ISO_MS,
  DOCUMENTED_HEADERS,
  TRANSPORT_HEADERS,
  PAYLOAD_FIELDS,
  bb,
  receiver,
  key,
  secrets,
  botWithHook,
  startSession,
  say,
  at,
  bodyOf,
  byDelivery,
  hookView,
  dashboard,
  readmeVerify,
  pythonVerify,
  plainHeaders,
  startReceiverAudit,
  stopReceiverAudit,
} from './webhookReceiverHarness.js';

test.before(startReceiverAudit);
test.after(stopReceiverAudit);

let shapes: { botId: string; hookId: string; secret: string };

test('every event type arrives with exactly the documented headers, fields and types', async () => {
  shapes = await botWithHook('/shapes');
  const s1 = await startSession(shapes.botId, { visitorId: 'visitor-1', channel: 'whatsapp' });
  await say(shapes.botId, s1, 'Ann');
  const done = await say(shapes.botId, s1, 'ann@example.com');
  assert.is(done.body.done, true, 'the flow ran to its end');
  const s2 = await startSession(shapes.botId, { visitorId: 'visitor-2' });
  assert.is(
    (await bb.http('POST', `/api/v1/chat/${shapes.botId}/sessions/${s2}/escalate`, { body: { reason: 'angry' } }))
      .status,
    200,
  );
  const s3 = await startSession(shapes.botId);
  assert.is((await bb.http('POST', `/api/v1/chat/${shapes.botId}/sessions/${s3}/end`)).status, 200);
  // s1: started, created, updated, completed; s2: started, completed; s3: started, completed
  await eventually(async () => byDelivery('/shapes').size >= 8, 20_000, '8 deliveries');
  await sleep(500);
  const deliveries = byDelivery('/shapes');
  assert.is(deliveries.size, 8, 'one delivery per event');

  const events: any[] = [];
  for (const [id, reqs] of deliveries) {
    assert.is(reqs.length, 1, 'a receiver answering 200 gets each delivery once');
    const r = reqs[0]!;
    assert.is(r.method, 'POST');
    const names = Object.keys(r.headers);
    for (const h of DOCUMENTED_HEADERS) assert.ok(names.includes(h), `header ${h} present`);
    const extra = names.filter((n) => !DOCUMENTED_HEADERS.includes(n) && !TRANSPORT_HEADERS.includes(n));
    assert.equal(extra, [], 'no undocumented headers');
    assert.is(r.headers['content-type'], 'application/json');
    assert.is(r.headers['user-agent'], 'Confab-Webhooks/1.0');
    assert.match(String(r.headers['x-webhook-signature']), /^[0-9a-f]{64}$/);
    assert.is(r.headers['webhook-id'], id, 'webhook-id is the delivery id');
    const ms = Number(r.headers['x-webhook-timestamp']);
    assert.match(String(r.headers['x-webhook-timestamp']), /^\d{13}$/, 'epoch milliseconds');
    assert.ok(Math.abs(ms - r.receivedAt.getTime()) < 5000, 'x-webhook-timestamp is the send time');
    assert.is(
      Number(r.headers['webhook-timestamp']),
      Math.floor(ms / 1000),
      'webhook-timestamp is the same instant in seconds',
    );
    assert.match(String(r.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);

    const body = bodyOf(r);
    assert.is(body.event, r.headers['x-webhook-event']);
    const expected = [...PAYLOAD_FIELDS[body.event]!];
    if (body.event === 'conversation.completed' && body.resolution === 'escalated') expected.push('escalationReason');
    assert.equal(sortedKeys(body), expected.sort(), `${body.event} fields`);
    for (const [k, v] of Object.entries(body)) {
      if (k === 'duration' || k === 'turnCount') assert.ok(Number.isInteger(v) && (v as number) >= 0, `${k} integer`);
      else assert.type(v, 'string', `${body.event}.${k} is a string`);
    }
    assert.match(body.timestamp, ISO_MS);
    assert.is(body.botId, shapes.botId);
    events.push(body);
  }
  assert.is(new Set(deliveries.keys()).size, 8, 'distinct delivery ids');
  const of = (s: string) =>
    events
      .filter((e) => e.chatSessionId === s)
      .map((e) => e.event)
      .sort();
  assert.equal(of(s1), [...EVENTS].sort());
  assert.equal(of(s2), ['conversation.completed', 'conversation.started']);
  const started = events.find((e) => e.event === 'conversation.started' && e.chatSessionId === s1);
  assert.equal([started.visitorId, started.channel, started.chatbotName], ['visitor-1', 'whatsapp', 'Bot /shapes']);
  assert.is(events.find((e) => e.event === 'conversation.started' && e.chatSessionId === s3).channel, 'web');
  const created = events.find((e) => e.event === 'response.created');
  const updated = events.find((e) => e.event === 'response.updated');
  assert.is(created.responseId, updated.responseId);
  const completed = (s: string) => events.find((e) => e.event === 'conversation.completed' && e.chatSessionId === s);
  assert.equal([completed(s1).resolution, completed(s1).turnCount], ['resolved', 2]);
  assert.equal(
    [completed(s2).resolution, completed(s2).escalationReason, completed(s2).turnCount],
    ['escalated', 'angry', 0],
  );
  assert.is(completed(s3).resolution, 'ended');
});

test('a webhook gets only its events and only its chatbot', async () => {
  const narrow = await botWithHook('/narrow', ['conversation.completed']);
  const s = await startSession(narrow.botId);
  await say(narrow.botId, s, 'Bo');
  await say(narrow.botId, s, 'bo@example.com');
  await eventually(async () => at('/narrow').length >= 1, 15_000, 'the completion');
  await sleep(800);
  assert.equal(
    at('/narrow').map((r) => bodyOf(r).event),
    ['conversation.completed'],
  );
  assert.ok(
    at('/shapes').every((r) => bodyOf(r).botId === shapes.botId),
    "no other chatbot's events",
  );
});

test('signatures verify with the README recipe (Node, Python) and both SDKs; tampering, a wrong secret and an old timestamp are refused', async () => {
  const { default: Confab, WebhookVerificationError } = await import(`${root}sdks/node/dist/index.js`);
  const reqs = at('/shapes');
  assert.ok(reqs.length >= 8);
  const other = secrets[secrets.length - 1]!;
  assert.is.not(other, shapes.secret);
  const refuses = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof WebhookVerificationError;
    }
    return false;
  };
  const cases: Array<{
    body: Buffer;
    headers: Record<string, string>;
    secret: string;
    now?: number;
    want: [boolean, string];
  }> = [];
  for (const r of reqs) {
    const headers = plainHeaders(r);
    assert.ok(readmeVerify(r.rawBody, r, shapes.secret), 'README recipe accepts');
    assert.not.ok(readmeVerify(r.rawBody, r, other), 'README recipe refuses another secret');
    const event = Confab.webhooks.verify(r.rawBody, r.headers, shapes.secret);
    assert.equal(event, bodyOf(r));
    assert.equal(
      Confab.webhooks.verify(r.rawBody.toString('utf8'), new Headers(headers), shapes.secret),
      bodyOf(r),
      'fetch Headers and a string body',
    );

    const tampered = Buffer.from(r.rawBody.toString('utf8').replace(shapes.botId, 'bot_forged'));
    assert.is.not(tampered.toString(), r.rawBody.toString());
    assert.ok(
      refuses(() => Confab.webhooks.verify(tampered, r.headers, shapes.secret)),
      'tampered body refused',
    );
    assert.ok(
      refuses(() => Confab.webhooks.verify(r.rawBody, r.headers, other)),
      'wrong secret refused',
    );
    const later = Number(r.headers['x-webhook-timestamp']) + 301_000;
    assert.ok(
      refuses(() => Confab.webhooks.verify(r.rawBody, r.headers, shapes.secret, { now: later })),
      'a delivery over 5 minutes old refused',
    );
    assert.not.ok(
      refuses(() => Confab.webhooks.verify(r.rawBody, r.headers, shapes.secret, { now: later - 2000 })),
      'within 5 minutes accepted',
    );

    cases.push({ body: r.rawBody, headers, secret: shapes.secret, want: [true, 'ok'] });
    cases.push({ body: tampered, headers, secret: shapes.secret, want: [false, 'WebhookVerificationError'] });
    cases.push({ body: r.rawBody, headers, secret: other, want: [false, 'WebhookVerificationError'] });
    cases.push({
      body: r.rawBody,
      headers,
      secret: shapes.secret,
      now: later / 1000,
      want: [true, 'WebhookVerificationError'],
    });
  }
  const got = pythonVerify(cases);
  assert.equal(
    got.map((g) => [g.doc, g.sdk]),
    cases.map((c) => c.want),
  );
});

test('the secret is answered once: never by list, PATCH, the dashboard, the delivery log or error answers', async () => {
  const h = await botWithHook('/secret');
  const answers: ApiAnswer[] = [
    await bb.api('GET', '/webhooks', { key }),
    await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { description: 'renamed' } }),
    await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { status: 'failed' } }),
    await bb.api('PATCH', `/webhooks/${h.hookId}`, { key, body: { url: 'http://example.com/x' } }),
    await bb.api('POST', '/webhooks', {
      key,
      body: { chatbotId: shapes.botId, url: `${receiver.url}/shapes`, events: EVENTS },
    }),
    await bb.api('POST', '/webhooks', {
      key,
      body: { chatbotId: shapes.botId, url: `${receiver.url}/x`, events: ['nope'] },
    }),
    await bb.api('GET', `/webhooks/${h.hookId}`, { key }),
    await dashboard('GET', '/webhooks'),
    await dashboard('PATCH', `/webhooks/${h.hookId}`, { description: 'again' }),
    await dashboard('GET', `/webhooks/${shapes.hookId}/deliveries?limit=100`),
    await dashboard('GET', `/webhooks/${(await hookView(h.hookId)).id}/deliveries`),
  ];
  assert.is(answers[4]!.status, 409, answers[4]!.text);
  assert.is(answers[5]!.status, 400);
  assert.is(answers[7]!.status, 200, answers[7]!.text);
  assert.ok(answers[9]!.body.data.length >= 8, 'the log has entries');
  for (const a of answers) {
    for (const s of secrets) assert.not.ok(a.text.includes(s), `no secret in ${a.status} ${a.text.slice(0, 120)}`);
    assert.not.ok(/"secret"/.test(a.text), 'no secret field');
  }
  for (const e of answers[9]!.body.data) {
    assert.ok(
      e.requestHeaders['x-webhook-signature'] === undefined ||
        /^[0-9a-f]{64}$/.test(e.requestHeaders['x-webhook-signature']),
    );
  }
});

test.run();

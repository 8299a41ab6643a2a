/**
 * Webhook verification without the service: deliveries signed with `signedHeaders` (the headers
 * Confab sends, docs/events.md) are posted to a local receiver, and the SDK verifies the raw body
 * and headers as received, in both schemes, and refuses tampered bodies, wrong secrets, old
 * timestamps and missing signatures. The same checks on real deliveries of the service are in
 * the service's tree (test/sdks/node/webhookVerification.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { type WebhookEvent } from '../src/index.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from './support/webhookReceiver.js';
import { rejects } from './support/verificationRefusal.js';

const secret = 'a1'.repeat(32);
const STANDARD = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
const without = (headers: ReceivedDelivery['headers'], names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));

let receiver: WebhookReceiver;
let d: ReceivedDelivery;

test.before(async () => {
  receiver = await startWebhookReceiver();
  const body = JSON.stringify({
    event: 'conversation.started',
    botId: 'b1',
    chatSessionId: 's1',
    visitorId: 'visitor-7',
    chatbotName: 'Hook bot',
    channel: 'web',
    timestamp: new Date().toISOString(),
  });
  d = await receiver.deliver(body, Confab.webhooks.signedHeaders(body, secret, { event: 'conversation.started' }));
});
test.after(async () => receiver?.close());

test('verify returns the parsed event of a delivery, on the class and on the instance', () => {
  const event: WebhookEvent = Confab.webhooks.verify(d.rawBody, d.headers, secret);
  assert.equal(event, JSON.parse(d.rawBody.toString('utf8')));
  assert.is(event.event, d.headers['x-webhook-event']);
  const headers = new Headers(Object.entries(d.headers).map(([k, v]) => [k, String(v)]) as [string, string][]);
  const client = new Confab({ apiKey: 'k', baseURL: receiver.url });
  assert.equal(client.webhooks.verify(d.rawBody.toString('utf8'), headers, secret), event);
});

test('each scheme alone verifies: Standard Webhooks, and the body-only x-webhook-signature when allowed', () => {
  assert.ok(Confab.webhooks.verify(d.rawBody, without(d.headers, STANDARD), secret, { allowBodyOnlySignature: true }));
  assert.ok(Confab.webhooks.verify(d.rawBody, without(d.headers, ['x-webhook-signature']), secret));
  assert.ok(Confab.webhooks.verify(d.rawBody, d.headers, `whsec_${Buffer.from(secret).toString('base64')}`));
});

test('a tampered body, a wrong secret, an old or future timestamp are refused', () => {
  const tampered = Buffer.from(d.rawBody.toString('utf8').replace('visitor-7', 'visitor-8'));
  rejects(() => Confab.webhooks.verify(tampered, d.headers, secret), /altered body/);
  rejects(
    () => Confab.webhooks.verify(tampered, without(d.headers, STANDARD), secret, { allowBodyOnlySignature: true }),
    /x-webhook-signature does not match/,
  );
  rejects(() => Confab.webhooks.verify(d.rawBody, d.headers, 'f'.repeat(64)), /does not match/);
  rejects(() => Confab.webhooks.verify(d.rawBody, d.headers, ''), /secret/);
  const sentAt = Number(d.headers['webhook-timestamp']) * 1000;
  rejects(() => Confab.webhooks.verify(d.rawBody, d.headers, secret, { now: sentAt + 301_000 }), /old/);
  rejects(() => Confab.webhooks.verify(d.rawBody, d.headers, secret, { now: sentAt - 301_000 }), /future/);
  rejects(
    () => Confab.webhooks.verify(d.rawBody, without(d.headers, STANDARD), secret, { now: sentAt + 3_600_000 }),
    /No webhook-signature header/,
  );
});

test('missing signatures and parsed bodies are refused', () => {
  rejects(
    () => Confab.webhooks.verify(d.rawBody, without(d.headers, [...STANDARD, 'x-webhook-signature']), secret),
    /No signature/,
  );
  rejects(() => Confab.webhooks.verify(d.rawBody, without(d.headers, ['webhook-id']), secret), /webhook-id/);
  rejects(() => Confab.webhooks.verify(JSON.parse(d.rawBody.toString('utf8')), d.headers, secret), /raw request body/);
});

test('signedHeaders makes test deliveries that verify (and a key rotation list is accepted)', () => {
  const body = JSON.stringify({
    event: 'response.updated',
    responseId: 'r1',
    botId: 'b1',
    chatSessionId: 's1',
    timestamp: new Date().toISOString(),
  });
  const headers = Confab.webhooks.signedHeaders(body, secret, { event: 'response.updated' });
  assert.is(Confab.webhooks.verify(body, headers, secret).event, 'response.updated');
  const rotated = {
    ...headers,
    'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} ${headers['webhook-signature']}`,
  };
  assert.ok(Confab.webhooks.verify(body, rotated, secret));
  rejects(
    () => Confab.webhooks.verify('not json', Confab.webhooks.signedHeaders('not json', secret), secret),
    /not valid JSON/,
  );
});

test.run();

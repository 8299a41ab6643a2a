/**
 * Webhook verification on real deliveries: the service (a child process trusting the test
 * receiver's CA) sends signed events to a local HTTPS receiver for a webhook created with the
 * SDK; the SDK verifies the raw body and headers as received, in both schemes, and refuses
 * tampered bodies, wrong secrets, old timestamps and missing signatures. (signedHeaders, which
 * needs no service, is tested in sdks/node/test/webhookVerification.test.ts.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { type WebhookEvent } from '../../../sdks/node/src/index.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../../support/httpsReceiver.js';
import { startServiceProcess, type ServiceProcess } from './support/serviceProcess.js';
import { rejects } from '../../../sdks/node/test/support/verificationRefusal.js';

let receiver: HttpsReceiver;
let service: ServiceProcess;
let client: Confab;
let secret = '';
let botId = '';
let deliveries: ReceivedRequest[] = [];

const STANDARD = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
const without = (headers: ReceivedRequest['headers'], names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));

test.before(async () => {
  receiver = await startHttpsReceiver();
  service = await startServiceProcess({
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '10000',
  });
  client = new Confab({ apiKey: service.apiKey, baseURL: service.baseURL });
});
test.after(async () => {
  await service?.close();
  await receiver?.close();
});

test('a webhook created with the SDK receives real, signed deliveries', async () => {
  botId = (await client.chatbots.create({ name: 'Hook bot' })).id;
  const hook = await client.webhooks.create({
    chatbotId: botId,
    url: `${receiver.url}/confab`,
    events: ['conversation.started', 'response.created'],
  });
  secret = hook.secret;
  const chat = `${service.baseURL}/chat/${botId}/sessions`;
  const started = await (
    await fetch(chat, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visitorId: 'visitor-7' }),
    })
  ).json();
  await fetch(`${chat}/${started.sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'Ann' }),
  });
  deliveries = await receiver.waitFor(2, 30_000);
  assert.equal(
    new Set(deliveries.map((d) => d.headers['x-webhook-event'])),
    new Set(['conversation.started', 'response.created']),
  );
});

test('Confab.webhooks.verify returns the parsed event of each delivery', () => {
  for (const d of deliveries) {
    const event: WebhookEvent = Confab.webhooks.verify(d.rawBody, d.headers, secret);
    assert.equal(event, JSON.parse(d.rawBody.toString('utf8')));
    assert.is(event.botId, botId);
    assert.is(event.event, d.headers['x-webhook-event']);
    if (event.event === 'conversation.started')
      assert.equal([event.visitorId, event.chatbotName, event.channel], ['visitor-7', 'Hook bot', 'web']);
    // The same on the instance, with a string body and a fetch Headers object.
    const headers = new Headers(Object.entries(d.headers).map(([k, v]) => [k, String(v)]) as [string, string][]);
    assert.equal(client.webhooks.verify(d.rawBody.toString('utf8'), headers, secret), event);
  }
});

test('each scheme alone verifies: Standard Webhooks, and the body-only x-webhook-signature when allowed', () => {
  const [d] = deliveries;
  assert.ok(
    Confab.webhooks.verify(d!.rawBody, without(d!.headers, STANDARD), secret, { allowBodyOnlySignature: true }),
  );
  assert.ok(Confab.webhooks.verify(d!.rawBody, without(d!.headers, ['x-webhook-signature']), secret));
  // A Standard Webhooks library's key form: whsec_ + base64 of the secret's bytes.
  assert.ok(Confab.webhooks.verify(d!.rawBody, d!.headers, `whsec_${Buffer.from(secret).toString('base64')}`));
});

test('a tampered body is refused by either scheme', () => {
  const [d] = deliveries;
  const tampered = Buffer.from(
    d!.rawBody.toString('utf8').replace('visitor-7', 'visitor-8').replace('"botId"', '"botId" '),
  );
  rejects(() => Confab.webhooks.verify(tampered, d!.headers, secret), /altered body/);
  rejects(
    () => Confab.webhooks.verify(tampered, without(d!.headers, STANDARD), secret, { allowBodyOnlySignature: true }),
    /x-webhook-signature does not match/,
  );
  rejects(
    () => Confab.webhooks.verify(tampered, without(d!.headers, ['x-webhook-signature']), secret),
    /webhook-signature does not match/,
  );
});

test('a wrong secret is refused', () => {
  const [d] = deliveries;
  rejects(() => Confab.webhooks.verify(d!.rawBody, d!.headers, 'f'.repeat(64)), /does not match/);
  rejects(
    () =>
      Confab.webhooks.verify(
        d!.rawBody,
        without(d!.headers, STANDARD),
        secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0'),
        { allowBodyOnlySignature: true },
      ),
    /does not match/,
  );
  rejects(() => Confab.webhooks.verify(d!.rawBody, d!.headers, ''), /secret/);
});

test('an old (replayed) or future timestamp is refused outside the tolerance', () => {
  const [d] = deliveries;
  const sentAt = Number(d!.headers['webhook-timestamp']) * 1000;
  rejects(() => Confab.webhooks.verify(d!.rawBody, d!.headers, secret, { now: sentAt + 301_000 }), /old/);
  rejects(() => Confab.webhooks.verify(d!.rawBody, d!.headers, secret, { now: sentAt - 301_000 }), /future/);
  assert.ok(Confab.webhooks.verify(d!.rawBody, d!.headers, secret, { now: sentAt + 3_000_000, tolerance: 3600 }));
  // Stripped down to the body-only signature, an old delivery is refused: nothing dates it.
  rejects(
    () => Confab.webhooks.verify(d!.rawBody, without(d!.headers, STANDARD), secret, { now: sentAt + 3_600_000 }),
    /No webhook-signature header/,
  );
  // The timestamp is signed: moving it forward breaks the signature.
  rejects(
    () =>
      Confab.webhooks.verify(
        d!.rawBody,
        { ...d!.headers, 'webhook-timestamp': String(Number(d!.headers['webhook-timestamp']) + 1) },
        secret,
      ),
    /webhook-signature does not match/,
  );
});

test('missing signatures, malformed headers and parsed bodies are refused', () => {
  const [d] = deliveries;
  rejects(
    () => Confab.webhooks.verify(d!.rawBody, without(d!.headers, [...STANDARD, 'x-webhook-signature']), secret),
    /No signature/,
  );
  rejects(
    () =>
      Confab.webhooks.verify(
        d!.rawBody,
        { ...without(d!.headers, STANDARD), 'x-webhook-signature': 'sha256=abc' },
        secret,
        { allowBodyOnlySignature: true },
      ),
    /not a hex/,
  );
  rejects(() => Confab.webhooks.verify(d!.rawBody, without(d!.headers, ['webhook-id']), secret), /webhook-id/);
  rejects(
    () => Confab.webhooks.verify(JSON.parse(d!.rawBody.toString('utf8')), d!.headers, secret),
    /raw request body/,
  );
});

test.run();

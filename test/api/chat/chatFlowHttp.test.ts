/**
 * A flow's http steps through the visitor chat API, against a real HTTPS receiver: saved values,
 * signatures, 4xx/5xx, answers that are not JSON, timeouts, redirects and private addresses,
 * and what the conversation's events keep of each call.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpsReceiver, verifySeedSignature, type HttpsReceiver } from '../../support/httpsReceiver.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

const EXT = '/api/v1/external/v1';
const CHAT = '/api/v1/chat';
const TIMEOUT_MS = 1500;

let app: TestApp;
let apiKey: string;
let receiver: HttpsReceiver;

/** Ask an order number, look it up, say its status; a failed call says so. */
function lookupFlow(url: string, extra: Record<string, unknown> = {}) {
  return {
    start: 'ask',
    steps: [
      {
        id: 'ask',
        type: 'question',
        text: 'Order number?',
        variable: 'order',
        input: { type: 'number', min: 1 },
        next: 'lookup',
      },
      {
        id: 'lookup',
        type: 'http',
        method: 'POST',
        url,
        body: { order: '{{order}}' },
        save: { status: '$.order.status' },
        next: 'say',
        onError: 'failed',
        ...extra,
      },
      { id: 'say', type: 'end', text: 'Order {{order}}: "{{status}}".', resolution: 'resolved' },
      { id: 'failed', type: 'handoff', text: 'The lookup failed.', reason: 'lookup_failed' },
    ],
  };
}

async function botWith(flow: unknown): Promise<string> {
  const id = (await app.api('POST', `${EXT}/chatbots`, { apiKey, body: { name: 'Lookups' } })).body.data.id as string;
  assert.is((await app.api('PUT', `${EXT}/chatbots/${id}/flow`, { apiKey, body: flow })).status, 200);
  assert.is((await app.api('POST', `${EXT}/chatbots/${id}/flow/publish`, { apiKey, body: {} })).status, 201);
  return id;
}

/** Starts a session on `id`, answers the order question, and returns the reply and the call's record. */
async function askOrder(id: string, order = '42') {
  const s = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  const sid = s.body.sessionId as string;
  const reply = await app.api('POST', `${CHAT}/${id}/sessions/${sid}/messages`, { body: { message: order } });
  const events = await app.services.events.readStream(`conversation-${sid}`);
  const call = events.find((e) => e.type === 'FlowHttpAnswered')?.data as Record<string, any> | undefined;
  return { reply, call, sid, events };
}

test.before(async () => {
  receiver = await startHttpsReceiver();
  app = await startTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
    { flowHttpCertificateAuthority: receiver.caPem, flowHttpTimeoutMs: TIMEOUT_MS },
  );
  ({ apiKey } = await app.createWorkspace('enterprise'));
});
test.after(async () => {
  await app?.close();
  await receiver?.close();
});

test('a successful call saves values by path, is signed, and is recorded with its answer', async () => {
  receiver.respondWith(() => ({ status: 200, body: { order: { status: 'shipped', id: 42 } } }));
  const id = await botWith(lookupFlow(`${receiver.url}/orders/{{order}}?from=flow`));
  const seen = receiver.requests.length;
  const { reply, call, events } = await askOrder(id, '42');
  assert.equal(reply.body, { messages: [{ type: 'bot', message: 'Order 42: "shipped".' }], done: true });
  // The call is made before the answer is recorded, and both are written in one append.
  const commitOf = (type: string) => events.find((e) => e.type === type)?.position.commit;
  assert.ok(commitOf('MessagesRecorded') !== undefined);
  assert.is(commitOf('FlowHttpAnswered'), commitOf('MessagesRecorded'), 'the answer and the call in one append');
  // The response record holds what the call saved beside the answer.
  const responses = await app.api('GET', `${EXT}/chatbots/${id}/responses`, { apiKey });
  assert.equal(responses.body.data[0].answerVariables, { order: '42', status: 'shipped' });
  const req = receiver.requests[seen]!;
  assert.is(req.method, 'POST');
  assert.is(req.path, '/orders/42?from=flow');
  assert.equal(JSON.parse(req.rawBody.toString()), { order: '42' });
  assert.is(req.headers['content-type'], 'application/json');
  const secret = (await app.api('GET', `${EXT}/chatbots/${id}/flow/signing-secret`, { apiKey })).body.data.secret;
  assert.match(secret, /^[0-9a-f]{64}$/);
  assert.ok(verifySeedSignature(req, secret), 'signed with the chatbot flow secret');
  assert.ok(String(req.headers['webhook-signature']).startsWith('v1,'));
  assert.equal(
    { status: call?.status, error: call?.error, saved: call?.saved, json: call?.json, stepId: call?.stepId },
    {
      status: 200,
      error: null,
      saved: { status: 'shipped' },
      json: { order: { status: 'shipped', id: 42 } },
      stepId: 'lookup',
    },
  );
});

for (const status of [404, 500]) {
  test(`a ${status} answer goes to onError and saves nothing`, async () => {
    receiver.respondWith(() => ({ status, body: { order: { status: 'shipped' } } }));
    const id = await botWith(lookupFlow(`${receiver.url}/orders/{{order}}`));
    const { reply, call, events } = await askOrder(id);
    assert.equal(reply.body.messages, [{ type: 'bot', message: 'The lookup failed.' }]);
    assert.equal([call?.status, call?.saved], [status, {}]);
    const done = events.find((e) => e.type === 'ConversationCompleted')?.data as Record<string, unknown>;
    assert.equal([done.resolution, done.escalationReason], ['escalated', 'lookup_failed']);
  });
}

test('a 2xx answer that is not JSON succeeds but finds nothing to save', async () => {
  receiver.respondWith(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<h1>hi</h1>' }));
  const id = await botWith(lookupFlow(`${receiver.url}/orders/{{order}}`));
  const { reply, call } = await askOrder(id);
  assert.equal(reply.body.messages, [{ type: 'bot', message: 'Order 42: "".' }]);
  assert.equal([call?.status, call?.saved, 'json' in (call ?? {})], [200, { status: '' }, false]);
});

test('an answer larger than 256 KB is not read to its end and goes to onError', async () => {
  receiver.respondWith(() => ({ status: 200, body: { order: { status: 'big' }, pad: 'x'.repeat(300 * 1024) } }));
  const id = await botWith(lookupFlow(`${receiver.url}/orders/{{order}}`));
  const { reply, call } = await askOrder(id);
  assert.equal(reply.body.messages, [{ type: 'bot', message: 'The lookup failed.' }]);
  assert.equal([call?.status, call?.error], [null, 'the answer was too large']);
});

test('a call that takes too long times out and goes to onError', async () => {
  receiver.respondWith(() => ({ status: 200, body: { order: { status: 'late' } }, delayMs: TIMEOUT_MS + 1000 }));
  const id = await botWith(lookupFlow(`${receiver.url}/orders/{{order}}`));
  const { reply, call } = await askOrder(id);
  assert.equal(reply.body.messages, [{ type: 'bot', message: 'The lookup failed.' }]);
  assert.is(call?.status, null);
  assert.match(call?.error, /timeout|ETIMEDOUT/i);
});

test('a redirect is not followed (to a private address or anywhere) and goes to onError', async () => {
  receiver.respondWith(() => ({ status: 302, headers: { location: 'https://10.0.0.1/admin' } }));
  const id = await botWith(lookupFlow(`${receiver.url}/orders/{{order}}`));
  const seen = receiver.requests.length;
  const { reply, call } = await askOrder(id);
  assert.equal(reply.body.messages, [{ type: 'bot', message: 'The lookup failed.' }]);
  assert.is(call?.status, 302);
  assert.is(receiver.requests.length, seen + 1, 'one request, no second one for the redirect');
});

test('private, loopback and internal addresses are refused without a call', async () => {
  for (const url of ['https://10.0.0.1/orders', 'https://localhost/orders', 'https://metadata.internal/x']) {
    const id = await botWith(lookupFlow(url));
    const { reply, call } = await askOrder(id);
    assert.equal(reply.body.messages, [{ type: 'bot', message: 'The lookup failed.' }], url);
    assert.is(call?.status, null);
    assert.match(call?.error, /^refused: url must not point/, url);
  }
});

test('a call in the greeting: the start answer carries what the flow said after it', async () => {
  receiver.respondWith(() => ({ status: 200, body: { greeting: 'Welcome back' } }));
  const id = await botWith({
    start: 'hello',
    steps: [
      {
        id: 'hello',
        type: 'http',
        method: 'GET',
        url: `${receiver.url}/hello`,
        save: { g: '$.greeting' },
        next: 'ask',
        onError: 'ask',
      },
      { id: 'ask', type: 'question', text: '{{g}}! Your name?', variable: 'name', input: { type: 'text' } },
    ],
  });
  const s = await app.api('POST', `${CHAT}/${id}/sessions`, { body: {} });
  assert.equal(s.body.messages, [{ type: 'bot', message: 'Welcome back! Your name?', input: { type: 'text' } }]);
  const reply = await app.api('POST', `${CHAT}/${id}/sessions/${s.body.sessionId}/messages`, {
    body: { message: 'Ann' },
  });
  assert.is(reply.body.done, true);
  const responses = await app.api('GET', `${EXT}/chatbots/${id}/responses`, { apiKey });
  const record = responses.body.data[0];
  assert.equal(record.answerVariables, { g: 'Welcome back', name: 'Ann' });
});

test.run();

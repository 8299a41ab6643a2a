/**
 * A DELETE whose first attempt reached the service but whose answer was lost (connection reset,
 * or a 5xx from a gateway) is retried and then finds nothing: that 404 means the delete worked,
 * so the call resolves like a delete (`{message}`). A 404 that no earlier attempt can explain
 * (first attempt, or after a 429 that was never processed) stays a NotFoundError.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import { ALREADY_DELETED_MESSAGE, NotFoundError } from '../../../sdks/node/src/index.js';
import { startFaultProxy, type FaultProxy } from './support/faultProxy.js';
import { startSdkHarness, type SdkHarness } from './support/sdkHarness.js';
import { failure } from '../../../sdks/node/test/support/failure.js';

let h: SdkHarness;
let proxy: FaultProxy;
let client: Confab;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  proxy = await startFaultProxy(h.app.baseUrl);
  client = h.client({ baseURL: `${proxy.url}/api/v1` });
});
test.after(async () => {
  await proxy?.close();
  await h?.close();
});

const newBot = async (name: string) => (await h.client().chatbots.create({ name })).id;

test("connection reset after the service deleted the chatbot: the retry's 404 resolves as deleted", async () => {
  const id = await newBot('Reset while deleting');
  proxy.sequence({ kind: 'resetAfterForward' });
  const answer = await client.chatbots.delete(id);
  assert.equal(answer, { message: ALREADY_DELETED_MESSAGE });
  assert.equal(
    proxy.attempts.map((a) => a.method),
    ['DELETE', 'DELETE'],
  );
  assert.instance(await failure(h.client().chatbots.retrieve(id)), NotFoundError, 'it is gone');
});

test('a 5xx in place of the answer (a gateway lost it): the same for a webhook', async () => {
  const botId = await newBot('Hooked');
  const hook = await h
    .client()
    .webhooks.create({ chatbotId: botId, url: 'https://hooks.example.com/lost', events: ['response.created'] });
  proxy.sequence({ kind: 'statusAfterForward', status: 502 });
  const { data, response } = await client.webhooks.delete(hook.id).withResponse();
  assert.equal(data, { message: ALREADY_DELETED_MESSAGE });
  assert.is(response.status, 404, 'withResponse() shows the answer that settled it');
  assert.is(proxy.attempts.length, 2);
  assert.not.ok((await h.client().webhooks.list()).some((w) => w.id === hook.id));
});

test('a 404 on the first attempt is a NotFoundError', async () => {
  proxy.plan(() => ({ kind: 'forward' }));
  const err = await failure(client.chatbots.delete('000000000000000000000000'));
  assert.instance(err, NotFoundError);
  assert.is(proxy.attempts.length, 1);
});

test('a 404 after a 429 (rate limited, so never processed) is a NotFoundError', async () => {
  proxy.sequence({
    kind: 'status',
    status: 429,
    headers: { 'retry-after': '0' },
    body: { error: 'slow down', code: 'RATE_LIMIT_ERROR' },
  });
  const err = await failure(client.webhooks.delete('000000000000000000000000'));
  assert.instance(err, NotFoundError);
  assert.is(proxy.attempts.length, 2);
});

test('only DELETE: a GET whose retry gets 404 after a 5xx is still a NotFoundError', async () => {
  proxy.sequence({ kind: 'status', status: 503 });
  const err = await failure(client.chatbots.retrieve('000000000000000000000000'));
  assert.instance(err, NotFoundError);
  assert.is(proxy.attempts.length, 2);
});

test.run();

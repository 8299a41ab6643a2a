/**
 * Retry behaviour through a fault proxy in front of the real service: which failures are
 * retried and how often, the waits (backoff, Retry-After), the Idempotency-Key kept across
 * the attempts of a POST, timeouts, AbortSignal, and maxRetries 0.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  ConflictError,
  InternalServerError,
  RateLimitError,
} from '../../../sdks/node/src/index.js';
import { ServiceUnavailable, startFaultProxy, type Attempt, type FaultProxy } from './support/faultProxy.js';
import { eventually, startSdkHarness, type SdkHarness } from './support/sdkHarness.js';
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

const keysOf = (attempts: Attempt[]) => attempts.map((a) => a.headers['idempotency-key']);
const chatbotCount = async () => (await h.client().chatbots.list()).length;

test('503 then success: retried, one chatbot, the same Idempotency-Key on every attempt', async () => {
  const before = await chatbotCount();
  proxy.sequence(ServiceUnavailable, ServiceUnavailable);
  const bot = await client.chatbots.create({ name: 'Retried' });
  assert.is(bot.name, 'Retried');
  assert.is(proxy.attempts.length, 3);
  const keys = keysOf(proxy.attempts);
  assert.match(String(keys[0]), /^confab-node-[0-9a-f-]{36}$/);
  assert.equal(new Set(keys).size, 1, `one key: ${keys.join(', ')}`);
  assert.equal(
    proxy.attempts.map((a) => a.headers['x-confab-retry-count']),
    [undefined, '1', '2'],
  );
  assert.is(await chatbotCount(), before + 1);
});

test('backoff grows between attempts (about 0.5 s, then 1 s), with jitter', async () => {
  proxy.sequence(ServiceUnavailable, ServiceUnavailable);
  await client.usage.retrieve();
  const [a, b, c] = proxy.attempts.map((x) => x.at);
  assert.ok(b! - a! >= 350 && b! - a! < 900, `first wait ${b! - a!} ms`);
  assert.ok(c! - b! >= 700 && c! - b! < 1600, `second wait ${c! - b!} ms`);
});

test('each POST gets its own key; a key given by the caller is sent as it is; GETs send none', async () => {
  proxy.plan(() => ({ kind: 'forward' }));
  await client.chatbots.create({ name: 'One' });
  await client.chatbots.create({ name: 'Two' });
  await client.chatbots.create({ name: 'Three' }, { idempotencyKey: 'order-42-bot' });
  await client.chatbots.list();
  const keys = keysOf(proxy.attempts);
  assert.is(new Set(keys.slice(0, 2)).size, 2);
  assert.is(keys[2], 'order-42-bot');
  assert.is(keys[3], undefined);
});

test('429 with Retry-After: 1 waits a second, then succeeds', async () => {
  proxy.sequence({
    kind: 'status',
    status: 429,
    headers: { 'retry-after': '1' },
    body: { error: 'External API rate limit exceeded. Max 60 requests per minute.', code: 'RATE_LIMIT_ERROR' },
  });
  const usage = await client.usage.retrieve();
  assert.is(usage.plan, 'pro');
  const [a, b] = proxy.attempts;
  assert.is(proxy.attempts.length, 2);
  assert.ok(b!.at - a!.at >= 950, `waited ${b!.at - a!.at} ms`);
});

test('Retry-After as an HTTP date is honoured too', async () => {
  const when = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
  proxy.sequence({ kind: 'status', status: 503, headers: { 'retry-after': when.toUTCString() } });
  await client.usage.retrieve();
  assert.is(proxy.attempts.length, 2);
  assert.ok(proxy.attempts[1]!.at >= when.getTime() - 50, 'not before the date');
});

test('a Retry-After beyond 60 s is not slept through: RateLimitError at once', async () => {
  proxy.sequence({
    kind: 'status',
    status: 429,
    headers: { 'retry-after': '3600' },
    body: { error: 'Monthly quota exceeded', code: 'QUOTA_EXCEEDED' },
  });
  const started = Date.now();
  const err = await failure(client.usage.retrieve());
  assert.instance(err, RateLimitError);
  assert.equal([(err as RateLimitError).retryAfter, (err as RateLimitError).code], [3600, 'QUOTA_EXCEEDED']);
  assert.is(proxy.attempts.length, 1);
  assert.ok(Date.now() - started < 1000);
});

test('connection reset before the service saw it: retried, created once', async () => {
  const before = await chatbotCount();
  proxy.sequence({ kind: 'reset' });
  const bot = await client.chatbots.create({ name: 'After a reset' });
  assert.is(bot.name, 'After a reset');
  assert.is(proxy.attempts.length, 2);
  assert.is(new Set(keysOf(proxy.attempts)).size, 1);
  assert.is(await chatbotCount(), before + 1);
});

test('connection lost after the service created it: the retry with the same key creates nothing twice', async () => {
  const before = await chatbotCount();
  proxy.sequence({ kind: 'resetAfterForward' });
  const { data: bot, response } = await client.chatbots.create({ name: 'Lost answer' }).withResponse();
  assert.is(response.status, 201);
  assert.is(response.headers.get('idempotent-replayed'), 'true', 'the answer is the first one, replayed');
  assert.is(proxy.attempts.length, 2);
  assert.is(new Set(keysOf(proxy.attempts)).size, 1);
  const after = await eventually('chatbots', chatbotCount, (n) => n >= before + 1);
  assert.is(after, before + 1, 'one chatbot, not two (docs/idempotency.md)');
  assert.is((await h.client().chatbots.retrieve(bot.id)).name, 'Lost answer');
});

test('connection errors on every attempt: APIConnectionError after 1 + maxRetries attempts', async () => {
  proxy.plan(() => ({ kind: 'reset' }));
  const err = await failure(h.client({ baseURL: `${proxy.url}/api/v1`, maxRetries: 2 }).usage.retrieve());
  assert.instance(err, APIConnectionError);
  assert.not.instance(err, APITimeoutError);
  assert.is((err as APIConnectionError).status, undefined);
  assert.is(proxy.attempts.length, 3);
});

test('maxRetries 0 surfaces the first error (client option and per request)', async () => {
  proxy.plan(() => ServiceUnavailable);
  const err = await failure(h.client({ baseURL: `${proxy.url}/api/v1`, maxRetries: 0 }).usage.retrieve());
  assert.instance(err, InternalServerError);
  assert.equal([(err as InternalServerError).status, (err as InternalServerError).requestId], [503, 'proxy-1']);
  assert.is(proxy.attempts.length, 1);
  proxy.plan(() => ServiceUnavailable);
  assert.instance(await failure(client.usage.retrieve({ maxRetries: 0 })), InternalServerError);
  assert.is(proxy.attempts.length, 1);
});

test('4xx other than 429 are not retried: 400, 408, and a 409 that is not IDEMPOTENCY_KEY_IN_USE', async () => {
  for (const [status, code] of [
    [400, 'VALIDATION_ERROR'],
    [408, undefined],
    [409, 'CONFLICT'],
    [409, undefined],
  ] as const) {
    proxy.plan(() => ({ kind: 'status', status, body: { error: 'no', ...(code ? { code } : {}) } }));
    const err = await failure(client.usage.retrieve());
    assert.is((err as { status?: number }).status, status);
    assert.is(proxy.attempts.length, 1, `${status} ${code} was sent once`);
  }
});

test('409 IDEMPOTENCY_KEY_IN_USE (the same key still running) is retried after its Retry-After, with the same key', async () => {
  const inUse = {
    error: 'A request with this Idempotency-Key is still in progress. Retry shortly.',
    code: 'IDEMPOTENCY_KEY_IN_USE',
  };
  proxy.sequence({ kind: 'status', status: 409, headers: { 'retry-after': '1' }, body: inUse });
  const bot = await client.chatbots.create({ name: 'Waited for' });
  assert.is(bot.name, 'Waited for');
  const [a, b] = proxy.attempts;
  assert.is(proxy.attempts.length, 2);
  assert.ok(b!.at - a!.at >= 950, `waited ${b!.at - a!.at} ms`);
  assert.is(new Set(keysOf(proxy.attempts)).size, 1);
});

test('a duplicate webhook (409 from the service) is a ConflictError at once, not retried', async () => {
  const bot = await client.chatbots.create({ name: 'Hooked twice' });
  const params = { chatbotId: bot.id, url: 'https://hooks.example.com/dup', events: ['response.created' as const] };
  await client.webhooks.create(params);
  proxy.plan(() => ({ kind: 'forward' }));
  const started = Date.now();
  const err = await failure(client.webhooks.create(params));
  assert.instance(err, ConflictError);
  assert.is((err as ConflictError).status, 409);
  assert.is(proxy.attempts.length, 1);
  assert.ok(Date.now() - started < 400, `answered after ${Date.now() - started} ms`);
});

test('a slow answer: APITimeoutError after every attempt timed out', async () => {
  proxy.plan(() => ({ kind: 'delay', ms: 2000 }));
  const started = Date.now();
  const err = await failure(client.usage.retrieve({ timeout: 200, maxRetries: 1 }));
  assert.instance(err, APITimeoutError);
  assert.instance(err, APIConnectionError);
  assert.is(proxy.attempts.length, 2);
  assert.ok(Date.now() - started < 1800, `gave up after ${Date.now() - started} ms`);
});

test('a slow first attempt times out and the retry succeeds', async () => {
  proxy.sequence({ kind: 'delay', ms: 1500 });
  const usage = await h.client({ baseURL: `${proxy.url}/api/v1`, timeout: 300 }).usage.retrieve();
  assert.is(usage.plan, 'pro');
  assert.is(proxy.attempts.length, 2);
});

test('AbortSignal aborts a request in flight and a wait between retries; never retried', async () => {
  proxy.plan(() => ({ kind: 'delay', ms: 2000 }));
  const inFlight = new AbortController();
  setTimeout(() => inFlight.abort(), 100);
  const err = await failure(client.usage.retrieve({ signal: inFlight.signal }));
  assert.instance(err, APIUserAbortError);
  assert.is(proxy.attempts.length, 1);

  proxy.plan(() => ({ kind: 'status', status: 429, headers: { 'retry-after': '30' } }));
  const waiting = new AbortController();
  const started = Date.now();
  setTimeout(() => waiting.abort(), 200);
  assert.instance(await failure(client.usage.retrieve({ signal: waiting.signal })), APIUserAbortError);
  assert.ok(Date.now() - started < 2000, 'the 30 s wait was cut short');
  assert.is(proxy.attempts.length, 1);

  proxy.plan(() => ({ kind: 'forward' }));
  assert.instance(await failure(client.usage.retrieve({ signal: AbortSignal.abort() })), APIUserAbortError);
  assert.is(proxy.attempts.length, 0);
});

test('per-request headers are sent; the API key cannot be overridden by them', async () => {
  proxy.plan(() => ({ kind: 'forward' }));
  await client.usage.retrieve({ headers: { 'x-trace': 'abc', 'x-api-key': 'other' } });
  assert.is(proxy.attempts[0]!.headers['x-trace'], 'abc');
  assert.is(proxy.attempts[0]!.headers['x-api-key'], h.apiKey);
  assert.match(String(proxy.attempts[0]!.headers['user-agent']), /^confab-node\/\d/);
});

test.run();

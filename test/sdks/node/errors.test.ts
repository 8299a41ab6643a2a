/**
 * Typed errors from real answers of the service: the class chosen by status,
 * with status, code, headers, request id and the error body.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConfabError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '../../../sdks/node/src/index.js';
import { startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
const BURST = 8;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: String(BURST) });
});
test.after(async () => h?.close());

/** A fresh workspace (and key, so a fresh burst budget) on `plan`. */
async function clientOn(plan: string, options: ConstructorParameters<typeof Confab>[0] = {}): Promise<Confab> {
  const { apiKey } = await h.app.createWorkspace(plan);
  return new Confab({ apiKey, baseURL: h.baseURL, ...options });
}

async function rejection(p: Promise<unknown>): Promise<APIError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, APIError);
    assert.instance(err, ConfabError);
    return err as APIError;
  }
  throw new Error('expected the call to fail');
}

test('401 bad key: AuthenticationError with status, body, headers and request id', async () => {
  const client = new Confab({ apiKey: 'cfb_not_a_real_key', baseURL: h.baseURL });
  const err = await rejection(client.chatbots.list());
  assert.instance(err, AuthenticationError);
  assert.is(err.status, 401);
  assert.is(err.name, 'AuthenticationError');
  assert.equal(typeof err.error === 'object' && err.error.error, 'Invalid API key');
  assert.ok(err.message.includes('401') && err.message.includes('Invalid API key'), err.message);
  assert.ok(err.requestId && err.requestId === err.headers.get('x-request-id'), `request id: ${err.requestId}`);
});

test("404: NotFoundError for another workspace's or an unknown chatbot", async () => {
  const client = await clientOn('pro');
  const err = await rejection(client.chatbots.retrieve('000000000000000000000000'));
  assert.instance(err, NotFoundError);
  assert.equal([err.status, typeof err.requestId], [404, 'string']);
  const other = await (await clientOn('pro')).chatbots.create({ name: 'Not yours' });
  assert.instance(await rejection(client.chatbots.update(other.id, { name: 'mine' })), NotFoundError);
  assert.instance(await rejection(client.responses.list(other.id)), NotFoundError);
});

test('400: BadRequestError with the machine-readable code', async () => {
  const client = await clientOn('pro');
  const tooLong = await rejection(client.chatbots.create({ name: 'x'.repeat(101) }));
  assert.instance(tooLong, BadRequestError);
  assert.is(tooLong.status, 400);
  assert.type(tooLong.code, 'string');
  const bot = await client.chatbots.create({ name: 'Hooks' });
  const unknownEvent = await rejection(
    // An untyped caller can send any name; the service's 400 is what stops it.
    client.webhooks.create({
      chatbotId: bot.id,
      url: 'https://hooks.example.com/x',
      events: ['order.created' as never],
    }),
  );
  assert.instance(unknownEvent, BadRequestError);
  assert.ok(unknownEvent.message.includes('order.created'), unknownEvent.message);
  assert.type(unknownEvent.code, 'string');
});

test("403: PermissionDeniedError at the plan's chatbot cap and without API access", async () => {
  const client = await clientOn('starter');
  for (let i = 1; i <= 5; i++) await client.chatbots.create({ name: `Bot ${i}` });
  const capped = await rejection(client.chatbots.create({ name: 'Bot 6' }));
  assert.instance(capped, PermissionDeniedError);
  assert.equal([capped.status, capped.code], [403, 'PLAN_LIMIT']);
  const free = await rejection((await clientOn('free')).usage.retrieve());
  assert.instance(free, PermissionDeniedError);
});

test('409: ConflictError for a second webhook on the same chatbot and URL, at once (a duplicate is not retried)', async () => {
  let sent = 0;
  const counting: typeof fetch = (input, init) => ((sent += 1), fetch(input, init));
  const client = await clientOn('pro', { fetch: counting });
  const bot = await client.chatbots.create({ name: 'Twice' });
  const params = { chatbotId: bot.id, url: 'https://hooks.example.com/same', events: ['response.created' as const] };
  await client.webhooks.create(params);
  sent = 0;
  const err = await rejection(client.webhooks.create(params));
  assert.instance(err, ConflictError);
  assert.is(err.status, 409);
  assert.is(sent, 1, 'sent once');
});

test('429: RateLimitError with retryAfter and the RATE_LIMIT_ERROR code once the burst is spent', async () => {
  const client = await clientOn('pro', { maxRetries: 0 });
  let err: APIError | undefined;
  for (let i = 0; i <= BURST && !err; i++) {
    try {
      await client.usage.retrieve();
    } catch (e) {
      err = e as APIError;
    }
  }
  assert.instance(err, RateLimitError);
  const limited = err as RateLimitError;
  assert.equal([limited.status, limited.code], [429, 'RATE_LIMIT_ERROR']);
  assert.ok(
    limited.retryAfter !== undefined && limited.retryAfter > 0 && limited.retryAfter <= 60,
    `retryAfter ${limited.retryAfter}`,
  );
  assert.is(limited.headers.get('ratelimit-remaining'), '0');
});

test('a client needs an API key; maxRetries must be a count', () => {
  const saved = process.env.CONFAB_API_KEY;
  delete process.env.CONFAB_API_KEY;
  try {
    assert.throws(
      () => new Confab({ baseURL: h.baseURL }),
      (e: unknown) => e instanceof ConfabError && /CONFAB_API_KEY/.test((e as Error).message),
    );
    assert.throws(
      () => new Confab({ apiKey: 'k', maxRetries: -1 }),
      (e: unknown) => e instanceof ConfabError,
    );
  } finally {
    if (saved !== undefined) process.env.CONFAB_API_KEY = saved;
  }
});

test('apiKey and baseURL default to CONFAB_API_KEY and CONFAB_BASE_URL', async () => {
  const { apiKey } = await h.app.createWorkspace('pro');
  const saved = { key: process.env.CONFAB_API_KEY, url: process.env.CONFAB_BASE_URL };
  process.env.CONFAB_API_KEY = apiKey;
  process.env.CONFAB_BASE_URL = `${h.baseURL}/`;
  try {
    const client = new Confab();
    assert.equal([client.apiKey, client.baseURL], [apiKey, h.baseURL]);
    assert.is((await client.usage.retrieve()).plan, 'pro');
  } finally {
    for (const [name, value] of [
      ['CONFAB_API_KEY', saved.key],
      ['CONFAB_BASE_URL', saved.url],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

test.run();

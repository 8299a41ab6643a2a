/**
 * What the client does with its options, with a scripted fetch (no server): the API key stays
 * out of inspect output and error messages, settings that can never work are refused at once
 * with an InvalidArgumentError (not a slow APIConnectionError after three retries, nor a raw
 * TypeError), base URLs are normalised, and header names are case-insensitive.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inspect } from 'node:util';
import Confab, { ConfabError, InvalidArgumentError } from '../src/index.js';
import { scriptedFetch } from './support/scriptedFetch.js';

const KEY = 'cfb_live_5d1c0ffee5ecret';
const BASE = 'http://confab.test/api/v1';

function refused(make: () => unknown, pattern: RegExp, secret?: string): InvalidArgumentError {
  try {
    make();
  } catch (err) {
    assert.instance(err, InvalidArgumentError);
    assert.instance(err, ConfabError);
    assert.match((err as Error).message, pattern);
    if (secret) assert.not.ok(inspect(err).includes(secret), 'the key is not in the error');
    return err as InvalidArgumentError;
  }
  return assert.unreachable('expected InvalidArgumentError') as never;
}

function withEnv(vars: Record<string, string | undefined>, fn: () => void): void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const [k, value] of Object.entries(v))
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
  };
  apply(vars);
  try {
    fn();
  } finally {
    apply(saved);
  }
}

test('the API key is never printed by console.log / util.inspect of the client or a resource, but stays readable', () => {
  const client = new Confab({ apiKey: KEY, baseURL: BASE });
  for (const shown of [
    inspect(client, { depth: 10 }),
    inspect(client.chatbots, { depth: 10 }),
    inspect(client.account.email, { depth: 10 }),
  ]) {
    assert.not.ok(shown.includes(KEY), shown);
  }
  assert.is(client.apiKey, KEY);
});

test('a key that cannot travel in an HTTP header is refused at construction, and the message does not quote it', async () => {
  for (const bad of [`${KEY.slice(0, 8)}\n${KEY.slice(8)}`, `${KEY} extra`, `${KEY}é`, `${KEY}\tx`, `${KEY}\u0000`]) {
    refused(() => new Confab({ apiKey: bad, baseURL: BASE }), /API key has characters/, KEY.slice(8));
  }
  // A key read from a file keeps its newline; the surrounding whitespace is not part of it.
  const { fetch, sent } = scriptedFetch();
  await new Confab({ apiKey: `  ${KEY}\n`, baseURL: BASE, fetch }).usage.retrieve();
  assert.is(sent[0]!.headers['x-api-key'], KEY);
});

test('baseURL: trailing slashes and surrounding spaces go, a bare origin means its /api/v1, as in the Python SDK', async () => {
  const { fetch, sent } = scriptedFetch();
  const cases: [string, string][] = [
    ['http://confab.test/api/v1', 'http://confab.test/api/v1/external/v1/usage'],
    ['http://confab.test/api/v1///', 'http://confab.test/api/v1/external/v1/usage'],
    [' https://confab.test:8443/api/v1/ ', 'https://confab.test:8443/api/v1/external/v1/usage'],
    ['https://confab.test', 'https://confab.test/api/v1/external/v1/usage'],
    ['https://confab.test/', 'https://confab.test/api/v1/external/v1/usage'],
    ['https://gw.test/confab/api/v1', 'https://gw.test/confab/api/v1/external/v1/usage'],
  ];
  for (const [baseURL] of cases) await new Confab({ apiKey: 'k', baseURL, fetch }).usage.retrieve();
  assert.equal(
    sent.map((r) => r.url.href),
    cases.map(([, url]) => url),
  );
  withEnv({ CONFAB_API_KEY: 'k', CONFAB_BASE_URL: 'https://from-env.test/' }, () => {
    assert.is(new Confab().baseURL, 'https://from-env.test/api/v1');
    assert.is(
      new Confab({ baseURL: '' }).baseURL,
      'https://from-env.test/api/v1',
      'an empty baseURL counts as not given',
    );
  });
});

test('a baseURL that is not an absolute http(s) URL is refused at once, not retried as a connection error', () => {
  for (const baseURL of [
    'localhost:3000/api/v1',
    'confab.test/api/v1',
    'ftp://confab.test/api/v1',
    'not a url',
    'http://confab.test/api/v1?x=1',
    'http://confab.test/api/v1#top',
  ]) {
    refused(() => new Confab({ apiKey: 'k', baseURL }), /baseURL must be an absolute http\(s\) URL/);
  }
});

test('timeout and maxRetries must be usable numbers, on the client and per request', () => {
  for (const timeout of [0, -5, Number.NaN, Infinity, '100' as unknown as number, 2 ** 31]) {
    refused(() => new Confab({ apiKey: 'k', timeout }), /timeout must be a number of milliseconds/);
  }
  for (const maxRetries of [-1, 1.5, Number.NaN]) refused(() => new Confab({ apiKey: 'k', maxRetries }), /maxRetries/);
  const { fetch, sent } = scriptedFetch();
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch });
  refused(() => client.usage.retrieve({ timeout: -1 }), /timeout/);
  refused(() => client.usage.retrieve({ maxRetries: -2 }), /maxRetries/);
  assert.is(sent.length, 0, 'nothing was sent');
});

test('an idempotencyKey the service would refuse is an error before sending; "" no longer drops the key', async () => {
  const { fetch, sent } = scriptedFetch();
  const client = new Confab({ apiKey: 'k', baseURL: BASE, fetch });
  for (const idempotencyKey of ['', 'x'.repeat(256), 'line\nbreak', 'ключ']) {
    refused(
      () => client.chatbots.create({ name: 'x' }, { idempotencyKey }),
      /idempotencyKey must be 1 to 255 printable ASCII/,
    );
  }
  assert.is(sent.length, 0);
  await client.chatbots.create({ name: 'x' }, { idempotencyKey: 'x'.repeat(255) });
  assert.is(sent[0]!.headers['idempotency-key'], 'x'.repeat(255));
});

test("header names are case-insensitive: a caller's Idempotency-Key replaces the SDK's, X-API-Key cannot join the client's key", async () => {
  const { fetch, sent } = scriptedFetch();
  const client = new Confab({
    apiKey: KEY,
    baseURL: BASE,
    fetch,
    defaultHeaders: { 'X-API-Key': 'other', 'X-Team': 'a', 'User-Agent': 'my-app/2' },
  });
  await client.chatbots.create({ name: 'x' }, { headers: { 'Idempotency-Key': 'order-42', 'x-team': 'b' } });
  const headers = new Headers(sent[0]!.headers); // as fetch merges them
  assert.equal(
    [headers.get('x-api-key'), headers.get('idempotency-key'), headers.get('x-team'), headers.get('user-agent')],
    [KEY, 'order-42', 'b', 'my-app/2'],
  );
});

test.run();

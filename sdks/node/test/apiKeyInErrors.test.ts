/**
 * No error the SDK throws carries the API key: not in its message, stack, String() or JSON, not
 * in util.inspect with hidden properties, not in any property (enumerable or not, `cause` and
 * `headers` included) however deep. Every error class is thrown against a local scripted server.
 * The Python SDK's test of the same (sdks/python/tests/test_api_key_in_errors.py) found the key
 * in `err.request.headers` there.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import Confab, {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  InternalServerError,
  RateLimitError,
  UnexpectedResponseError,
} from '../src/index.js';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from './support/scriptedServer.js';
import { failure } from './support/failure.js';

const KEY = `cfb_${randomBytes(24).toString('hex')}`;

let server: ScriptedServer;

test.before(async () => {
  server = await startScriptedServer(50);
});
test.after(async () => {
  await server?.close();
});

/** Paths inside `value` where the key appears, walking every own property (hidden ones too). */
function keyPaths(value: unknown, path = 'err', seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return value.includes(KEY) ? [path] : [];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Headers) {
    const found: string[] = [];
    value.forEach((v, name) => found.push(...keyPaths(`${name}: ${v}`, `${path}[${name}]`, seen)));
    return found;
  }
  if (value instanceof Map || value instanceof Set)
    return [...value].flatMap((v, i) => keyPaths(v, `${path}[${i}]`, seen));
  return Reflect.ownKeys(value).flatMap((name) => {
    let child: unknown;
    try {
      child = (value as Record<PropertyKey, unknown>)[name];
    } catch {
      return [];
    }
    return keyPaths(child, `${path}.${String(name)}`, seen);
  });
}

function assertKeyNowhere(err: unknown): void {
  const e = err as Error;
  assert.equal(keyPaths(e), []);
  for (const text of [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    inspect(e, { showHidden: true, depth: Infinity }),
  ]) {
    assert.not.ok(text.includes(KEY), text);
  }
}

async function closedPortURL(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve)); // closed again: nothing listens
  return `http://127.0.0.1:${port}/api/v1`;
}

const CASES: [ScriptedAnswer | 'refused', new (...args: never[]) => Error, number?][] = [
  ['401', AuthenticationError],
  ['500', InternalServerError],
  ['429-long', RateLimitError],
  ['not-json', UnexpectedResponseError],
  ['reset', APIConnectionError],
  ['refused', APIConnectionError],
  ['trickle-body', APITimeoutError, 300],
  ['silent', APITimeoutError, 300],
];

for (const [answer, ErrorClass, timeout] of CASES) {
  test(`${answer}: the ${ErrorClass.name} carries no API key`, async () => {
    const baseURL = answer === 'refused' ? await closedPortURL() : server.baseURL;
    if (answer !== 'refused') server.script(answer);
    const client = new Confab({ apiKey: KEY, baseURL, maxRetries: 0, ...(timeout ? { timeout } : {}) });
    const err = await failure(client.usage.retrieve());
    assert.instance(err, ErrorClass);
    if (answer !== 'refused') assert.is(server.arrivals.length, 1, 'the request was sent, with the key');
    assertKeyNowhere(err);
  });
}

test('an abort by the caller (APIUserAbortError) and a POST after retries carry no API key', async () => {
  server.script('silent');
  const controller = new AbortController();
  const client = new Confab({ apiKey: KEY, baseURL: server.baseURL, maxRetries: 0 });
  const pending = failure(client.usage.retrieve({ signal: controller.signal }));
  setTimeout(() => controller.abort(), 200);
  const aborted = await pending;
  assert.instance(aborted, APIUserAbortError);
  assertKeyNowhere(aborted);

  server.script('reset', '500');
  const err = await failure(client.chatbots.create({ name: 'Logged' }, { maxRetries: 1 }));
  assert.instance(err, InternalServerError);
  assert.is(server.arrivals.length, 2);
  assertKeyNowhere(err);
});

test.run();

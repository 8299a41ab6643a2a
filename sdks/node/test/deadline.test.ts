/**
 * `timeout` is one deadline for a whole attempt (connect, send, status line, headers and body),
 * against a local server that trickles its answer a byte at a time: each byte comes well within
 * `timeout`, the whole answer takes far longer. A timed-out attempt is retried like any other,
 * and the last one throws APITimeoutError. The Python SDK behaves the same
 * (sdks/python/tests/test_timeout_deadline.py).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { APITimeoutError } from '../src/index.js';
import { startScriptedServer, USAGE_BODY, type ScriptedAnswer, type ScriptedServer } from './support/scriptedServer.js';
import { failure } from './support/failure.js';

const TIMEOUT_MS = 500;
const INTERVAL_MS = 50; // a byte every 50 ms: the usage answer alone takes about 4 s
const SLACK_MS = 1_000; // scheduling on a busy two-core machine
const MAX_BACKOFF_MS = 500; // the first retry's wait

let server: ScriptedServer;

test.before(async () => {
  server = await startScriptedServer(INTERVAL_MS);
});
test.after(async () => {
  await server?.close();
});

const client = (options: { maxRetries?: number; timeout?: number } = {}) =>
  new Confab({ apiKey: 'cfb_deadline', baseURL: server.baseURL, timeout: TIMEOUT_MS, ...options });

test('the trickle is far slower than the timeout (else the tests below prove nothing)', () => {
  assert.ok(USAGE_BODY.length * INTERVAL_MS > 6 * TIMEOUT_MS);
});

for (const trickle of ['trickle-body', 'trickle-head'] as ScriptedAnswer[]) {
  test(`${trickle}: each attempt ends at the timeout, is retried, and the last throws APITimeoutError`, async () => {
    server.script(trickle, trickle);
    const started = performance.now();
    const err = await failure(client({ maxRetries: 1 }).usage.retrieve());
    const took = performance.now() - started;
    assert.instance(err, APITimeoutError);
    assert.is(server.arrivals.length, 2, 'the timed-out attempt was retried once');
    assert.ok(
      took < 2 * TIMEOUT_MS + MAX_BACKOFF_MS + SLACK_MS,
      `two attempts of ${TIMEOUT_MS} ms took ${Math.round(took)} ms`,
    );
  });
}

test('a retry after a trickled attempt gets the answer; a per-request timeout is a deadline too', async () => {
  server.script('trickle-body');
  const started = performance.now();
  const usage = await client({ timeout: 30_000 }).usage.retrieve({ timeout: TIMEOUT_MS });
  const took = performance.now() - started;
  assert.is(usage.plan, 'pro');
  assert.is(server.arrivals.length, 2);
  assert.ok(took < TIMEOUT_MS + MAX_BACKOFF_MS + SLACK_MS, `took ${Math.round(took)} ms`);
});

test('a timed-out attempt closes its connection at once instead of reading the trickle to its end', async () => {
  server.script('trickle-body');
  assert.instance(await failure(client({ maxRetries: 0 }).usage.retrieve()), APITimeoutError);
  const until = performance.now() + 2_000;
  while (server.abandoned.length === 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.ok(
    server.abandoned.length > 0 && server.abandoned[0]! - server.arrivals[0]! < TIMEOUT_MS + SLACK_MS,
    `abandoned: ${server.abandoned.join(', ')}`,
  );
});

test.run();

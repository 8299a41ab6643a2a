/**
 * The audit's SVG uploads over HTTP (POST /api/v1/workspace/media with a Free workspace's admin
 * key): each is answered with a 4xx naming the limit, nothing is stored, the server answers
 * other requests meanwhile and stays up; a large SVG within the limits is stored cleaned.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { assertError, mediaClient } from '../support/mediaHarness.js';

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';
const AS_SVG = { name: 'background.svg', type: 'image/svg+xml' };

let app: TestApp;
let m: ReturnType<typeof mediaClient>;

test.before(async () => {
  app = await startTestApp();
  m = mediaClient(app);
});
test.after(async () => app.close());

test("the audit's SVGs are refused with 415 SVG_TOO_COMPLEX or SVG_MALFORMED, nothing is kept, and the server stays up", async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('free');
  const nested = (n: number) => Buffer.from(`${OPEN}${'<g>'.repeat(n)}${'</g>'.repeat(n)}</svg>`);
  assertError(
    await m.upload(apiKey, nested(5_000), AS_SVG),
    415,
    'SVG_TOO_COMPLEX',
    /nested more than 100 levels deep/,
  );
  assertError(
    await m.upload(apiKey, nested(100_000), AS_SVG),
    415,
    'SVG_TOO_COMPLEX',
    /nested more than 100 levels deep/,
  );
  assertError(
    await m.upload(apiKey, Buffer.from(`${OPEN}${'<rect/>'.repeat(1_400_000)}</svg>`), AS_SVG),
    415,
    'SVG_TOO_COMPLEX',
    /more than 20,000 elements/,
  );
  assertError(
    await m.upload(apiKey, Buffer.from(`${OPEN}${'<rect/>'.repeat(140_000)}</svg>`), AS_SVG),
    415,
    'SVG_TOO_COMPLEX',
    /more than 20,000 elements/,
  );
  assertError(
    await m.upload(apiKey, Buffer.from(`${OPEN}<g><rect></g></svg>`), AS_SVG),
    415,
    'SVG_MALFORMED',
    /not a well-formed SVG \(XML\) document: unexpected close tag/,
  );
  assert.equal(await m.list(apiKey), []);
  assert.equal(m.mediaFiles(workspaceId), []);
  assert.is((await app.api('GET', '/healthz')).status, 200);
});

test('a large SVG within the limits is stored cleaned, and other requests are answered while it is cleaned', async () => {
  const { apiKey } = await app.createWorkspace('free');
  const big = Buffer.from(
    `${OPEN}\n${'  <path d="M0 0L10 10" fill="#123456" stroke="#000" onmouseover="alert(1)"/>\n'.repeat(19_000)}</svg>`,
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const uploading = m.upload(apiKey, big, AS_SVG);
  let answered = 0;
  let done = false;
  void uploading.finally(() => (done = true));
  while (!done) {
    assert.is((await app.api('GET', '/healthz')).status, 200);
    answered += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const item = (await uploading).body;
  delay.disable();
  assert.is(item.contentType, 'image/svg+xml', JSON.stringify(item));
  const served = (await m.served(item)).bytes.toString('utf8');
  assert.is(served.match(/<path /g)?.length, 19_000);
  assert.not.ok(served.includes('onmouseover'));
  assert.ok(answered > 1, `health checks answered while the upload was cleaned: ${answered}`);
  const worstMs = delay.max / 1e6;
  assert.ok(worstMs < 1000, `the event loop stalled for ${worstMs.toFixed(0)} ms`);
});

test.run();

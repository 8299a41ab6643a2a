/**
 * `If-None-Match: *` on a read: a precondition for writes, so a GET answers 200 with its body;
 * an entity tag the client really holds still earns a 304.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hostRequest } from '../../support/signIn.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

let app: TestApp;

test.before(async () => {
  app = await startTestApp();
});
test.after(async () => {
  await app.close();
});

// Node's http client, not fetch: fetch adds Cache-Control: no-cache to a conditional request,
// and Express never revalidates such a request at all.
const get = (path: string, ifNoneMatch: string) =>
  hostRequest(app, 'GET', path, { headers: { 'if-none-match': ifNoneMatch } });

test('the probes and JSON GETs answer 200 with their body to If-None-Match: *', async () => {
  for (const path of ['/healthz', '/readyz', '/api/v1/openapi.json']) {
    const res = await get(path, '*');
    assert.is(res.status, 200, path);
    assert.type(res.body, 'object', path);
    assert.ok(res.text.length > 0, path);
  }
  assert.is((await get('/healthz', '"x", *')).status, 200, 'a wildcard among other tags');
});

test("a tag of the client's own still revalidates, with or without a wildcard beside it", async () => {
  const first = await app.api('GET', '/healthz');
  const etag = first.headers.get('etag');
  assert.ok(etag, 'an ETag to revalidate with');
  assert.is((await get('/healthz', etag!)).status, 304);
  assert.is((await get('/healthz', '"other"')).status, 200);
  assert.is((await get('/healthz', `*, ${etag}`)).status, 304);
});

test('the public branding (its own strong ETag) answers 200 to the wildcard', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const claimed = await app.api('PUT', '/api/v1/workspace/slug', { apiKey, body: { slug: 'wildcard' } });
  assert.is(claimed.status, 200);
  const res = await get('/api/v1/workspace/public/branding/wildcard', '*');
  assert.is(res.status, 200);
  assert.is(res.body.slug, 'wildcard');
  const etag = String(res.headers.etag);
  assert.is((await get('/api/v1/workspace/public/branding/wildcard', etag)).status, 304);
});

test.run();

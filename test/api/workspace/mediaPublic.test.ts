/**
 * The public side of the login media gallery (docs/branding.md): each item's mediaUrl serves its
 * file with its type, byte ranges and a year of caching; a hostile SVG is stored cleaned and
 * served sandboxed; an upload the client abandons leaves nothing; the OpenAPI document.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SNIFF_BYTES } from '../../../infrastructure/media/mediaSniffer.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { EVIL_SVG, PNG } from '../../support/mediaSamples.js';
import {
  holdWorkspaceLookup,
  MEDIA,
  mediaClient,
  nextServerExchange,
  PUBLIC_MEDIA,
  spyOnUploads,
  unfinishedUpload,
} from '../../support/mediaHarness.js';
import { eventually } from '../../support/waiting.js';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** How long a wait for the server may take: generous, since the machine may be loaded; a pass never waits it out. */
const WAIT_MS = 15_000;

let app: TestApp;
let m: ReturnType<typeof mediaClient>;

// Default size limits: an abandoned upload must get past its type check into the store.
test.before(async () => {
  app = await startTestApp();
  m = mediaClient(app);
});
test.after(async () => app.close());

test('a hostile SVG is stored cleaned and served with a sandboxing CSP', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const item = await m.uploaded(apiKey, EVIL_SVG, { name: 'logo.svg', type: 'image/svg+xml' });
  assert.is(item.contentType, 'image/svg+xml');
  const file = await m.served(item);
  assert.is(file.status, 200);
  assert.is(file.headers.get('content-security-policy'), SVG_CSP);
  assert.is(file.headers.get('x-content-type-options'), 'nosniff');
  const svg = file.bytes.toString('utf8');
  for (const gone of [
    '<script',
    'alert',
    'onload',
    'onclick',
    'foreignObject',
    'iframe',
    'javascript:',
    'tracker.example',
    'evil.example',
  ]) {
    assert.not.ok(svg.includes(gone), `${gone} is removed`);
  }
  assert.match(svg, /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /<rect id="box" width="10" height="10" fill="red"\/>/);
  assert.is(item.size, file.bytes.length, 'size is what is stored: the cleaned file');
});

test('the public file: content type, long immutable caching, nosniff, cross-origin, byte ranges and 416', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const item = await m.uploaded(apiKey, PNG);
  const whole = await m.served(item);
  assert.is(whole.status, 200);
  assert.equal(whole.bytes, PNG);
  assert.is(whole.headers.get('content-type'), 'image/png');
  assert.is(whole.headers.get('accept-ranges'), 'bytes');
  assert.is(whole.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.is(whole.headers.get('x-content-type-options'), 'nosniff');
  assert.is(whole.headers.get('cross-origin-resource-policy'), 'cross-origin');
  assert.is(whole.headers.get('access-control-allow-origin'), '*');
  assert.not.ok(whole.headers.get('content-security-policy')?.includes('sandbox'), 'only SVG needs the sandbox');

  const head = await m.served(item, { range: 'bytes=0-3' });
  assert.is(head.status, 206);
  assert.is(head.headers.get('content-range'), `bytes 0-3/${PNG.length}`);
  assert.is(head.headers.get('content-length'), '4');
  assert.equal(head.bytes, PNG.subarray(0, 4));
  const tail = await m.served(item, { range: 'bytes=-6' });
  assert.equal([tail.status, tail.bytes], [206, PNG.subarray(PNG.length - 6)]);
  const beyond = await m.served(item, { range: `bytes=${PNG.length}-` });
  assert.is(beyond.status, 416);
  assert.is(beyond.headers.get('content-range'), `bytes */${PNG.length}`);
  assert.is(beyond.headers.get('cache-control'), null, 'an error is not cached for a year');
  // Several ranges, or an If-Range for other bytes: the whole file.
  assert.is((await m.served(item, { range: 'bytes=0-1,4-5' })).status, 200);
  assert.is((await m.served(item, { range: 'bytes=0-3', 'if-range': '"other"' })).status, 200);
  const etag = whole.headers.get('etag')!;
  assert.is((await m.served(item, { 'if-none-match': etag })).status, 304);
  assert.is((await m.served({ mediaUrl: `http://x${PUBLIC_MEDIA}/${'0'.repeat(24)}` })).status, 404);
  assert.is((await m.served({ mediaUrl: `http://x${PUBLIC_MEDIA}/not-an-id` })).status, 404);
});

test('an upload the client abandons midway leaves no file behind, whether it stops before or after its type is known', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const uploads = spyOnUploads(app);
  try {
    // 3000 bytes: the upload is still reading the head its type is judged by; 200000: the store is writing.
    for (const sent of [3000, 200_000]) {
      uploads.calls.length = 0;
      const server = nextServerExchange(app, 'POST', MEDIA);
      const client = unfinishedUpload(app, apiKey, sent);
      const upload = await eventually(() => uploads.calls[0], WAIT_MS, `the upload of ${sent} bytes to begin`);
      if (sent < SNIFF_BYTES) {
        await eventually(() => upload.file.readableFlowing, WAIT_MS, 'the upload to read the head of its file');
      } else {
        const writing = await eventually(
          () => m.mediaFiles(workspaceId).length > 0 && m.mediaFiles(workspaceId),
          WAIT_MS,
          'the store to write the upload',
        );
        assert.ok(
          writing.every((f) => f.endsWith('.tmp')),
          `only a temporary file while the bytes arrive: ${writing}`,
        );
      }
      client.destroy();
      // The route answers only once the upload has cleaned up after itself (multipartUpload.ts).
      const { response } = await server;
      await eventually(
        () => response.writableEnded,
        WAIT_MS,
        `the server to give up the upload abandoned after ${sent} bytes`,
      );
      assert.is(response.statusCode, 400, "an interrupted upload is the client's doing, not a server error");
      assert.is(upload.outcome?.status, 'rejected', `the upload command stopped after ${sent} bytes`);
      assert.equal(m.mediaFiles(workspaceId), [], `after ${sent} bytes`);
    }
  } finally {
    uploads.restore();
  }
  assert.equal(await m.list(apiKey), []);
});

test('a client gone before its upload is read (while the request is authenticated) is not waited on forever', async () => {
  const { apiKey, workspaceId } = await app.createWorkspace('pro');
  const auth = holdWorkspaceLookup(app, workspaceId);
  const uploads = spyOnUploads(app);
  try {
    const server = nextServerExchange(app, 'POST', MEDIA);
    const client = unfinishedUpload(app, apiKey, 3000);
    await eventually(() => auth.reached, WAIT_MS, 'the upload to be held in authentication');
    client.destroy();
    const { request: serverSide, response } = await server;
    // The request has closed (its close event is past) before the route starts reading it.
    await eventually(() => serverSide.closed, WAIT_MS, 'the server to see its client go');
    auth.release();
    await eventually(() => response.writableEnded, WAIT_MS, 'the server to give up the upload whose client is gone');
    assert.is(response.statusCode, 400);
    assert.is(uploads.calls.length, 0, 'no upload is started for a request that is gone');
    assert.equal(m.mediaFiles(workspaceId), []);
  } finally {
    auth.restore();
    uploads.restore();
  }
  assert.equal(await m.list(apiKey), []);
});

test('the OpenAPI document describes every gallery route, the upload as multipart/form-data', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  const paths = doc.paths;
  assert.ok(paths[MEDIA].get && paths[MEDIA].post);
  assert.ok(paths[`${MEDIA}/order`].put);
  assert.ok(paths[`${MEDIA}/{id}`].patch && paths[`${MEDIA}/{id}`].delete);
  assert.ok(paths[`${PUBLIC_MEDIA}/{mediaId}`].get);
  const form = paths[MEDIA].post.requestBody.content['multipart/form-data'].schema;
  assert.equal(form.required, ['file']);
  assert.equal(Object.keys(form.properties).sort(), ['adLabel', 'adUrl', 'file', 'slideDuration']);
  assert.is(paths[`${PUBLIC_MEDIA}/{mediaId}`].get.responses['206'].description.includes('range'), true);
});

test.run();

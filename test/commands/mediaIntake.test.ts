/**
 * inspectUpload with SVG files: read as XML while they arrive (refused at once when malformed or
 * over a complexity limit, without reading on), then cleaned in a worker, so the event loop keeps
 * running and no upload within the limits can take the process down.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { inspectUpload } from '../../commands/mediaIntake.js';
import { PayloadTooLargeError, TooManyRequestsError, UnsupportedMediaTypeError } from '../../domain/errors.js';
import { DEFAULT_MEDIA_LIMITS } from '../../domain/media/mediaFormats.js';
import { SvgCleaner } from '../../infrastructure/media/svgCleaner.js';
import { EVIL_SVG, SVG } from '../support/mediaSamples.js';

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';

/** An upload as it arrives: 64 KB chunks, pulled one at a time; `pulled` says how far it was read. */
function upload(bytes: Buffer) {
  const state = { pulled: 0 };
  const stream = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        state.pulled = Math.min(bytes.length, at + 64 * 1024);
        yield bytes.subarray(at, at + 64 * 1024);
      }
    })(),
    { objectMode: false },
  );
  return { stream, state };
}

async function bodyOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  assert.instance(err, Error, 'expected a refusal');
  return err as Error;
}

function assertRefused(err: Error, code: string, pattern: RegExp) {
  assert.instance(err, UnsupportedMediaTypeError, String(err)); // answered 415 by the error handler
  assert.is((err as UnsupportedMediaTypeError).code, code);
  assert.match(err.message, pattern);
}

test('an SVG nested 5,000 deep is refused as too complex (a 415 naming the limit), not a 500', async () => {
  const deep = Buffer.from(`${OPEN}${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`);
  assertRefused(
    await failure(inspectUpload(upload(deep).stream, DEFAULT_MEDIA_LIMITS)),
    'SVG_TOO_COMPLEX',
    /nested more than 100 levels deep/,
  );
  const deeper = Buffer.from(`${OPEN}${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`);
  assertRefused(
    await failure(inspectUpload(upload(deeper).stream, DEFAULT_MEDIA_LIMITS)),
    'SVG_TOO_COMPLEX',
    /100 levels/,
  );
});

test('an SVG with more elements than the limit is refused as soon as it passes it, without reading the rest', async () => {
  const flat = Buffer.from(`${OPEN}${'<rect/>'.repeat(1_400_000)}</svg>`); // the audit's 9.8 MB file
  const { stream, state } = upload(flat);
  assertRefused(
    await failure(inspectUpload(stream, DEFAULT_MEDIA_LIMITS)),
    'SVG_TOO_COMPLEX',
    /more than 20,000 elements/,
  );
  assert.ok(state.pulled <= 1024 * 1024, `read ${state.pulled} of ${flat.length} bytes`);
});

test('an SVG that is not well-formed XML is refused as malformed', async () => {
  for (const text of [`${OPEN}<g></svg>`, `${OPEN}<rect/>`, `${OPEN}<text>&nbsp;</text></svg>`]) {
    assertRefused(
      await failure(inspectUpload(upload(Buffer.from(text)).stream, DEFAULT_MEDIA_LIMITS)),
      'SVG_MALFORMED',
      /not a well-formed SVG \(XML\) document/,
    );
  }
});

test('the byte limit still comes first: an SVG over it is a 413', async () => {
  const err = await failure(
    inspectUpload(upload(Buffer.concat([SVG, Buffer.alloc(3000, 0x20)])).stream, {
      imageBytes: 2048,
      videoBytes: 4096,
    }),
  );
  assert.instance(err, PayloadTooLargeError);
});

test('a large SVG within the limits is cleaned while the event loop keeps running', async () => {
  // 19,000 elements and 95,000 attributes: seconds of jsdom work, which used to block every request.
  const big = Buffer.from(
    `${OPEN}\n${'  <rect x="1" y="2" width="3" height="4" onclick="alert(1)"/>\n'.repeat(19_000)}</svg>`,
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const inspected = await inspectUpload(upload(big).stream, DEFAULT_MEDIA_LIMITS);
  const clean = await bodyOf(inspected.body);
  delay.disable();
  assert.is(inspected.format.contentType, 'image/svg+xml');
  assert.is(clean.match(/<rect /g)?.length, 19_000);
  assert.not.ok(clean.includes('onclick'));
  const worstMs = delay.max / 1e6;
  assert.ok(worstMs < 1000, `the event loop stalled for ${worstMs.toFixed(0)} ms`);
});

test('a hostile SVG is still cleaned on its way in', async () => {
  const clean = await bodyOf((await inspectUpload(upload(EVIL_SVG).stream, DEFAULT_MEDIA_LIMITS)).body);
  for (const gone of ['script', 'alert', 'onload', 'foreignObject', 'javascript:', 'https://'])
    assert.not.ok(clean.includes(gone), gone);
  assert.match(clean, /<rect id="box" width="10" height="10" fill="red"\/>/);
});

test('a cleaning worker that runs out of time refuses the file as too complex; a busy cleaner is a 429', async () => {
  const big = Buffer.from(`${OPEN}${'<rect x="1" y="2" width="3" height="4"/>'.repeat(19_000)}</svg>`);
  assertRefused(
    await failure(inspectUpload(upload(big).stream, DEFAULT_MEDIA_LIMITS, { svg: new SvgCleaner({ timeoutMs: 300 }) })),
    'SVG_TOO_COMPLEX',
    /took longer than 0.3 seconds/,
  );
  const busy = new SvgCleaner({ maxConcurrent: 1, maxQueued: 0 });
  const [first, second] = await Promise.allSettled([
    inspectUpload(upload(SVG).stream, DEFAULT_MEDIA_LIMITS, { svg: busy }),
    inspectUpload(upload(SVG).stream, DEFAULT_MEDIA_LIMITS, { svg: busy }),
  ]);
  assert.is(first.status, 'fulfilled');
  const err = (second as PromiseRejectedResult).reason;
  assert.instance(err, TooManyRequestsError);
  assert.is(err.retryAfterSeconds, 5);
  await busy.close();
});

test("a workspace uploading many SVG files is refused (429) before another workspace's upload is", async () => {
  const shared = new SvgCleaner({ maxConcurrent: 2, maxQueued: 4, maxPerTenant: 3 });
  const inspect = (workspaceId: string) =>
    inspectUpload(upload(SVG).stream, DEFAULT_MEDIA_LIMITS, { workspaceId, svg: shared });
  const flood = Array.from({ length: 7 }, () => inspect('ws-flooding'));
  const other = inspect('ws-other');
  const results = await Promise.allSettled(flood);
  assert.is((await Promise.allSettled([other]))[0]!.status, 'fulfilled', "the other workspace's upload is cleaned");
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 3);
  for (const r of results.filter((r) => r.status === 'rejected'))
    assert.instance((r as PromiseRejectedResult).reason, TooManyRequestsError);
  await shared.close();
});

test.run();

/**
 * `knowledge.sources` end to end against the real service: pasted text, and files uploaded as
 * multipart/form-data from a Buffer with a filename and from a File, indexed until ready; a
 * format the service does not read is its 415; an upload without a name is refused before
 * anything is sent; and the form is sent whole again when the first attempt is answered 503.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import { APIError, InvalidArgumentError, type KnowledgeSource } from '../../../sdks/node/src/index.js';
import { eventually, startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  client = h.client();
});
test.after(async () => h?.close());

const ready = (id: string) =>
  eventually(
    `source ${id} ready`,
    () => client.knowledge.sources.retrieve(id),
    (s: KnowledgeSource) => s.status !== 'queued' && s.status !== 'processing',
  );

test('pasted text: added queued, then ready with its passages', async () => {
  const created = await client.knowledge.sources.create({
    type: 'text',
    title: 'Returns',
    text: 'Returns are accepted within 30 days.',
  });
  assert.equal([created.type, created.status], ['text', 'queued']);
  const done = await ready(created.id);
  assert.equal([done.status, done.error], ['ready', null]);
  assert.ok(done.chunks >= 1);
});

test('a Buffer with a filename: uploaded as a form, its name the title, read as Markdown', async () => {
  const created = await client.knowledge.sources.create({
    file: Buffer.from('# Shipping\n\nWe ship worldwide within five days.'),
    filename: 'shipping.md',
  });
  assert.equal([created.type, created.fileName, created.format], ['file', 'shipping.md', 'markdown']);
  assert.is(created.title, 'shipping.md');
  const done = await ready(created.id);
  assert.equal([done.status, done.sizeBytes], ['ready', 47]);
  assert.ok(done.characters > 20);
});

test('a File with a title: the title sent beside it', async () => {
  const file = new File(['<html><body><h1>Hours</h1><p>Open 9 to 5.</p></body></html>'], 'hours.html', {
    type: 'text/html',
  });
  const created = await client.knowledge.sources.create({ file, title: 'Opening hours' });
  assert.equal([created.title, created.fileName, created.format], ['Opening hours', 'hours.html', 'html']);
  assert.is((await ready(created.id)).status, 'ready');
});

test('a format the service does not read: its 415 as an APIError naming why', async () => {
  try {
    await client.knowledge.sources.create({ file: new Uint8Array([1, 2, 3]), filename: 'photo.bmp' });
    assert.unreachable('expected a 415');
  } catch (err) {
    assert.instance(err, APIError);
    assert.is((err as APIError).status, 415);
    assert.match((err as Error).message, /\.bmp/);
  }
});

test('bytes without a filename: refused before anything is sent', async () => {
  const sent: string[] = [];
  const recording = h.client({ fetch: (input, init) => (sent.push(String(input)), fetch(input, init)) });
  try {
    await recording.knowledge.sources.create({ file: Buffer.from('hello') });
    assert.unreachable('expected a refusal');
  } catch (err) {
    assert.instance(err, InvalidArgumentError);
  }
  assert.equal(sent, []);
});

test('a retried upload sends the whole form again, with the same idempotency key', async () => {
  const keys: string[] = [];
  let calls = 0;
  const flaky: typeof fetch = async (input, init) => {
    keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
    calls += 1;
    if (calls === 1) return new Response('{"error":"busy"}', { status: 503, headers: { 'retry-after': '0' } });
    return fetch(input, init);
  };
  const created = await h.client({ fetch: flaky, maxRetries: 2 }).knowledge.sources.create({
    file: Buffer.from('Gift cards never expire.'),
    filename: 'gift-cards.txt',
  });
  assert.is(calls, 2);
  assert.is(keys[0], keys[1]);
  assert.equal([created.format, created.sizeBytes], ['text', 24]);
  assert.is((await ready(created.id)).status, 'ready');
});

test.run();

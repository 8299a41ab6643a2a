/** The file MediaStore: whole-or-nothing writes, the byte limit, ranges, private modes, safe keys. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs, { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { createFileMediaStore, type FileMediaStore } from '../../../infrastructure/media/fileMediaStore.js';
import { MediaTooLargeError } from '../../../infrastructure/media/mediaStore.js';
import { eventually } from '../../support/waiting.js';

let parent: string;
let root: string;
let store: FileMediaStore;

const bytes = (n: number, fill = 7) => Buffer.alloc(n, fill);
const source = (...chunks: Buffer[]) => Readable.from(chunks, { objectMode: false });
const mode = (path: string) => statSync(path).mode & 0o777;
async function readAll(stream: Readable | null): Promise<Buffer> {
  assert.ok(stream, 'a stream');
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
/** Every file under the root, temporary ones included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

test.before.each(() => {
  parent = mkdtempSync(join(tmpdir(), 'confab-media-'));
  root = join(parent, 'media');
  store = createFileMediaStore(root);
});
test.after.each(() => rmSync(parent, { recursive: true, force: true }));

test('put streams the bytes under the key; open, stat and ranges read them back', async () => {
  const data = Buffer.from('0123456789abcdef');
  assert.equal(await store.put('w1/m1', source(data.subarray(0, 5), data.subarray(5)), { maxBytes: 100 }), {
    size: 16,
  });
  assert.equal(await store.stat('w1/m1'), { size: 16 });
  assert.equal(await readAll(await store.open('w1/m1')), data);
  assert.is((await readAll(await store.open('w1/m1', { start: 0, end: 3 }))).toString(), '0123');
  assert.is((await readAll(await store.open('w1/m1', { start: 10, end: 15 }))).toString(), 'abcdef');
});

test('absent keys: open and stat answer null, delete is a no-op', async () => {
  assert.is(await store.open('w1/none'), null);
  assert.is(await store.stat('w1/none'), null);
  await store.delete('w1/none');
});

test('delete removes the bytes', async () => {
  await store.put('w1/m1', source(bytes(10)), { maxBytes: 10 });
  await store.delete('w1/m1');
  assert.is(await store.stat('w1/m1'), null);
  assert.is(await store.open('w1/m1'), null);
});

test('more than maxBytes: rejected with MediaTooLargeError, and nothing is kept (not even a temporary file)', async () => {
  const err = await store.put('w1/big', source(bytes(6), bytes(6)), { maxBytes: 10 }).catch((e) => e);
  assert.instance(err, MediaTooLargeError);
  assert.is((err as MediaTooLargeError).maxBytes, 10);
  assert.is(await store.stat('w1/big'), null);
  assert.equal(filesUnder(root), []);
  // Exactly the limit is fine.
  assert.equal(await store.put('w1/exact', source(bytes(10)), { maxBytes: 10 }), { size: 10 });
});

test('a put refused before its temporary file is open leaves none behind (the rm waits for the file to close)', async () => {
  // pipeline() rejects as soon as the limit trips, before the file stream has closed. Under load
  // the file's open can come after that (here it is held back 50 ms): an rm that did not wait
  // for the stream to close missed the file the open then created.
  const realOpen = fs.open;
  const heldBack = (...args: unknown[]) => void setTimeout(() => (realOpen as (...a: unknown[]) => void)(...args), 50);
  fs.open = heldBack as unknown as typeof fs.open;
  try {
    const early = new PassThrough();
    setImmediate(() => early.write(bytes(64)));
    const err = await store.put('w1/early', early, { maxBytes: 10 }).catch((e) => e);
    assert.instance(err, MediaTooLargeError);
  } finally {
    fs.open = realOpen;
  }
  await new Promise((settled) => setTimeout(settled, 100));
  assert.equal(filesUnder(root), []);
});

test('a key appears all at once: while its bytes are still arriving it holds nothing', async () => {
  const incoming = new PassThrough();
  const writing = store.put('w1/slow', incoming, { maxBytes: 1000 });
  incoming.write(bytes(100));
  // Once the first bytes are on disk (wherever the store puts them), the key must still hold nothing.
  await eventually(
    () => filesUnder(root).some((f) => statSync(f).size === 100),
    8000,
    'the first 100 bytes to reach the disk',
  );
  assert.is(await store.stat('w1/slow'), null, 'no partial file under the key');
  // A second instance on the same directory (a shared volume) sees the same.
  const other = createFileMediaStore(root);
  assert.is(await other.stat('w1/slow'), null);
  incoming.end(bytes(50));
  assert.equal(await writing, { size: 150 });
  assert.equal(await other.stat('w1/slow'), { size: 150 });
  assert.equal(
    filesUnder(root).map((f) => f.slice(root.length)),
    ['/w1/slow'],
  );
});

test('a source that fails midway leaves nothing behind', async () => {
  const incoming = new PassThrough();
  const writing = store.put('w1/broken', incoming, { maxBytes: 1000 }).catch((e) => e);
  incoming.write(bytes(10));
  incoming.destroy(new Error('client went away'));
  assert.match(String(await writing), /client went away/);
  assert.equal(filesUnder(root), []);
});

test('directories are 0700 and files 0600, whatever the umask', async () => {
  const previous = process.umask(0);
  try {
    await store.put('w1/m1', source(bytes(3)), { maxBytes: 10 });
  } finally {
    process.umask(previous);
  }
  assert.is(mode(root), 0o700);
  assert.is(mode(join(root, 'w1')), 0o700);
  assert.is(mode(join(root, 'w1', 'm1')), 0o600);
});

test('keys cannot leave the store', async () => {
  for (const key of ['../escape', 'w1/../../x', '/abs', 'w1//m', '.hidden', 'w1/.tmp', '', 'a b']) {
    await store.put(key, source(bytes(1)), { maxBytes: 10 }).then(
      () => assert.unreachable(`accepted ${JSON.stringify(key)}`),
      (err) => assert.match(String(err), /invalid media key/),
    );
  }
});

test.run();

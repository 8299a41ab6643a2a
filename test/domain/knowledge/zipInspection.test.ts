import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deflateRawSync } from 'node:zlib';
import { inspectZip } from '../../../domain/knowledge/zipInspection.js';
import { zipOf } from '../../support/knowledgeSamples.js';

test('a small archive is listed; a bomb (huge once inflated) and garbage are refused', () => {
  const archive = zipOf({ 'word/document.xml': '<w:document/>' });
  const ok = inspectZip(archive);
  assert.ok(ok.ok);
  assert.equal(ok.entries, ['word/document.xml']);
  const [entry] = ok.files;
  assert.equal([entry!.name, entry!.method, entry!.declaredSize], ['word/document.xml', 8, 13]);
  assert.equal(entry!.dataOffset, 30 + 'word/document.xml'.length, 'its data starts after the local header');
  const bomb = inspectZip(zipOf({ 'word/document.xml': Buffer.alloc(50 * 1024 * 1024, 0x41) }));
  assert.is(bomb.ok, false);
  assert.match((bomb as { reason: string }).reason, /zip bomb|inflate/);
  assert.is(inspectZip(new Uint8Array([1, 2, 3])).ok, false);
  assert.ok(deflateRawSync(Buffer.from('x')).length > 0);
});

test('sizes the headers declare are reported as they are (the reader holds entries to them)', () => {
  const lying = inspectZip(
    zipOf({ 'word/document.xml': Buffer.alloc(4 * 1024 * 1024, 0x20) }, { declaredSizes: { 'word/document.xml': 10 } }),
  );
  assert.ok(lying.ok, 'the directory alone cannot tell');
  assert.is(lying.files[0]!.declaredSize, 10);
  const damaged = zipOf({ 'word/document.xml': 'some text here' });
  const central = damaged.readUInt32LE(damaged.length - 22 + 16);
  damaged.writeUInt32LE(1_000_000, central + 20); // compressed size past the end of the file
  assert.equal(inspectZip(damaged), { ok: false, reason: 'the archive is damaged (an entry is cut short)' });
});

test.run();

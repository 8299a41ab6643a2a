import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deflateRawSync } from 'node:zlib';
import { inspectZip } from '../../../domain/knowledge/zipInspection.js';
import { zipOf } from '../../support/knowledgeSamples.js';

test('a small archive is listed; a bomb (huge once inflated) and garbage are refused', () => {
  const ok = inspectZip(zipOf({ 'word/document.xml': '<w:document/>' }));
  assert.equal(ok, { ok: true, entries: ['word/document.xml'] });
  const bomb = inspectZip(zipOf({ 'word/document.xml': Buffer.alloc(50 * 1024 * 1024, 0x41) }));
  assert.is(bomb.ok, false);
  assert.match((bomb as { reason: string }).reason, /zip bomb|inflate/);
  assert.is(inspectZip(new Uint8Array([1, 2, 3])).ok, false);
  assert.ok(deflateRawSync(Buffer.from('x')).length > 0);
});

test.run();

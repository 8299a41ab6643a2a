import { test } from 'uvu';
import * as assert from 'uvu/assert';
import etag from 'etag';
import { weakEtag } from '../../../api/http/weakEtag.js';

// Clients that kept an ETag from before must still get their 304: the tag is etag's, byte for byte.
test("the same tag as Express's default (etag, weak) for strings and buffers", () => {
  for (const body of ['', 'hello', '{"a":1}'.repeat(200), 'héllo ✓ 😀', '\u00ff'.repeat(3)]) {
    assert.is(weakEtag(body), etag(body, { weak: true }), body.slice(0, 20));
    assert.is(weakEtag(Buffer.from(body)), etag(Buffer.from(body), { weak: true }));
  }
  assert.is(weakEtag('ÿ', 'latin1'), etag(Buffer.from('ÿ', 'latin1'), { weak: true }));
});

test('a different body gives a different tag', () => {
  assert.is.not(weakEtag('{"a":1}'), weakEtag('{"a":2}'));
});

test.run();

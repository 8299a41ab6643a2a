import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeNext } from '../../../web/login/nextPath.js';

test('next is a path on this host', () => {
  assert.is(safeNext('/chatbots/42?tab=flow'), '/chatbots/42?tab=flow');
  assert.is(safeNext('/'), '/');
});

test('anything that could leave the host, or split headers, is dropped', () => {
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'chatbots', '', '/a\r\nSet-Cookie: x=1', undefined, ['/a']]) {
    assert.is(safeNext(bad), null, JSON.stringify(bad));
  }
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonValueAsText, parseJsonPath, selectJsonPath } from '../../../domain/flow/jsonPath.js';

test('parses $, .name, [index] and quoted names', () => {
  assert.equal(parseJsonPath('$'), []);
  assert.equal(parseJsonPath('$.a.b[0].c'), ['a', 'b', 0, 'c']);
  assert.equal(parseJsonPath(`$['odd key']["x.y"][12]`), ['odd key', 'x.y', 12]);
  for (const bad of ['a.b', '$.', '$..a', '$.a[*]', '$[-1]', '$.a[?(@.x)]', '$[0:2]', '$ .a', "$['a"])
    assert.is(parseJsonPath(bad), null, bad);
});

test('selects one value, undefined where nothing is', () => {
  const doc = { a: { b: [{ c: 'x' }, { c: 2 }] }, n: null };
  assert.is(selectJsonPath(doc, ['a', 'b', 0, 'c']), 'x');
  assert.equal(selectJsonPath(doc, ['a', 'b', 1]), { c: 2 });
  assert.is(selectJsonPath(doc, ['a', 'b', 2]), undefined);
  assert.is(selectJsonPath(doc, ['a', 0]), undefined);
  assert.is(selectJsonPath(doc, ['a', 'b', 'length']), undefined);
  assert.is(selectJsonPath(doc, ['constructor']), undefined, 'own properties only');
  assert.is(selectJsonPath('text', ['a']), undefined);
});

test('values kept as text: strings as they are, others as JSON, null and absent as empty', () => {
  assert.is(jsonValueAsText('x'), 'x');
  assert.is(jsonValueAsText(2.5), '2.5');
  assert.is(jsonValueAsText(true), 'true');
  assert.is(jsonValueAsText({ a: [1] }), '{"a":[1]}');
  assert.is(jsonValueAsText(null), '');
  assert.is(jsonValueAsText(undefined), '');
});

test.run();

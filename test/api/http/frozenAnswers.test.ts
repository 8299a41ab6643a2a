import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { derivedFrom, jsonOf } from '../../../api/http/frozenAnswers.js';

test('a frozen source is derived once, and the result is frozen too', () => {
  const cache = new WeakMap<{ n: number }, { n: number }>();
  const source = Object.freeze({ n: 1 });
  let builds = 0;
  const a = derivedFrom(cache, source, (s) => (builds++, { n: s.n + 1 }));
  const b = derivedFrom(cache, source, (s) => (builds++, { n: s.n + 1 }));
  assert.is(a, b);
  assert.is(builds, 1);
  assert.ok(Object.isFrozen(a));
});

test("an unfrozen source (a command's own result) is built afresh every time", () => {
  const cache = new WeakMap<{ n: number }, { n: number }>();
  const source = { n: 1 };
  const a = derivedFrom(cache, source, (s) => ({ n: s.n }));
  source.n = 2;
  const b = derivedFrom(cache, source, (s) => ({ n: s.n }));
  assert.is(a.n, 1);
  assert.is(b.n, 2);
  assert.not.ok(Object.isFrozen(a));
});

test('jsonOf serialises frozen bodies once and leaves others to Express', () => {
  const body = Object.freeze({ data: Object.freeze([1, 2]) });
  assert.is(jsonOf(body), '{"data":[1,2]}');
  assert.is(jsonOf(body), jsonOf(body));
  assert.is(jsonOf({ data: [1] }), null);
  assert.is(jsonOf('text'), null);
  assert.is(jsonOf(null), null);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appendGroups } from '../../../infrastructure/eventStore/appendGroups.js';

/** `key` names the request's keys joined by '+' (a request to several streams). */
type Req = { key: string; n: number };

function recorder(fail?: (group: Req[]) => boolean, maxInFlight = 1) {
  const groups: number[][] = [];
  let release: (() => void) | null = null;
  const groupsOf = appendGroups<Req, string>({
    keysOf: (r) => r.key.split('+'),
    maxGroup: 3,
    maxInFlight,
    async write(group) {
      groups.push(group.map((r) => r.n));
      // The first group stays open until released, so the next requests queue up behind it.
      if (groups.length === 1) await new Promise<void>((r) => (release = r));
      if (fail?.(group)) throw new Error('statement failed');
      return group.map((r) => (r.n < 0 ? new Error(`refused ${r.n}`) : `ok ${r.n}`));
    },
  });
  return { groups, submit: (key: string, n: number) => groupsOf.submit({ key, n }), release: () => release?.() };
}

test('a lone request is written at once; those arriving meanwhile go together next', async () => {
  const r = recorder();
  const first = r.submit('a', 1);
  const rest = [r.submit('b', 2), r.submit('c', 3), r.submit('d', 4)];
  assert.equal(r.groups, [[1]]);
  r.release();
  assert.equal(await Promise.all([first, ...rest]), ['ok 1', 'ok 2', 'ok 3', 'ok 4']);
  assert.equal(r.groups, [[1], [2, 3, 4]]);
});

test('at most maxGroup per group, and one key never twice in a group (its order kept)', async () => {
  const r = recorder();
  const all = [
    r.submit('a', 1),
    r.submit('a', 2),
    r.submit('b', 3),
    r.submit('a', 4),
    r.submit('c', 5),
    r.submit('d', 6),
  ];
  r.release();
  await Promise.all(all);
  assert.equal(r.groups, [[1], [2, 3, 5], [4, 6]]);
});

test("a refusal is that request's alone", async () => {
  const r = recorder();
  const first = r.submit('a', 1);
  const refused = r.submit('b', -2);
  const fine = r.submit('c', 3);
  r.release();
  await first;
  await assert.not.throws(async () => await fine);
  assert.is(await fine, 'ok 3');
  try {
    await refused;
    assert.unreachable();
  } catch (err) {
    assert.is((err as Error).message, 'refused -2');
  }
});

test("when a group's statement fails, each request is written again alone", async () => {
  const r = recorder((group) => group.length > 1 || group[0].n === 3);
  const first = r.submit('a', 1);
  const later = [r.submit('b', 2), r.submit('c', 3), r.submit('d', 4)].map((p) =>
    p.then(
      (v) => v,
      (e: Error) => `error: ${e.message}`,
    ),
  );
  r.release();
  await first;
  assert.equal(await Promise.all(later), ['ok 2', 'error: statement failed', 'ok 4']);
  assert.equal(r.groups.slice(1), [[2, 3, 4], [2], [3], [4]]);
});

test('below maxInFlight a request starts beside the one being written, unless it has the same key', async () => {
  const r = recorder(undefined, 2);
  const first = r.submit('a', 1);
  const beside = r.submit('b', 2);
  const sameKey = r.submit('a', 3);
  assert.equal(r.groups, [[1], [2]], 'b started at once; the second a waits for the first');
  assert.is(await beside, 'ok 2');
  assert.equal(r.groups, [[1], [2]]);
  r.release();
  assert.equal(await Promise.all([first, sameKey]), ['ok 1', 'ok 3']);
  assert.equal(r.groups, [[1], [2], [3]]);
});

test('a request with several keys waits for any of them, and no later request overtakes it on one', async () => {
  const r = recorder(undefined, 2);
  const first = r.submit('a', 1);
  const both = r.submit('a+b', 2);
  const onB = r.submit('b', 3);
  const free = r.submit('c', 4);
  assert.is(await free, 'ok 4');
  assert.equal(r.groups, [[1], [4]], 'a+b waits for a; b waits behind a+b although b is free');
  r.release();
  assert.equal(await Promise.all([first, both, onB]), ['ok 1', 'ok 2', 'ok 3']);
  assert.equal(r.groups, [[1], [4], [2], [3]]);
});

test.run();

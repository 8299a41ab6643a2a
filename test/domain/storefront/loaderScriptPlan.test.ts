/**
 * The convergence rule: one loader per target channel (the oldest copy kept), removals for
 * copies and for channels that should carry none, creations only within the app's limit of 10
 * scripts, and channels the rule cannot see (channels not readable) left alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  MAX_SCRIPTS_PER_APP,
  planLoaders,
  type LoaderPlan,
  type PlacedLoader,
} from '../../../domain/storefront/loaderScriptPlan.js';

let n = 0;
const loader = (
  channelId: number,
  createdAt: number,
  current = true,
  uuid = `u${String(++n).padStart(3, '0')}`,
): PlacedLoader => ({ uuid, channelId, createdAt, current });
const all = (targets: number[]) => ({ targets, complete: true });
/** How many of the app's scripts the store holds once the plan is carried out. */
const after = (loaders: PlacedLoader[], plan: LoaderPlan, others = 0) =>
  loaders.length - plan.remove.length + plan.create.length + others;

test('an empty store: one new loader on each target channel', () => {
  assert.equal(planLoaders([], all([1, 2, 5])), { remove: [], create: [1, 2, 5], keep: [], leftOut: [] });
});

test('copies on a channel: the oldest is kept (then the smallest uuid), the rest removed', () => {
  const [old, young, tieA, tieB] = [
    loader(1, 100, false),
    loader(1, 200),
    loader(2, 50, true, 'b'),
    loader(2, 50, true, 'a'),
  ];
  const plan = planLoaders([young, old, tieA, tieB], all([1, 2]));
  assert.equal(plan.keep, [
    { channelId: 1, uuid: old.uuid, current: false },
    { channelId: 2, uuid: 'a', current: true },
  ]);
  assert.equal(plan.remove.sort(), [young.uuid, 'b'].sort());
  assert.equal(plan.create, []);
});

test('a loader on a channel that should carry none is removed when every channel is known', () => {
  const archived = loader(7, 10);
  const plan = planLoaders([loader(1, 1), archived], all([1]));
  assert.equal(plan.remove, [archived.uuid]);
});

test('channels unknown (no channel scope): loaders elsewhere are left alone and count against the limit', () => {
  const elsewhere = Array.from({ length: MAX_SCRIPTS_PER_APP }, (_, i) => loader(100 + i, i));
  const plan = planLoaders(elsewhere, { targets: [1], complete: false });
  assert.equal(plan, { remove: [], create: [], keep: [], leftOut: [1] });
  assert.equal(planLoaders(elsewhere.slice(1), { targets: [1], complete: false }).create, [1]);
});

test('a store at the limit with copies from an earlier APP_URL frees slots for its other storefronts', () => {
  const leftovers = Array.from({ length: MAX_SCRIPTS_PER_APP }, (_, i) => loader(1, i, false));
  const plan = planLoaders(leftovers, all([1, 2, 3]));
  assert.equal(plan.keep, [{ channelId: 1, uuid: leftovers[0].uuid, current: false }]);
  assert.is(plan.remove.length, MAX_SCRIPTS_PER_APP - 1);
  assert.equal(plan.create, [2, 3]);
  assert.is(after(leftovers, plan), 3);
});

test('more storefronts than the limit: the first ten by id are served, a loader on the others removed', () => {
  const targets = Array.from({ length: 12 }, (_, i) => i + 1);
  const onTwelve = loader(12, 1);
  const plan = planLoaders([onTwelve], all(targets));
  assert.equal(plan.create, targets.slice(0, MAX_SCRIPTS_PER_APP));
  assert.equal(plan.leftOut, [11, 12]);
  assert.equal(plan.remove, [onTwelve.uuid]);
  assert.is(after([onTwelve], plan), MAX_SCRIPTS_PER_APP);
});

test("the app's other scripts use slots too", () => {
  const plan = planLoaders([], all([1, 2, 3]), MAX_SCRIPTS_PER_APP - 2);
  assert.equal({ create: plan.create, leftOut: plan.leftOut }, { create: [1, 2], leftOut: [3] });
});

test('whatever the store holds, the plan never goes beyond the limit and leaves one per served channel', () => {
  let seed = 7;
  const next = (m: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % m;
  for (let round = 0; round < 300; round++) {
    const targets = Array.from({ length: next(14) }, (_, i) => i + 1);
    const complete = next(4) > 0;
    const others = next(3);
    const loaders = Array.from({ length: next(MAX_SCRIPTS_PER_APP - others + 1) }, () => loader(1 + next(16), next(5)));
    const plan = planLoaders(loaders, { targets, complete }, others);
    assert.ok(after(loaders, plan, others) <= MAX_SCRIPTS_PER_APP, `round ${round}`);
    const served = [...plan.create, ...plan.keep.map((k) => k.channelId)].sort((a, b) => a - b);
    assert.equal(
      served,
      targets.filter((t) => !plan.leftOut.includes(t)),
      `round ${round}`,
    );
    assert.ok(
      plan.keep.every((k) => !plan.remove.includes(k.uuid)),
      `round ${round}: a kept copy is never removed`,
    );
  }
});

test.run();

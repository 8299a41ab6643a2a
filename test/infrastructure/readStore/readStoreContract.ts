/**
 * The ReadStore contract (DESIGN.md, decision 5): one suite, run against every adapter. Filters follow
 * the Mongo semantics the port promises, so a query means the same on every store.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Position } from '../../../infrastructure/eventStore/eventStore.js';
import {
  collection,
  type CollectionSpec,
  type Doc,
  type Filter,
  type ReadStore,
} from '../../../infrastructure/readStore/readStore.js';

const ITEMS = collection<Doc>('items');
const COUNTERS = collection<Doc>('counters');

export interface ReadStoreFixture {
  store: ReadStore;
  cleanup(): Promise<void>;
}

export const SPECS: CollectionSpec[] = [
  { name: ITEMS.name, indexes: [['status'], ['owner.id'], ['at'], ['workspaceId', 'at']] },
  { name: COUNTERS.name, indexes: [['workspaceId']] },
];

const SAMPLE_ITEMS: Doc[] = [
  {
    id: 'd1',
    workspaceId: 'w1',
    name: 'alpha',
    status: 'open',
    n: 5,
    at: '2024-01-01T00:00:00.000Z',
    owner: { id: 'u1', tier: 'pro' },
    closedAt: null,
  },
  {
    id: 'd2',
    workspaceId: 'w1',
    name: 'beta',
    status: 'closed',
    n: 10,
    at: '2024-02-01T00:00:00.000Z',
    owner: { id: 'u2', tier: 'free' },
    closedAt: '2024-02-03T10:00:00.000Z',
  },
  {
    id: 'd3',
    workspaceId: 'w2',
    name: 'gamma',
    status: 'open',
    n: 15,
    at: '2024-03-01T00:00:00.000Z',
    owner: { id: 'u1', tier: 'pro' },
  },
  {
    id: 'd4',
    workspaceId: 'w2',
    name: 'delta',
    status: 'archived',
    n: 20,
    at: '2024-04-01T00:00:00.000Z',
    owner: { id: 'u3', tier: 'free' },
    closedAt: '2024-04-02T00:00:00.000Z',
  },
  {
    id: 'd5',
    workspaceId: 'w1',
    name: 'epsilon',
    status: 'open',
    n: 2.5,
    at: '2023-12-31T23:59:59.999Z',
    owner: { id: 'u2', tier: 'free' },
    closedAt: null,
  },
  {
    id: 'd6',
    workspaceId: 'w3',
    name: 'zeta',
    status: 'closed',
    n: 100,
    at: '2024-01-15T12:00:00.000Z',
    owner: { id: 'u3', tier: 'free' },
    closedAt: '2024-01-16T00:00:00.000Z',
  },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function runReadStoreContract(
  name: string,
  factory: () => Promise<ReadStoreFixture>,
  opts: { teardown?: () => Promise<void> } = {},
): void {
  const s = suite<{ fx: ReadStoreFixture; store: ReadStore }>(`ReadStore contract (${name})`);
  s.before.each(async (ctx) => {
    ctx.fx = await factory();
    ctx.store = ctx.fx.store;
    await ctx.store.ensureCollections(SPECS);
  });
  s.after.each(async (ctx) => {
    await ctx.fx.cleanup();
  });
  if (opts.teardown) s.after(opts.teardown);

  const seed = async (store: ReadStore) => {
    for (const d of SAMPLE_ITEMS) await store.upsert(ITEMS, d);
  };
  const ids = async (store: ReadStore, filter: Filter) => (await store.find(ITEMS, filter)).map((d) => d.id).sort();

  s('ensureCollections is idempotent; upsert, get and replace', async ({ store }) => {
    await store.ensureCollections(SPECS);
    await store.upsert(ITEMS, { id: 'a', name: 'A', extra: { deep: [1, 2] } });
    assert.equal(await store.get(ITEMS, 'a'), { id: 'a', name: 'A', extra: { deep: [1, 2] } });
    await store.upsert(ITEMS, { id: 'a', name: 'B' });
    assert.equal(await store.get(ITEMS, 'a'), { id: 'a', name: 'B' }, 'upsert replaces the whole document');
    assert.is(await store.get(ITEMS, 'missing'), null);
    assert.is(await store.get(COUNTERS, 'a'), null, 'collections are separate');
  });

  s('patch merges top-level fields; false when the document is missing', async ({ store }) => {
    await store.upsert(ITEMS, { id: 'a', x: 1, nested: { keep: 1, y: 2 } });
    assert.is(await store.patch(ITEMS, 'a', { y: 2, nested: { y: 3 } }), true);
    assert.equal(await store.get(ITEMS, 'a'), { id: 'a', x: 1, y: 2, nested: { y: 3 } });
    assert.is(await store.patch(ITEMS, 'nope', { y: 1 }), false);
    assert.is(await store.get(ITEMS, 'nope'), null, 'patch never creates');
  });

  s('increment creates from the seed, then adds', async ({ store }) => {
    await store.increment(COUNTERS, 'c1', 'count', 1, { workspaceId: 'w1', label: 'first' });
    assert.equal(await store.get(COUNTERS, 'c1'), { id: 'c1', workspaceId: 'w1', label: 'first', count: 1 });
    await store.increment(COUNTERS, 'c1', 'count', 2, { workspaceId: 'other', label: 'ignored' });
    await store.increment(COUNTERS, 'c1', 'count', -0.5);
    assert.equal(await store.get(COUNTERS, 'c1'), { id: 'c1', workspaceId: 'w1', label: 'first', count: 2.5 });
    await store.increment(COUNTERS, 'c1', 'other', 4);
    assert.is((await store.get(COUNTERS, 'c1'))?.other, 4, 'a field absent from an existing document starts at 0');
  });

  s('increments from 20 parallel transactions sum correctly', async ({ store }) => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.transaction((tx) => tx.increment(COUNTERS, 'hot', 'count', i + 1, { workspaceId: 'w1' })),
      ),
    );
    assert.equal(await store.get(COUNTERS, 'hot'), { id: 'hot', workspaceId: 'w1', count: 210 });
  });

  s('delete and deleteMany', async ({ store }) => {
    await seed(store);
    await store.delete(ITEMS, 'd1');
    assert.is(await store.get(ITEMS, 'd1'), null);
    await store.delete(ITEMS, 'd1'); // already absent: nothing to do, no error
    assert.is(await store.get(ITEMS, 'd1'), null);
    assert.is(await store.deleteMany(ITEMS, { status: 'closed' }), 2);
    assert.is(await store.deleteMany(ITEMS, { status: 'closed' }), 0);
    assert.equal(await ids(store, {}), ['d3', 'd4', 'd5']);
  });

  s('find: equality on strings, numbers, dotted fields and id; several fields AND together', async ({ store }) => {
    await seed(store);
    assert.equal(await ids(store, { status: 'open' }), ['d1', 'd3', 'd5']);
    assert.equal(await ids(store, { n: 10 }), ['d2']);
    assert.equal(await ids(store, { 'owner.id': 'u1' }), ['d1', 'd3']);
    assert.equal(await ids(store, { status: 'open', 'owner.tier': 'free' }), ['d5']);
    assert.equal(await ids(store, { id: 'd4' }), ['d4']);
    assert.equal(await ids(store, { status: 'nope' }), []);
    assert.equal(await store.find(ITEMS, { id: 'd2' }), [SAMPLE_ITEMS[1]], 'documents come back whole');
  });

  s('find: null matches explicit null and missing fields', async ({ store }) => {
    await seed(store);
    assert.equal(await ids(store, { closedAt: null }), ['d1', 'd3', 'd5']);
  });

  s('find: $in and $ne', async ({ store }) => {
    await seed(store);
    assert.equal(await ids(store, { status: { $in: ['closed', 'archived'] } }), ['d2', 'd4', 'd6']);
    assert.equal(await ids(store, { n: { $in: [5, 20] } }), ['d1', 'd4']);
    assert.equal(await ids(store, { 'owner.id': { $in: ['u3'] } }), ['d4', 'd6']);
    assert.equal(await ids(store, { status: { $in: [] } }), []);
    assert.equal(await ids(store, { status: { $ne: 'open' } }), ['d2', 'd4', 'd6']);
    assert.equal(
      await ids(store, { closedAt: { $ne: '2024-02-03T10:00:00.000Z' } }),
      ['d1', 'd3', 'd4', 'd5', 'd6'],
      '$ne keeps missing fields',
    );
  });

  s('find: $in on id', async ({ store }) => {
    await seed(store);
    assert.equal(await ids(store, { id: { $in: ['d1', 'd4', 'zz'] } }), ['d1', 'd4']);
  });

  s('find: $ne null means "is set" (missing counts as null)', async ({ store }) => {
    await seed(store);
    assert.equal(await ids(store, { closedAt: { $ne: null } }), ['d2', 'd4', 'd6']);
  });

  s('find: range operators on ISO timestamps and numbers (numbers compare numerically)', async ({ store }) => {
    await seed(store);
    assert.equal(await ids(store, { at: { $gte: '2024-01-01T00:00:00.000Z', $lt: '2024-03-01T00:00:00.000Z' } }), [
      'd1',
      'd2',
      'd6',
    ]);
    assert.equal(await ids(store, { at: { $gt: '2024-01-01T00:00:00.000Z', $lte: '2024-03-01T00:00:00.000Z' } }), [
      'd2',
      'd3',
      'd6',
    ]);
    assert.equal(await ids(store, { n: { $gt: 9 } }), ['d2', 'd3', 'd4', 'd6']);
    assert.equal(await ids(store, { n: { $lte: 5 } }), ['d1', 'd5']);
    assert.equal(await ids(store, { n: { $gte: 2.5, $lt: 15 } }), ['d1', 'd2', 'd5']);
    assert.equal(await ids(store, { workspaceId: 'w1', at: { $gte: '2024-01-01T00:00:00.000Z' } }), ['d1', 'd2']);
  });

  s('find: range operators never match null or missing fields', async ({ store }) => {
    await seed(store);
    // e.g. "deliveries due before now" must not return the ones with no due date
    assert.equal(await ids(store, { closedAt: { $lt: '2024-03-01T00:00:00.000Z' } }), ['d2', 'd6']);
    assert.equal(await ids(store, { closedAt: { $lte: '9999' } }), ['d2', 'd4', 'd6']);
  });

  s('find: sort asc/desc on numbers, strings and dotted fields, with skip and limit', async ({ store }) => {
    await seed(store);
    const order = async (...args: Parameters<ReadStore['find']>) => (await store.find(...args)).map((d) => d.id);
    assert.equal(await order(ITEMS, {}, { sort: [['n', 1]] }), ['d5', 'd1', 'd2', 'd3', 'd4', 'd6']);
    assert.equal(await order(ITEMS, {}, { sort: [['n', -1]], limit: 3 }), ['d6', 'd4', 'd3']);
    assert.equal(await order(ITEMS, {}, { sort: [['n', 1]], skip: 1, limit: 2 }), ['d1', 'd2']);
    assert.equal(await order(ITEMS, {}, { sort: [['at', 1]] }), ['d5', 'd1', 'd6', 'd2', 'd3', 'd4']);
    assert.equal(
      await order(
        ITEMS,
        {},
        {
          sort: [
            ['owner.tier', 1],
            ['n', -1],
          ],
        },
      ),
      ['d6', 'd4', 'd2', 'd5', 'd3', 'd1'],
    );
    assert.equal(await order(ITEMS, { status: 'open' }, { sort: [['at', -1]], skip: 1 }), ['d1', 'd5']);
    assert.equal(await order(ITEMS, {}, { sort: [['id', -1]], limit: 2 }), ['d6', 'd5']);
    assert.equal(await order(ITEMS, {}, { sort: [['n', 1]], skip: 10 }), []);
  });

  s('count with and without a filter', async ({ store }) => {
    assert.is(await store.count(ITEMS), 0);
    await seed(store);
    assert.is(await store.count(ITEMS), 6);
    assert.is(await store.count(ITEMS, { status: 'open' }), 3);
    assert.is(await store.count(ITEMS, { n: { $gte: 15 }, 'owner.tier': 'free' }), 2);
  });

  s('a transaction commits its writes together and sees them itself', async ({ store }) => {
    await store.upsert(ITEMS, { id: 'a', v: 1 });
    const result = await store.transaction(async (tx) => {
      await tx.upsert(ITEMS, { id: 'b', v: 2 });
      await tx.patch(ITEMS, 'a', { v: 3 });
      await tx.increment(COUNTERS, 'c', 'count', 5);
      assert.equal(await tx.get(ITEMS, 'b'), { id: 'b', v: 2 });
      assert.is(await tx.count(ITEMS), 2);
      return 'done';
    });
    assert.is(result, 'done');
    assert.equal(await store.find(ITEMS, {}, { sort: [['id', 1]] }), [
      { id: 'a', v: 3 },
      { id: 'b', v: 2 },
    ]);
    assert.is((await store.get(COUNTERS, 'c'))?.count, 5);
  });

  s('a transaction that throws leaves no change', async ({ store }) => {
    await seed(store);
    const boom = new Error('boom');
    try {
      await store.transaction(async (tx) => {
        await tx.upsert(ITEMS, { id: 'new', v: 1 });
        await tx.patch(ITEMS, 'd1', { name: 'changed' });
        await tx.increment(COUNTERS, 'c', 'count', 1);
        await tx.delete(ITEMS, 'd2');
        await tx.deleteMany(ITEMS, { status: 'open' });
        await tx.saveCheckpoint('proj', { commit: 7n, prepare: 8n });
        throw boom;
      });
      assert.unreachable('the transaction did not rethrow');
    } catch (err) {
      assert.is(err, boom);
    }
    assert.is(await store.get(ITEMS, 'new'), null);
    assert.equal(await store.get(ITEMS, 'd1'), SAMPLE_ITEMS[0]);
    assert.is(await store.get(COUNTERS, 'c'), null);
    assert.is(await store.count(ITEMS), 6);
    assert.is(await store.getCheckpoint('proj'), null);
  });

  s('checkpoints: lock, save and get round-trip bigint positions', async ({ store }) => {
    assert.is(await store.getCheckpoint('proj'), null);
    assert.is(await store.transaction((tx) => tx.lockCheckpoint('proj')), null);
    assert.is(await store.getCheckpoint('proj'), null, 'locking alone saves no position');
    const big: Position = { commit: 2n ** 62n + 12345n, prepare: 9_007_199_254_740_993n };
    await store.transaction((tx) => tx.saveCheckpoint('proj', big));
    assert.equal(await store.getCheckpoint('proj'), big);
    assert.equal(await store.transaction((tx) => tx.lockCheckpoint('proj')), big);
    await store.saveCheckpoint('other', { commit: 0n, prepare: 1n });
    assert.equal(await store.getCheckpoint('other'), { commit: 0n, prepare: 1n });
    assert.equal(await store.getCheckpoint('proj'), big, 'checkpoints are independent');
  });

  s('lockCheckpoint serialises two transactions on one checkpoint', async ({ store }) => {
    const first: Position = { commit: 10n, prepare: 11n };
    let markLocked!: () => void;
    const locked = new Promise<void>((r) => (markLocked = r));
    const one = store.transaction(async (tx) => {
      await tx.lockCheckpoint('proj');
      markLocked();
      await sleep(300);
      await tx.saveCheckpoint('proj', first);
    });
    await locked;
    const seen = await store.transaction(async (tx) => {
      const cp = await tx.lockCheckpoint('proj');
      await tx.saveCheckpoint('proj', { commit: 20n, prepare: 21n });
      return cp;
    });
    await one;
    assert.equal(seen, first, 'the second transaction waited for the first and saw its checkpoint');
    assert.equal(await store.getCheckpoint('proj'), { commit: 20n, prepare: 21n });
  });

  s('commitBatch writes and moves the checkpoint only where it still stands, all at once', async ({ store }) => {
    if (!store.commitBatch) return; // MongoDB: batches go through transaction()
    await seed(store);
    const p1: Position = { commit: 5n, prepare: 6n };
    const p2: Position = { commit: 2n ** 62n, prepare: 9_007_199_254_740_993n };
    // Content that would break a statement built carelessly round-trips exactly.
    const tricky = {
      id: `it's \\ "x"`,
      text: `a'b\\c"d\n\tE'e' $$ Zoë ✓ 🙂 \\u0041`,
      nested: { list: [1, 'two', null, { deep: "'" }], ok: true, n: 2.5 },
    };
    const writes = new Map([
      [ITEMS.name, { upserts: [tricky, { ...SAMPLE_ITEMS[0], name: 'changed' }], deletes: ['d2', 'missing'] }],
      [COUNTERS.name, { upserts: [{ id: 'c', count: 3 }], deletes: [] }],
    ]);
    assert.is(await store.commitBatch('proj', null, p1, writes), true);
    assert.equal(await store.getCheckpoint('proj'), p1);
    assert.equal(await store.get(ITEMS, tricky.id), tricky);
    assert.is((await store.get(ITEMS, 'd1'))?.name, 'changed');
    assert.is(await store.get(ITEMS, 'd2'), null);
    assert.equal(await store.get(COUNTERS, 'c'), { id: 'c', count: 3 });
    // From a position the checkpoint has left: nothing changes.
    const stale = new Map([[ITEMS.name, { upserts: [{ id: 'late', v: 1 }], deletes: ['d3'] }]]);
    assert.is(await store.commitBatch('proj', null, p2, stale), false);
    assert.is(await store.commitBatch('proj', { commit: 5n, prepare: 5n }, p2, stale), false);
    assert.is(await store.get(ITEMS, 'late'), null);
    assert.ok(await store.get(ITEMS, 'd3'));
    assert.equal(await store.getCheckpoint('proj'), p1);
    assert.is(await store.commitBatch('proj', p1, p2, new Map()), true);
    assert.equal(await store.getCheckpoint('proj'), p2);
  });

  s('commitBatch: of two batches from the same checkpoint, exactly one lands', async ({ store }) => {
    if (!store.commitBatch) return;
    const from: Position = { commit: 1n, prepare: 1n };
    await store.saveCheckpoint('proj', from);
    for (let round = 0; round < 5; round++) {
      const start = (await store.getCheckpoint('proj'))!;
      const next = (k: number): Position => ({ commit: start.commit + 1n, prepare: BigInt(k) });
      const results = await Promise.all(
        [1, 2, 3].map((k) =>
          store.commitBatch!(
            'proj',
            start,
            next(k),
            new Map([[ITEMS.name, { upserts: [{ id: `r${round}-${k}` }], deletes: [] }]]),
          ),
        ),
      );
      assert.is(results.filter(Boolean).length, 1, `round ${round}: one winner`);
      const k = results.indexOf(true) + 1;
      assert.equal(await store.getCheckpoint('proj'), next(k));
      assert.equal(
        (await store.find(ITEMS, { id: { $in: [1, 2, 3].map((j) => `r${round}-${j}`) } })).map((d) => d.id),
        [`r${round}-${k}`],
      );
    }
  });

  s('dropAll empties collections and checkpoints, which stay usable', async ({ store }) => {
    await seed(store);
    await store.increment(COUNTERS, 'c', 'count', 1);
    await store.saveCheckpoint('proj', { commit: 1n, prepare: 2n });
    await store.dropAll();
    assert.is(await store.count(ITEMS), 0);
    assert.equal(await store.find(COUNTERS), []);
    assert.is(await store.getCheckpoint('proj'), null);
    await seed(store);
    assert.equal(await ids(store, { status: 'open' }), ['d1', 'd3', 'd5']);
    await store.saveCheckpoint('proj', { commit: 3n, prepare: 4n });
    assert.equal(await store.getCheckpoint('proj'), { commit: 3n, prepare: 4n });
  });

  s.run();
}

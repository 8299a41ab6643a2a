/**
 * A batch lands once, whichever way it is applied: at once (one checked step) where the store
 * can and the handlers only read and write by id, otherwise in a transaction.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyAtOnce, applyInTransaction } from '../../projections/batchApplication.js';
import type { Projection } from '../../projections/projection.js';
import { createPostgresReadStore, type PostgresReadStore } from '../../infrastructure/readStore/postgresReadStore.js';
import type { Position, RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';
import { collection, type Doc } from '../../infrastructure/readStore/readStore.js';
import { meta } from '../infrastructure/eventStore/eventStoreContract.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

const TALLIES = collection<Doc>('tallies');
const NUMBERED = collection<Doc>('numbered');

let t: TestSql;
let store: PostgresReadStore;

/** Counts events per stream in `tallies`, reading each tally by id. */
const tally: Projection = {
  name: 'tally',
  collections: [{ name: TALLIES.name, indexes: [] }],
  handles: ['Ticked'],
  async apply(event, tx) {
    await tx.increment(TALLIES, event.streamId, 'n', 1);
  },
  reads: (event) => [[TALLIES, event.streamId]],
};
/** Numbers each event by how many it had seen: a question by filter. */
const numbering: Projection = {
  name: 'numbering',
  collections: [{ name: NUMBERED.name, indexes: [['kind']] }],
  handles: ['Ticked'],
  async apply(event, tx) {
    await tx.upsert(NUMBERED, { id: event.id, kind: 'tick', n: await tx.count(NUMBERED, { kind: 'tick' }) });
  },
};

let seq = 0n;
function batch(n: number, stream = 's'): RecordedEvent[] {
  return Array.from({ length: n }, () => {
    seq++;
    return {
      id: `e${seq}`,
      streamId: stream,
      revision: Number(seq),
      type: 'Ticked',
      data: {},
      metadata: meta(),
      position: { commit: seq, prepare: seq },
    };
  });
}
const end = (b: RecordedEvent[]): Position => b[b.length - 1].position;

test.before(async () => {
  t = await createTestSql();
  store = await createPostgresReadStore(t.sql);
  await store.ensureCollections([...tally.collections, ...numbering.collections]);
});
test.after(async () => t.cleanup());

test('at once: the documents and the checkpoint land together; from a moved checkpoint nothing does', async () => {
  const first = batch(3);
  const out = await applyAtOnce(store, [tally], 'cp-a', null, first, new Set());
  assert.is(out?.applied, 3);
  assert.equal([...out!.writer.written], ['tallies']);
  assert.equal(await store.get(TALLIES, 's'), { id: 's', n: 3 });
  assert.equal(await store.getCheckpoint('cp-a'), end(first));
  // The same batch again, as a second instance would: refused, nothing counted twice.
  assert.is((await applyAtOnce(store, [tally], 'cp-a', null, first, new Set()))?.applied, 0);
  const second = batch(2);
  assert.is((await applyAtOnce(store, [tally], 'cp-a', end(first), second, new Set()))?.applied, 2);
  assert.equal(await store.get(TALLIES, 's'), { id: 's', n: 5 });
});

test('at once, two instances with the same batch: it is counted once', async () => {
  const b = batch(4, 'race');
  const outs = await Promise.all([1, 2, 3].map(() => applyAtOnce(store, [tally], 'cp-b', null, b, new Set())));
  assert.equal(outs.map((o) => o?.applied).sort(), [0, 0, 4]);
  assert.equal(await store.get(TALLIES, 'race'), { id: 'race', n: 4 });
});

test('a handler that asks by filter: null from at once, with nothing written; the transaction applies it', async () => {
  const b = batch(3, 'q');
  assert.is(await applyAtOnce(store, [tally, numbering], 'cp-c', null, b, new Set()), null);
  assert.is(await store.get(TALLIES, 'q'), null);
  assert.is(await store.getCheckpoint('cp-c'), null);
  const out = await applyInTransaction(store, [tally, numbering], 'cp-c', null, b, new Set());
  assert.is(out.applied, 3);
  assert.equal(
    (await store.find(NUMBERED, { kind: 'tick' }, { sort: [['n', 1]] })).map((d) => d.n),
    [0, 1, 2],
    'each count saw the earlier writes',
  );
  assert.equal(await store.get(TALLIES, 'q'), { id: 'q', n: 3 });
  assert.equal(await store.getCheckpoint('cp-c'), end(b));
});

test('parked events are left out for their view only', async () => {
  const b = batch(2, 'p');
  const out = await applyAtOnce(store, [tally], 'cp-d', null, b, new Set([`tally:${b[0].id}`]));
  assert.is(out?.applied, 2);
  assert.equal(await store.get(TALLIES, 'p'), { id: 'p', n: 1 });
});

test.run();

/**
 * The buffered writer the projection runner applies batches through: the same documents as
 * writing each operation at once, fewer statements, and every filtered read sees every earlier
 * write of the batch.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createPostgresReadStore,
  type PostgresReadStore,
} from '../../../infrastructure/readStore/postgresReadStore.js';
import { BufferedWriter, QueryInBatch } from '../../../infrastructure/readStore/bufferedWriter.js';
import {
  collection,
  type Collection,
  type Doc,
  type ReadStoreWriter,
} from '../../../infrastructure/readStore/readStore.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';

type Row = Doc & { n?: number };
const DIRECT = collection<Row>('direct');
const BUFFERED = collection<Row>('buffered');

let t: TestSql;
let store: PostgresReadStore;
test.before(async () => {
  t = await createTestSql();
  store = await createPostgresReadStore(t.sql);
  await store.ensureCollections([
    { name: DIRECT.name, indexes: [['group']] },
    { name: BUFFERED.name, indexes: [['group']] },
  ]);
});
test.after(async () => t.cleanup());

/** A batch of the operations projections use; returns what the reads inside it saw. */
async function script(tx: ReadStoreWriter, c: Collection<Row>): Promise<unknown[]> {
  const seen: unknown[] = [];
  await tx.upsert(c, {
    id: 'a',
    group: 'g',
    n: 1,
    nested: { x: 1 },
    when: new Date('2026-01-01T00:00:00Z') as unknown as string,
  });
  await tx.upsert(c, { id: 'b', group: 'g', n: 5 });
  seen.push(await tx.patch(c, 'a', { n: 2, gone: undefined, extra: 'e' }));
  seen.push(await tx.patch(c, 'missing', { n: 1 }));
  await tx.increment(c, 'a', 'n', 3);
  await tx.increment(c, 'counter', 'hits', 1, { group: 'h' });
  await tx.increment(c, 'counter', 'hits', 2);
  seen.push(await tx.get(c, 'a'));
  seen.push((await tx.find(c, { group: 'g' })).map((d) => d.id));
  seen.push(await tx.count(c, { group: 'g' }));
  seen.push(await tx.delete(c, 'b'));
  seen.push(await tx.delete(c, 'b'));
  await tx.upsert(c, { id: 'c', group: 'g', n: 0 });
  seen.push(await tx.deleteMany(c, { group: 'g', n: 0 }));
  await tx.upsert(c, { id: 'b', group: 'g', n: 9 });
  seen.push(await tx.find(c, { group: 'g' }, { sort: [['n', 1]] }));
  return seen;
}

test('same documents and same answers as writing each operation at once', async () => {
  const direct = await store.transaction((tx) => script(tx, DIRECT));
  const buffered = await store.transaction(async (tx) => {
    const b = new BufferedWriter(tx);
    const seen = await script(b, BUFFERED);
    await b.flush();
    return seen;
  });
  assert.equal(buffered, direct);
  assert.equal(await store.find(BUFFERED, {}), await store.find(DIRECT, {}));
});

test('a batch of writes by id costs one statement per collection', async () => {
  let statements = 0;
  await store.transaction(async (tx) => {
    const counting: ReadStoreWriter = new Proxy(tx, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? (...args: unknown[]) => (statements++, v.apply(target, args)) : v;
      },
    });
    const b = new BufferedWriter(counting);
    for (let i = 0; i < 100; i++) await b.upsert(DIRECT, { id: `bulk-${i}`, group: 'bulk', n: i });
    for (let i = 0; i < 100; i++) await b.increment(DIRECT, `bulk-${i}`, 'n', 1);
    await b.flush();
  });
  assert.is(statements, 1);
  assert.is((await store.get(DIRECT, 'bulk-99'))?.n, 100);
});

test('prefetched documents are read in one query per collection; later reads and patches answer from memory', async () => {
  for (let i = 0; i < 20; i++) await store.upsert(BUFFERED, { id: `pre-${i}`, group: 'pre', n: i });
  const calls: string[] = [];
  const seen = await store.transaction(async (tx) => {
    const counting: ReadStoreWriter = new Proxy(tx, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? (...args: unknown[]) => (calls.push(String(prop)), v.apply(target, args)) : v;
      },
    });
    const b = new BufferedWriter(counting);
    await b.prefetch([
      ...Array.from({ length: 20 }, (_, i) => [BUFFERED, `pre-${i}`] as const),
      [BUFFERED, 'pre-missing'],
    ]);
    const docs = [];
    for (let i = 0; i < 20; i++) {
      await b.patch(BUFFERED, `pre-${i}`, { n: i * 10 });
      docs.push(await b.get(BUFFERED, `pre-${i}`));
    }
    docs.push(await b.get(BUFFERED, 'pre-missing'));
    await b.flush();
    return docs;
  });
  assert.equal(calls, ['find', 'upsertMany'], 'one read, one write');
  assert.equal(
    seen.slice(0, 3).map((d) => d?.n),
    [0, 10, 20],
  );
  assert.is(seen[20], null, 'a document that does not exist reads as absent');
  assert.is((await store.get(BUFFERED, 'pre-19'))?.n, 190);
});

test('without queries, writes wait for takeWrites, and a question by filter is refused', async () => {
  const w = new BufferedWriter(store, undefined, { queries: false });
  await w.upsert(BUFFERED, { id: 'q1', group: 'q' });
  await w.increment(BUFFERED, 'q2', 'n', 2, { group: 'q' });
  await w.delete(BUFFERED, 'gone');
  for (const ask of [
    () => w.find(BUFFERED, { group: 'q' }),
    () => w.count(BUFFERED),
    () => w.deleteMany(BUFFERED, { group: 'q' }),
  ]) {
    await ask().then(
      () => assert.unreachable('answered'),
      (err: unknown) => assert.instance(err, QueryInBatch),
    );
  }
  assert.is(await store.get(BUFFERED, 'q1'), null, 'nothing written yet');
  assert.equal(
    w.takeWrites(),
    new Map([
      [
        'buffered',
        {
          upserts: [
            { id: 'q1', group: 'q' },
            { group: 'q', id: 'q2', n: 2 },
          ],
          deletes: ['gone'],
        },
      ],
    ]),
  );
  assert.equal(w.takeWrites(), new Map(), 'taken once');
  assert.equal([...w.written], ['buffered']);
});

test.run();

/**
 * The External API's cached views: a repeated read costs nothing, a write announced by the
 * runner drops the answers of that collection only, "unknown" drops everything, a read an
 * announcement overtook is not kept, and each caller gets its own copy.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Subject } from 'rxjs';
import { createCachedReader } from '../../../infrastructure/readStore/cachedReader.js';
import { collection, type Collection, type ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';

type Row = { id: string; n: number };
const A = collection<Row>('a');
const B = collection<Row>('b');

function fixture() {
  const data: Record<string, Array<{ id: string; n: number }>> = { a: [{ id: '1', n: 1 }], b: [{ id: '2', n: 2 }] };
  let reads = 0;
  let gate: Promise<void> | null = null;
  const base = {
    async find(c: Collection) {
      reads++;
      const rows = structuredClone(data[c.name]);
      if (gate !== null) await gate;
      return rows;
    },
    async get(c: Collection, id: string) {
      reads++;
      return structuredClone(data[c.name].find((d) => d.id === id) ?? null);
    },
    async count(c: Collection) {
      reads++;
      return data[c.name].length;
    },
  } as unknown as ReadStoreReader;
  const changed = new Subject<string[] | null>();
  const views = createCachedReader(base, { viewsChanged$: changed });
  return {
    data,
    changed,
    views,
    reads: () => reads,
    hold: () => {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

test('a repeated read is answered from memory, frozen so no caller can change what the next one gets', async () => {
  const f = fixture();
  const first = await f.views.find(A, { x: 1 });
  assert.throws(() => {
    (first[0] as unknown as { n: number }).n = 99;
  }, TypeError);
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first[0]));
  assert.equal(await f.views.find(A, { x: 1 }), [{ id: '1', n: 1 }]);
  assert.is(f.reads(), 1);
  await f.views.find(A, { x: 2 });
  assert.is(f.reads(), 2, 'another filter is another answer');
});

test('a write to a collection drops its answers only; unknown drops all', async () => {
  const f = fixture();
  await f.views.find(A);
  await f.views.get(B, '2');
  f.data.a[0].n = 5;
  f.changed.next(['a']);
  assert.equal(await f.views.find(A), [{ id: '1', n: 5 }]);
  await f.views.get(B, '2');
  assert.is(f.reads(), 3);
  f.changed.next(null);
  await f.views.get(B, '2');
  assert.is(f.reads(), 4);
});

test('a read overtaken by a write is returned but not kept', async () => {
  const f = fixture();
  const open = f.hold();
  const reading = f.views.find(A);
  f.data.a[0].n = 7;
  f.changed.next(['a']);
  open();
  assert.equal(await reading, [{ id: '1', n: 1 }]);
  assert.equal(await f.views.find(A), [{ id: '1', n: 7 }]);
});

test.run();

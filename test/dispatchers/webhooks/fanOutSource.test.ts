/**
 * The fan-out takes its events from the batches the projection runner applied, and reads the
 * log only when those do not reach back to where it stands.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Subject } from 'rxjs';
import type { EventStore, Position, RecordedEvent } from '../../../infrastructure/eventStore/eventStore.js';
import { fanOutSource, type AppliedBatch } from '../../../dispatchers/webhooks/fanOutSource.js';

const at = (n: number): Position => ({ commit: 1n, prepare: BigInt(n) });
const event = (n: number): RecordedEvent => ({
  id: `e${n}`,
  streamId: 's',
  revision: n,
  type: 'T',
  data: {},
  position: at(n),
  metadata: {
    workspaceId: null,
    actor: { type: 'system', id: 't' },
    correlationId: 'c',
    causationId: null,
    requestId: null,
    occurredAt: '2026-01-01T00:00:00Z',
  },
});
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => event(a + i));
const numbers = (events: RecordedEvent[]) => events.map((e) => Number(e.position.prepare));

function fixture(log: RecordedEvent[], batchSize = 100) {
  let clock = 0;
  const reads: Array<number | null> = [];
  const included: number[] = [];
  const events = {
    appended$: new Subject<void>(),
    async readAll({ after, limit }: { after?: Position | null; limit?: number }) {
      reads.push(after ? Number(after.prepare) : null);
      return log.filter((e) => !after || e.position.prepare > after.prepare).slice(0, limit);
    },
  } as unknown as EventStore;
  const applied$ = new Subject<AppliedBatch>();
  const source = fanOutSource({
    events,
    applied$,
    batchSize,
    pollMs: 250,
    now: () => clock,
    viewsInclude: async (p) => void included.push(Number(p.prepare)),
  });
  return { source, applied$, reads, included, pass: (ms: number) => (clock += ms) };
}

test('batches the runner applied are handed over without reading the log', async () => {
  const f = fixture(range(1, 6));
  f.applied$.next({ from: null, events: range(1, 3) });
  f.applied$.next({ from: at(3), events: range(4, 6) });
  assert.equal(numbers(await f.source.next(null)), [1, 2, 3, 4, 5, 6]);
  assert.equal(f.reads, []);
  assert.equal(numbers(await f.source.next(at(6))), [], 'caught up with the runner');
  assert.equal(f.reads, [6], 'the first time, the log is asked too');
  f.pass(100);
  assert.equal(numbers(await f.source.next(at(6))), []);
  assert.equal(f.reads, [6], 'then not again before the poll interval');
  f.pass(200);
  await f.source.next(at(6));
  assert.equal(f.reads, [6, 6], 'the poll reads the log: another instance may have applied more');
});

test('a gap before the first kept batch (another instance applied it) is read from the log, then the kept batch is used', async () => {
  const f = fixture(range(1, 6), 2);
  f.applied$.next({ from: at(4), events: range(5, 6) });
  assert.equal(numbers(await f.source.next(at(2))), [3, 4]);
  assert.equal(f.reads, [2]);
  assert.equal(f.included, [4], 'a batch read from the log waits until the views include it');
  assert.equal(numbers(await f.source.next(at(4))), [5, 6]);
  assert.equal(f.reads, [2]);
});

test('a kept batch that starts before where the fan-out stands gives only the later events', async () => {
  const f = fixture(range(1, 6));
  f.applied$.next({ from: at(1), events: range(2, 5) });
  assert.equal(numbers(await f.source.next(at(3))), [4, 5]);
  assert.equal(f.reads, []);
});

test('batches wholly behind the fan-out are let go', async () => {
  const f = fixture(range(1, 6));
  f.applied$.next({ from: null, events: range(1, 2) });
  f.applied$.next({ from: at(2), events: range(3, 4) });
  assert.equal(numbers(await f.source.next(at(4))), [5, 6]);
  assert.equal(f.reads, [4]);
});

test('a handed-over batch wakes a sleeping fan-out at once', async () => {
  const f = fixture([]);
  const started = Date.now();
  const sleeping = f.source.sleep(5000);
  f.applied$.next({ from: null, events: range(1, 1) });
  await sleeping;
  assert.ok(Date.now() - started < 1000);
  f.source.close();
});

test.run();

/**
 * With a CachingStreamLoader, AggregateStore remembers the state of the streams it wrote: the next command appends without
 * reading the stream, yet a write by anyone else is never missed (the expected revision fails
 * and the command runs on the stream as read), and refusals are always decided on the stream as read.
 */
import { test } from 'uvu';
import type { Observable } from 'rxjs';
import type { AppendNotice, EventStore } from '../../infrastructure/eventStore/eventStore.js';
import { filter, firstValueFrom, timeout } from 'rxjs';
import * as assert from 'uvu/assert';
import { AggregateStore } from '../../commands/aggregateStore.js';
import { CachingStreamLoader, IDLE_MS } from '../../commands/cachingStreamLoader.js';
import { EventStreamLoader } from '../../commands/streamLoader.js';
import { operatorContext } from '../../commands/commandContext.js';
import {
  createPostgresEventStore,
  type PostgresEventStore,
} from '../../infrastructure/eventStore/postgresEventStore.js';
import type { Decider, DomainEvent } from '../../domain/event.js';

/** An AggregateStore remembering streams between commands, as the composition root wires it. */
const remembering = (store: EventStore, notices$?: Observable<AppendNotice>) =>
  new AggregateStore(store, undefined, undefined, new CachingStreamLoader(new EventStreamLoader(store), notices$));
import { createTestSql, type TestSql } from '../support/testStores.js';

type Counted = DomainEvent<'Counted', { by: number }>;
type Command = { type: 'Add'; by: number; max: number };
const counter: Decider<Command, { total: number }, Counted> = {
  initialState: { total: 0 },
  decide(command, state) {
    if (state.total + command.by > command.max) throw new Error('over the maximum');
    return [{ type: 'Counted', data: { by: command.by } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
};

let store: TestSql;
let events: PostgresEventStore;
let reads = 0;
/** Events the stream reads returned, in all. */
let eventsRead = 0;
test.before(async () => {
  store = await createTestSql();
  events = await createPostgresEventStore(store.sql);
  const readStream = events.readStream.bind(events);
  events.readStream = async (id, opts) => {
    reads++;
    const read = await readStream(id, opts);
    eventsRead += read.length;
    return read;
  };
});
test.after(async () => {
  await events.close();
  await store.cleanup();
});
const meta = () => ({
  workspaceId: null,
  actor: { type: 'system' as const, id: 't' },
  correlationId: 'c',
  causationId: null,
  requestId: null,
  occurredAt: new Date().toISOString(),
});

test('a stream this process wrote is not read again for the next command', async () => {
  const aggregates = remembering(events);
  await aggregates.handle('c-1', counter, { type: 'Add', by: 1, max: 100 }, operatorContext());
  const before = reads;
  for (let i = 0; i < 5; i++)
    await aggregates.handle('c-1', counter, { type: 'Add', by: 1, max: 100 }, operatorContext());
  assert.is(reads, before);
  assert.is((await aggregates.load('c-1', counter)).state.total, 6);
});

test('a state unused for IDLE_MS is dropped (conversations their visitors left do not stay in memory); one in use stays', async () => {
  let now = 0;
  const loader = new CachingStreamLoader(new EventStreamLoader(events), undefined, { now: () => now });
  const aggregates = new AggregateStore(events, undefined, undefined, loader);
  const add = (id: string) => aggregates.handle(id, counter, { type: 'Add', by: 1, max: 100 }, operatorContext());
  for (let i = 0; i < 20; i++) await add(`left-${i}`);
  now = IDLE_MS / 2;
  await add('in-use');
  assert.is(loader.size, 21);
  now = IDLE_MS + 1;
  const before = reads;
  await add('in-use');
  assert.is(reads, before, 'the stream in use was still remembered');
  assert.is(loader.size, 1, 'the twenty idle states were dropped');
  await add('left-0');
  assert.is(reads, before + 1, 'a dropped stream is read again');
  assert.is((await aggregates.load('left-0', counter)).state.total, 2);
});

test("another writer's append is not missed: the append fails on the revision and the command runs on the stream as read", async () => {
  const aggregates = remembering(events);
  const other = remembering(events);
  await aggregates.handle('c-2', counter, { type: 'Add', by: 1, max: 100 }, operatorContext());
  await other.handle('c-2', counter, { type: 'Add', by: 10, max: 100 }, operatorContext());
  await events.append('c-2', [{ type: 'Counted', data: { by: 100 }, metadata: meta() }]);
  const r = await aggregates.handle('c-2', counter, { type: 'Add', by: 1, max: 1000 }, operatorContext());
  assert.is(r.before.total, 111);
  assert.is(r.state.total, 112);
});

test("after another writer's append only the events after the remembered revision are read, never the whole stream", async () => {
  const aggregates = remembering(events);
  const other = remembering(events);
  for (let i = 0; i < 40; i++)
    await aggregates.handle('c-5', counter, { type: 'Add', by: 1, max: 1000 }, operatorContext());
  await other.handle('c-5', counter, { type: 'Add', by: 10, max: 1000 }, operatorContext());
  const before = eventsRead;
  const r = await aggregates.handle('c-5', counter, { type: 'Add', by: 1, max: 1000 }, operatorContext());
  assert.is(r.before.total, 50);
  assert.is(r.state.total, 51);
  assert.is(eventsRead - before, 1, "only the other writer's event was read");
  assert.is((await remembering(events).load('c-5', counter)).state.total, 51, 'the stream read whole agrees');
});

test('a refusal is decided on the stream as read, not on a remembered state', async () => {
  const aggregates = remembering(events);
  await aggregates.handle('c-3', counter, { type: 'Add', by: 5, max: 5 }, operatorContext());
  // Someone else gives room (a negative count), unknown to this process's remembered state.
  await events.append('c-3', [{ type: 'Counted', data: { by: -5 }, metadata: meta() }]);
  const r = await aggregates.handle('c-3', counter, { type: 'Add', by: 5, max: 5 }, operatorContext());
  assert.is(r.state.total, 5);
  let refused: unknown = null;
  await aggregates
    .handle('c-3', counter, { type: 'Add', by: 1, max: 5 }, operatorContext())
    .catch((err) => (refused = err));
  assert.instance(refused, Error);
});

test("with append notices, loads are remembered too, and another instance's append drops them", async () => {
  const otherEvents = await createPostgresEventStore(await store.another());
  try {
    const here = remembering(events, events.appendedStreams$);
    const there = remembering(otherEvents, otherEvents.appendedStreams$);
    // On a server the NOTIFY of the first append reaches `here` asynchronously: let it arrive first.
    const noticed = firstValueFrom(
      events.appendedStreams$.pipe(
        filter((n) => n.streamId === 'c-4'),
        timeout(2000),
      ),
    ).catch(() => undefined);
    await there.handle('c-4', counter, { type: 'Add', by: 1, max: 100 }, operatorContext());
    await noticed;
    assert.is((await here.load('c-4', counter)).state.total, 1);
    const before = reads;
    assert.is((await here.load('c-4', counter)).state.total, 1);
    assert.is(reads, before, 'the second load is answered from memory');
    await there.handle('c-4', counter, { type: 'Add', by: 2, max: 100 }, operatorContext());
    const deadline = Date.now() + 1000;
    while ((await here.load('c-4', counter)).state.total !== 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    assert.is((await here.load('c-4', counter)).state.total, 3, "the other instance's append is seen within a second");
  } finally {
    await otherEvents.close();
  }
});

test.run();

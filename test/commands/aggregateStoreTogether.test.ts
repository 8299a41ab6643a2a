/** AggregateStore.handleTogether: commands on several streams appended as one, or not at all. */
import { test } from 'uvu';
import type { Observable } from 'rxjs';
import type { AppendNotice } from '../../infrastructure/eventStore/eventStore.js';
import * as assert from 'uvu/assert';
import { AggregateStore } from '../../commands/aggregateStore.js';
import { CachingStreamLoader } from '../../commands/cachingStreamLoader.js';
import { EventStreamLoader } from '../../commands/streamLoader.js';
import { operatorContext } from '../../commands/commandContext.js';
import {
  createPostgresEventStore,
  type PostgresEventStore,
} from '../../infrastructure/eventStore/postgresEventStore.js';
import type { EventStore } from '../../infrastructure/eventStore/eventStore.js';
import type { Decider, DomainEvent } from '../../domain/event.js';

/** An AggregateStore remembering streams between commands, as the composition root wires it. */
const remembering = (store: EventStore, notices$?: Observable<AppendNotice>) =>
  new AggregateStore(store, undefined, undefined, new CachingStreamLoader(new EventStreamLoader(store), notices$));
import { createTestSql, type TestSql } from '../support/testStores.js';

type Taken = DomainEvent<'SlotTaken', { item: string }>;
type Refused = DomainEvent<'Refused', Record<string, never>>;
/** A pool of `max` slots: taking one past the cap throws; 'Refuse' is a refusal with an event. */
const slots: Decider<
  { type: 'Take'; item: string; max: number } | { type: 'Refuse' } | { type: 'Nothing' },
  { items: string[] },
  Taken | Refused
> = {
  initialState: { items: [] },
  decide(command, state) {
    if (command.type === 'Refuse') return { events: [{ type: 'Refused', data: {} }], error: new Error('refused') };
    if (command.type === 'Nothing') return [];
    if (state.items.length >= command.max) throw new Error('no slot left');
    return [{ type: 'SlotTaken', data: { item: command.item } }];
  },
  evolve: (state, event) => (event.type === 'SlotTaken' ? { items: [...state.items, event.data.item] } : state),
};
type Made = DomainEvent<'ItemMade', { name: string }>;
const item: Decider<{ type: 'Make'; name: string }, { name: string | null }, Made> = {
  initialState: { name: null },
  decide: (command, state) => {
    if (state.name !== null) throw new Error('exists');
    return [{ type: 'ItemMade', data: { name: command.name } }];
  },
  evolve: (_, event) => ({ name: event.data.name }),
};

let sql: TestSql;
let events: PostgresEventStore;
test.before(async () => {
  sql = await createTestSql();
  events = await createPostgresEventStore(sql.sql);
});
test.after(async () => {
  await events.close();
  await sql.cleanup();
});

const steps = (pool: string, id: string, max = 10) => [
  { streamId: pool, decider: slots, command: { type: 'Take', item: id, max } },
  { streamId: `item-${id}`, decider: item, command: { type: 'Make', name: id }, newStream: true },
];

test('both streams are written by one append, and the states after it are answered', async () => {
  const aggregates = remembering(events);
  const out = await aggregates.handleTogether(steps('pool-a', 'a1'), operatorContext());
  assert.ok(out);
  assert.equal(
    out!.map((o) => o.state),
    [{ items: ['a1'] }, { name: 'a1' }],
  );
  const [slot] = await events.readStream('pool-a');
  const [made] = await events.readStream('item-a1');
  assert.is(slot.position.commit, made.position.commit, 'one transaction wrote both');
  // The next one decides on the remembered pool and appends at the right revision.
  await aggregates.handleTogether(steps('pool-a', 'a2'), operatorContext());
  assert.equal((await aggregates.load('pool-a', slots)).state.items, ['a1', 'a2']);
});

test('a command that throws on the current state throws, and nothing is written', async () => {
  const aggregates = remembering(events);
  await aggregates.handleTogether(steps('pool-b', 'b1', 1), operatorContext());
  await aggregates.handleTogether(steps('pool-b', 'b2', 1), operatorContext()).then(
    () => assert.unreachable('took a slot past the cap'),
    (err: Error) => assert.is(err.message, 'no slot left'),
  );
  assert.equal(await events.readStream('item-b2'), []);
  assert.is((await events.readStream('pool-b')).length, 1);
});

test('two instances racing for the last slots: the cap holds and no item is made without its slot', async () => {
  const one = remembering(events);
  const two = remembering(events);
  // Both remember the pool as empty, so most attempts start from a stale state.
  await one.load('pool-c', slots);
  await two.load('pool-c', slots);
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? one : two).handleTogether(steps('pool-c', `c${i}`, 5), operatorContext()),
    ),
  );
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 5);
  for (const r of results) if (r.status === 'rejected') assert.is((r.reason as Error).message, 'no slot left');
  const taken = (await events.readStream('pool-c')).map((e) => (e.data as { item: string }).item);
  assert.is(taken.length, 5);
  for (let i = 0; i < 12; i++) {
    assert.is(
      (await events.readStream(`item-c${i}`)).length,
      taken.includes(`c${i}`) ? 1 : 0,
      `item c${i} exists exactly when it holds a slot`,
    );
  }
});

test('null, with nothing written, when a command decides nothing or a refusal with events', async () => {
  const aggregates = remembering(events);
  for (const command of [{ type: 'Nothing' }, { type: 'Refuse' }]) {
    const out = await aggregates.handleTogether(
      [
        { streamId: 'pool-d', decider: slots, command },
        { streamId: 'item-d', decider: item, command: { type: 'Make', name: 'd' }, newStream: true },
      ],
      operatorContext(),
    );
    assert.is(out, null);
  }
  assert.equal(await events.readStream('pool-d'), []);
  assert.equal(await events.readStream('item-d'), []);
});

test('null on an event store without appendAll, which the caller then handles one by one', async () => {
  // As the EventStoreDB adapter: every method but appendAll.
  const plain: EventStore = {
    append: (...args) => events.append(...args),
    readStream: (id) => events.readStream(id),
    readAll: (opts) => events.readAll(opts),
    subscribeToAll: (opts) => events.subscribeToAll(opts),
    appended$: events.appended$,
    close: async () => undefined,
  };
  const aggregates = remembering(plain);
  assert.is(await aggregates.handleTogether(steps('pool-e', 'e1'), operatorContext()), null);
  assert.equal(await events.readStream('pool-e'), []);
});

test.run();

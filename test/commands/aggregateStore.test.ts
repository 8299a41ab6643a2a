/** AggregateStore.handle(stream, decider, command): append, retry on a concurrent write, rejections. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AggregateStore } from '../../commands/aggregateStore.js';
import { operatorContext } from '../../commands/commandContext.js';
import {
  createPostgresEventStore,
  type PostgresEventStore,
} from '../../infrastructure/eventStore/postgresEventStore.js';
import type { Decider, DomainEvent } from '../../domain/event.js';
import { createTestSql, type TestSql } from '../support/testStores.js';

type Counted = DomainEvent<'Counted', { by: number }>;
type Refused = DomainEvent<'Refused', { reason: string }>;
type Command = { type: 'Add'; by: number; max: number } | { type: 'Refuse' };

/** A counter that may not pass `max`; a refusal is recorded and still fails. */
const counter: Decider<Command, { total: number; refusals: number }, Counted | Refused> = {
  initialState: { total: 0, refusals: 0 },
  decide(command, state) {
    if (command.type === 'Refuse')
      return { events: [{ type: 'Refused', data: { reason: 'no' } }], error: new Error('refused') };
    if (state.total + command.by > command.max) throw new Error('over the maximum');
    return [{ type: 'Counted', data: { by: command.by } }];
  },
  evolve(state, event) {
    return event.type === 'Counted'
      ? { ...state, total: state.total + event.data.by }
      : { ...state, refusals: state.refusals + 1 };
  },
};

let store: TestSql;
let events: PostgresEventStore;

test.before(async () => {
  store = await createTestSql();
  events = await createPostgresEventStore(store.sql);
});
test.after(async () => {
  await events.close();
  await store.cleanup();
});

test('handle decides on the folded state and returns before, after and the events', async () => {
  const aggregates = new AggregateStore(events);
  const first = await aggregates.handle('counter-a', counter, { type: 'Add', by: 2, max: 10 }, operatorContext());
  assert.equal(first.before, { total: 0, refusals: 0 });
  assert.equal(first.state, { total: 2, refusals: 0 });
  assert.equal(
    first.events.map((e) => e.type),
    ['Counted'],
  );
  assert.is(first.rejection, null);
  const second = await aggregates.handle('counter-a', counter, { type: 'Add', by: 3, max: 10 }, operatorContext());
  assert.equal(second.state.total, 5);
  assert.equal((await aggregates.load('counter-a', counter)).revision, 1);
});

test('a rejection appends its events and is returned, not thrown', async () => {
  const aggregates = new AggregateStore(events);
  const out = await aggregates.handle('counter-b', counter, { type: 'Refuse' }, operatorContext());
  assert.instance(out.rejection, Error);
  assert.equal(out.state.refusals, 1);
  assert.equal(
    (await events.readStream('counter-b')).map((e) => e.type),
    ['Refused'],
  );
});

test('two stores racing on one stream: the cap holds, because the loser decides again', async () => {
  const one = new AggregateStore(events);
  const two = new AggregateStore(events);
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? one : two).handle('counter-c', counter, { type: 'Add', by: 1, max: 5 }, operatorContext()),
    ),
  );
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 5);
  assert.equal((await one.load('counter-c', counter)).state.total, 5);
});

test.run();

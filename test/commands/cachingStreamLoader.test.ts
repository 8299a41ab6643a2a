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
import { CachingStreamLoader } from '../../commands/cachingStreamLoader.js';
import { CONVERSATION_IDLE_MS, type StreamRetention } from '../../commands/streamRetention.js';
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

/**
 * A loader on a clock the test moves, remembering what `retention` says (default: Confab's).
 * Each command takes a millisecond, so "least recently used" is never a tie.
 */
const onClock = (retention?: StreamRetention) => {
  const clock = { now: 0 };
  const loader = new CachingStreamLoader(new EventStreamLoader(events), undefined, { now: () => clock.now, retention });
  const aggregates = new AggregateStore(events, undefined, undefined, loader);
  const add = (id: string, by = 1) => {
    clock.now++;
    return aggregates.handle(id, counter, { type: 'Add', by, max: 1_000_000 }, operatorContext());
  };
  return { clock, loader, aggregates, add };
};

test('a conversation state unused for its idle time is dropped (visitors leave without ending their chats); one in use stays', async () => {
  const { clock, loader, aggregates, add } = onClock();
  for (let i = 0; i < 20; i++) await add(`conversation-left-${i}`);
  clock.now = CONVERSATION_IDLE_MS / 2;
  await add('conversation-in-use');
  assert.is(loader.size, 21);
  clock.now = CONVERSATION_IDLE_MS + 100;
  const before = reads;
  await add('conversation-in-use');
  assert.is(reads, before, 'the conversation in use was still remembered');
  assert.is(loader.size, 1, 'the twenty idle states were dropped');
  await add('conversation-left-0');
  assert.is(reads, before + 1, 'a dropped stream is read again');
  assert.is((await aggregates.load('conversation-left-0', counter)).state.total, 2);
});

test('a workspace state is kept well past the idle time of a conversation, and is not read again', async () => {
  const { clock, loader, add } = onClock();
  for (let i = 0; i < 30; i++) await add('workspace-kept');
  await add('chatbot-kept');
  await add('conversation-gone');
  clock.now = CONVERSATION_IDLE_MS * 10;
  await add('conversation-other');
  assert.is(loader.size, 3, 'only the idle conversation was dropped');
  const [before, beforeEvents] = [reads, eventsRead];
  const r = await add('workspace-kept');
  await add('chatbot-kept');
  assert.is(reads, before, 'the workspace and the chatbot were still remembered');
  assert.is(eventsRead, beforeEvents);
  assert.is(r.state.total, 31);
});

test('the number of states kept stays bounded, the least recently used dropped first, whatever the lanes', async () => {
  const { loader, add } = onClock({
    idleMs: (id) => (id.startsWith('conversation-') ? CONVERSATION_IDLE_MS : Number.POSITIVE_INFINITY),
    maxStreams: 3,
    maxEvents: 1_000,
  });
  await add('workspace-n-1');
  await add('conversation-n-2');
  await add('workspace-n-3');
  await add('workspace-n-1'); // used again: now the most recent
  await add('conversation-n-4');
  assert.is(loader.size, 3);
  const before = reads;
  await add('workspace-n-1');
  await add('workspace-n-3');
  await add('conversation-n-4');
  assert.is(reads, before, 'the three used last were kept');
  await add('conversation-n-2');
  assert.is(reads, before + 1, 'the one used longest ago was dropped');
  assert.is(loader.size, 3);
});

test('the events folded into the states kept stay bounded; a state heavier than the bound is kept alone', async () => {
  const { loader, add } = onClock({ idleMs: () => Number.POSITIVE_INFINITY, maxStreams: 100, maxEvents: 10 });
  for (let i = 0; i < 4; i++) await add('workspace-w-1');
  for (let i = 0; i < 4; i++) await add('workspace-w-2');
  assert.is(loader.weight, 8);
  for (let i = 0; i < 3; i++) await add('workspace-w-3');
  assert.is(loader.weight, 7, 'the four events of the state used longest ago were let go');
  assert.is(loader.size, 2);
  for (let i = 0; i < 12; i++) await add('workspace-w-4');
  assert.is(loader.size, 1);
  assert.is(loader.weight, 12);
  const before = reads;
  await add('workspace-w-4');
  assert.is(reads, before, 'the heavy state was kept');
});

test('a state read again after it was dropped is the stream as it is now, with what another instance appended meanwhile', async () => {
  const { clock, loader, add } = onClock();
  for (let i = 0; i < 5; i++) await add('conversation-back', 1);
  const kept = (await loader.load('conversation-back', counter)).state.total;
  await remembering(events).handle('conversation-back', counter, { type: 'Add', by: 10, max: 1000 }, operatorContext());
  clock.now = CONVERSATION_IDLE_MS + 100;
  await add('conversation-other');
  assert.is(loader.size, 1, 'the idle conversation was dropped');
  const beforeEvents = eventsRead;
  const r = await add('conversation-back', 1);
  assert.is(eventsRead - beforeEvents, 6, 'the stream was read from its first event');
  assert.is(r.before.total, kept + 10);
  assert.is(r.state.total, kept + 11);
  assert.equal(
    await loader.load('conversation-back', counter),
    await new EventStreamLoader(events).load('conversation-back', counter),
    'the same as the stream read whole',
  );
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

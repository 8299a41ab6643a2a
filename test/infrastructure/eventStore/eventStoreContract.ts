/**
 * The EventStore contract (DESIGN.md, decision 5): one suite, run against every adapter. Adapters may
 * share a server with other runs (EventStoreDB has no per-test database), so every test writes
 * to streams under a prefix of its own and only looks at those streams in the global log.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Subscription } from 'rxjs';
import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedRevisionError,
  comparePositions,
} from '../../../infrastructure/eventStore/eventStore.js';

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

export function meta(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    workspaceId: 'ws-1',
    actor: { type: 'user', id: 'user-1' },
    correlationId: randomUUID(),
    causationId: null,
    requestId: null,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

export function ev(type: string, data: Record<string, unknown> = {}, metadata: EventMetadata = meta()): NewEvent {
  return { type, data, metadata };
}

/** Every event of the global log in streams starting with `prefix`, paging through readAll. */
export async function readAllOf(store: EventStore, prefix: string): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after: Position | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    out.push(...page.filter((e) => e.streamId.startsWith(prefix)));
    if (page.length < 1000) return out;
    after = page[page.length - 1].position;
  }
}

/**
 * readAllOf once `count` events are readable. An event may become readable only after older
 * transactions anywhere on the server finish (the PostgreSQL xmin rule, DESIGN.md, decision 6), so a
 * shared server can delay it; it must never reorder or drop it.
 */
export async function readAllSettled(store: EventStore, prefix: string, count: number): Promise<RecordedEvent[]> {
  let events: RecordedEvent[] = [];
  await waitFor(
    `${count} readable events under ${prefix}`,
    async () => (events = await readAllOf(store, prefix)).length >= count,
  );
  return events;
}

export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rejectsWith(promise: Promise<unknown>, check: (err: unknown) => boolean, message: string) {
  try {
    await promise;
  } catch (err) {
    assert.ok(check(err), `${message}: got ${String(err)}`);
    return;
  }
  assert.unreachable(`${message}: the append succeeded`);
}
const wrongRevision = (err: unknown) => err instanceof WrongExpectedRevisionError;

export function runEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreFixture>,
  opts: { teardown?: () => Promise<void> } = {},
): void {
  const s = suite<{ fx: EventStoreFixture; p: string }>(`EventStore contract (${name})`);
  s.before.each(async (ctx) => {
    ctx.fx = await factory();
    ctx.p = `c${randomUUID().slice(0, 8)}-`;
  });
  s.after.each(async (ctx) => {
    await ctx.fx.cleanup();
  });
  if (opts.teardown) s.after(opts.teardown);

  s('appends and reads back a stream; an unknown stream reads as []', async ({ fx: { store }, p }) => {
    const r = await store.append(`${p}a`, [
      ev('ThingCreated', { n: 1, nested: { list: [1, 'two'], ok: true } }),
      ev('ThingRenamed', { name: 'Zoë ✓' }),
    ]);
    assert.is(r.nextExpectedRevision, 1);
    const events = await store.readStream(`${p}a`);
    assert.equal(
      events.map((e) => [e.streamId, e.revision, e.type]),
      [
        [`${p}a`, 0, 'ThingCreated'],
        [`${p}a`, 1, 'ThingRenamed'],
      ],
    );
    assert.equal(events[0].data, { n: 1, nested: { list: [1, 'two'], ok: true } });
    assert.equal(events[1].data, { name: 'Zoë ✓' });
    assert.ok(events[0].id && events[0].id !== events[1].id, 'each event has its own id');
    assert.equal(await store.readStream(`${p}missing`), []);
  });

  s('reads a stream from a revision on: the tail only, [] past the end', async ({ fx: { store }, p }) => {
    await store.append(`${p}a`, [ev('A'), ev('B'), ev('C')]);
    assert.equal(
      (await store.readStream(`${p}a`, { fromRevision: 1 })).map((e) => [e.revision, e.type]),
      [
        [1, 'B'],
        [2, 'C'],
      ],
    );
    assert.equal(
      (await store.readStream(`${p}a`, { fromRevision: 0 })).map((e) => e.type),
      ['A', 'B', 'C'],
    );
    assert.equal(await store.readStream(`${p}a`, { fromRevision: 3 }), []);
    assert.equal(await store.readStream(`${p}missing`, { fromRevision: 2 }), []);
  });

  s('expectedRevision "any" appends whether or not the stream exists', async ({ fx: { store }, p }) => {
    assert.is((await store.append(`${p}a`, [ev('A')], { expectedRevision: 'any' })).nextExpectedRevision, 0);
    assert.is((await store.append(`${p}a`, [ev('B')], { expectedRevision: 'any' })).nextExpectedRevision, 1);
    assert.is((await store.append(`${p}a`, [ev('C')])).nextExpectedRevision, 2);
  });

  s('expectedRevision "no_stream" creates, then fails once the stream exists', async ({ fx: { store }, p }) => {
    await store.append(`${p}a`, [ev('A')], { expectedRevision: 'no_stream' });
    await rejectsWith(
      store.append(`${p}a`, [ev('B')], { expectedRevision: 'no_stream' }),
      wrongRevision,
      'no_stream on an existing stream',
    );
    assert.is((await store.readStream(`${p}a`)).length, 1, 'the failed append wrote nothing');
  });

  s(
    'expectedRevision "stream_exists" fails on an absent stream and appends to an existing one',
    async ({ fx: { store }, p }) => {
      await rejectsWith(
        store.append(`${p}a`, [ev('A')], { expectedRevision: 'stream_exists' }),
        wrongRevision,
        'stream_exists on an absent stream',
      );
      assert.equal(await store.readStream(`${p}a`), []);
      await store.append(`${p}a`, [ev('A')]);
      assert.is(
        (await store.append(`${p}a`, [ev('B')], { expectedRevision: 'stream_exists' })).nextExpectedRevision,
        1,
      );
    },
  );

  s('an exact expectedRevision must equal the last revision', async ({ fx: { store }, p }) => {
    await rejectsWith(
      store.append(`${p}a`, [ev('A')], { expectedRevision: 0 }),
      wrongRevision,
      'a number on an absent stream',
    );
    await store.append(`${p}a`, [ev('A')], { expectedRevision: 'no_stream' });
    const r = await store.append(`${p}a`, [ev('B'), ev('C')], { expectedRevision: 0 });
    assert.is(r.nextExpectedRevision, 2);
    for (const stale of [0, 1, 3]) {
      try {
        await store.append(`${p}a`, [ev('D')], { expectedRevision: stale });
        assert.unreachable(`expectedRevision ${stale} succeeded at revision 2`);
      } catch (err) {
        assert.instance(err, WrongExpectedRevisionError);
        assert.is((err as WrongExpectedRevisionError).streamId, `${p}a`);
        assert.is((err as WrongExpectedRevisionError).expected, stale);
      }
    }
    assert.is((await store.append(`${p}a`, [ev('D')], { expectedRevision: 2 })).nextExpectedRevision, 3);
    assert.equal(
      (await store.readStream(`${p}a`)).map((e) => e.type),
      ['A', 'B', 'C', 'D'],
    );
  });

  s('revisions are 0-based and contiguous across appends', async ({ fx: { store }, p }) => {
    await store.append(`${p}a`, [ev('A'), ev('B'), ev('C')]);
    await store.append(`${p}a`, [ev('D')]);
    await store.append(`${p}a`, [ev('E'), ev('F')]);
    assert.equal(
      (await store.readStream(`${p}a`)).map((e) => e.revision),
      [0, 1, 2, 3, 4, 5],
    );
  });

  s(
    'readAll returns the events of several streams in append order, positions increasing',
    async ({ fx: { store }, p }) => {
      await store.append(`${p}x`, [ev('X1'), ev('X2')]);
      await store.append(`${p}y`, [ev('Y1')]);
      await store.append(`${p}x`, [ev('X3')]);
      await store.append(`${p}z`, [ev('Z1'), ev('Z2')]);
      const all = await readAllSettled(store, p, 6);
      assert.equal(
        all.map((e) => e.type),
        ['X1', 'X2', 'Y1', 'X3', 'Z1', 'Z2'],
      );
      for (let i = 1; i < all.length; i++)
        assert.ok(comparePositions(all[i - 1].position, all[i].position) < 0, `position ${i} increases`);
      const byId = new Map((await store.readStream(`${p}x`)).map((e) => [e.id, e]));
      for (const e of all.filter((e) => e.streamId === `${p}x`)) assert.is(byId.get(e.id)?.revision, e.revision);
    },
  );

  s("an append's position covers its last event (read-your-writes waits on it)", async ({ fx: { store }, p }) => {
    const r = await store.append(`${p}a`, [ev('A'), ev('B'), ev('C')]);
    const [, , last] = await readAllSettled(store, p, 3);
    assert.ok(comparePositions(r.position, last.position) >= 0, 'append position >= its last event');
    const later = await store.readAll({ after: r.position, limit: 1000 });
    assert.not.ok(
      later.some((e) => e.streamId.startsWith(p)),
      'nothing of the append lies after its position',
    );
  });

  s('readAll after a position returns only later events, and honours limit', async ({ fx: { store }, p }) => {
    // One append is contiguous in the global log, so `limit` is testable on a shared server.
    await store.append(`${p}a`, [ev('E0'), ev('E1'), ev('E2'), ev('E3'), ev('E4')]);
    await store.append(`${p}b`, [ev('F0')]);
    const all = await readAllSettled(store, p, 6);
    const after = all[1].position;
    const page = await store.readAll({ after, limit: 2 });
    assert.equal(
      page.map((e) => e.type),
      ['E2', 'E3'],
    );
    const rest = (await store.readAll({ after, limit: 1000 })).filter((e) => e.streamId.startsWith(p));
    assert.equal(
      rest.map((e) => e.type),
      ['E2', 'E3', 'E4', 'F0'],
    );
    assert.ok(rest.every((e) => comparePositions(e.position, after) > 0));
    const tail = (await store.readAll({ after: all[all.length - 1].position, limit: 1000 })).filter((e) =>
      e.streamId.startsWith(p),
    );
    assert.equal(tail, []);
  });

  s('paging readAll through a long log yields every event once, in append order', async ({ fx: { store }, p }) => {
    // Long enough for positions to cross digit boundaries (9 → 10, 99 → 100): a cursor compared
    // or sorted as text instead of as numbers fails here.
    await store.append(`${p}marker`, [ev('Marker')]);
    const expected: string[] = [];
    for (let i = 0; i < 60; i++) {
      const events = Array.from({ length: 1 + (i % 3) }, (_, k) => ev(`E${i}.${k}`));
      await store.append(`${p}s${i % 4}`, events);
      expected.push(...events.map((e) => e.type));
    }
    await readAllSettled(store, p, expected.length + 1);
    const [marker] = await readAllOf(store, `${p}marker`);
    const got: RecordedEvent[] = [];
    let after = marker.position;
    for (let pages = 0; pages < 1000; pages++) {
      const page = await store.readAll({ after, limit: 7 });
      if (page.length === 0) break;
      for (let i = 0; i < page.length; i++) {
        assert.ok(comparePositions(page[i].position, after) > 0, 'every event of a page lies after the cursor');
        after = page[i].position;
      }
      got.push(...page.filter((e) => e.streamId.startsWith(p)));
    }
    assert.equal(
      got.map((e) => e.type),
      expected,
    );
    assert.equal(
      (await readAllOf(store, p)).filter((e) => e.type !== 'Marker').map((e) => e.type),
      expected,
    );
  });

  s('the metadata envelope round-trips intact', async ({ fx: { store }, p }) => {
    const full = meta({
      workspaceId: 'ws-42',
      actor: { type: 'apiKey', id: 'key_abc' },
      correlationId: 'corr-1',
      causationId: 'cause-1',
      requestId: 'req-1',
      occurredAt: '2024-05-06T07:08:09.123Z',
      request: { ip: '203.0.113.9', userAgent: 'curl/8.0' },
    });
    const sparse = meta({
      workspaceId: null,
      actor: { type: 'system', id: 'scheduler' },
      causationId: null,
      requestId: null,
      occurredAt: '2024-05-06T07:08:10.000Z',
    });
    await store.append(`${p}a`, [ev('A', { v: 1 }, full), ev('B', { v: 2 }, sparse)]);
    const [a, b] = await store.readStream(`${p}a`);
    assert.equal(a.metadata, full);
    assert.equal(b.metadata, sparse);
    const [ga, gb] = await readAllSettled(store, p, 2);
    assert.equal(ga.metadata, full);
    assert.equal(gb.metadata, sparse);
  });

  s('subscribeToAll delivers history, then live events, in order', async ({ fx: { store }, p }) => {
    await store.append(`${p}a`, [ev('H1'), ev('H2')]);
    await store.append(`${p}b`, [ev('H3')]);
    const seen: RecordedEvent[] = [];
    let failure: unknown;
    const sub: Subscription = store.subscribeToAll().subscribe({
      next: (e) => e.streamId.startsWith(p) && seen.push(e),
      error: (err) => (failure = err),
    });
    try {
      await waitFor('history', () => seen.length >= 3 || failure !== undefined);
      await store.append(`${p}a`, [ev('L1')]);
      await store.append(`${p}c`, [ev('L2'), ev('L3')]);
      await waitFor('live events', () => seen.length >= 6 || failure !== undefined);
      assert.is(failure, undefined);
      assert.equal(
        seen.map((e) => e.type),
        ['H1', 'H2', 'H3', 'L1', 'L2', 'L3'],
      );
      assert.equal(
        seen.map((e) => e.id),
        (await readAllOf(store, p)).map((e) => e.id),
      );
    } finally {
      sub.unsubscribe();
    }
  });

  s('subscribeToAll after a position starts just after it', async ({ fx: { store }, p }) => {
    await store.append(`${p}a`, [ev('A'), ev('B'), ev('C')]);
    const [first] = await readAllSettled(store, p, 3);
    const seen: string[] = [];
    const sub = store
      .subscribeToAll({ after: first.position })
      .subscribe((e) => e.streamId.startsWith(p) && seen.push(e.type));
    try {
      await waitFor('events after the position', () => seen.length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(seen, ['B', 'C']);
    } finally {
      sub.unsubscribe();
    }
  });

  s('concurrent "no_stream" appends to one stream: exactly one wins', async ({ fx: { store }, p }) => {
    for (let round = 0; round < 5; round++) {
      const stream = `${p}slug-${round}`;
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) =>
          store.append(stream, [ev('SlugReserved', { by: i })], { expectedRevision: 'no_stream' }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      assert.is(won.length, 1, `round ${round}: one winner`);
      for (const l of lost) assert.instance(l.reason, WrongExpectedRevisionError);
      const events = await store.readStream(stream);
      assert.is(events.length, 1);
      assert.is(events[0].revision, 0);
    }
  });

  s('concurrent exact appends to many streams: each is written or refused on its own', async ({ fx: { store }, p }) => {
    // Ten streams at revision 0; then, all at once: a new stream each, a right and a stale
    // expectation on each old one, and a "no_stream" on a stream that exists.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        store.append(`${p}old-${i}`, [ev('Made', { i })], { expectedRevision: 'no_stream' }),
      ),
    );
    const attempts = Array.from({ length: 10 }, (_, i) => [
      store.append(`${p}new-${i}`, [ev('Made', { i }), ev('Named', { i })], { expectedRevision: 'no_stream' }),
      store.append(`${p}old-${i}`, [ev('Moved', { i })], { expectedRevision: 0 }),
      store.append(`${p}old-${i}`, [ev('Stale', { i })], { expectedRevision: 5 }),
      store.append(`${p}old-${i}`, [ev('Again', { i })], { expectedRevision: 'no_stream' }),
    ]).flat();
    const results = await Promise.allSettled(attempts);
    for (let i = 0; i < 10; i++) {
      const [made, moved, stale, again] = results.slice(i * 4, i * 4 + 4);
      assert.is(made.status, 'fulfilled');
      assert.is(made.status === 'fulfilled' && made.value.nextExpectedRevision, 1);
      assert.is(moved.status, 'fulfilled');
      assert.is(moved.status === 'fulfilled' && moved.value.nextExpectedRevision, 1);
      for (const refused of [stale, again]) {
        assert.is(refused.status, 'rejected');
        assert.instance((refused as PromiseRejectedResult).reason, WrongExpectedRevisionError);
        assert.is(((refused as PromiseRejectedResult).reason as WrongExpectedRevisionError).streamId, `${p}old-${i}`);
      }
      assert.equal(
        (await store.readStream(`${p}new-${i}`)).map((e) => [e.type, e.revision]),
        [
          ['Made', 0],
          ['Named', 1],
        ],
      );
      assert.equal(
        (await store.readStream(`${p}old-${i}`)).map((e) => [e.type, e.revision]),
        [
          ['Made', 0],
          ['Moved', 1],
        ],
      );
    }
  });

  s('readStreams reads several streams at once, each whole and in order', async ({ fx: { store }, p }) => {
    if (!store.readStreams) return; // EventStoreDB has no such read: callers read stream by stream
    await store.append(`${p}a`, [ev('A0'), ev('A1'), ev('A2')]);
    await store.append(`${p}b`, [ev('B0')]);
    await store.append(`${p}c`, [ev('C0')]);
    await store.append(`${p}a`, [ev('A3')]);
    const read = await store.readStreams([`${p}a`, `${p}missing`, `${p}b`]);
    const byStream = (id: string) => read.filter((e) => e.streamId === id).map((e) => [e.revision, e.type]);
    assert.equal(byStream(`${p}a`), [
      [0, 'A0'],
      [1, 'A1'],
      [2, 'A2'],
      [3, 'A3'],
    ]);
    assert.equal(byStream(`${p}b`), [[0, 'B0']]);
    assert.is(read.length, 5, 'nothing of a stream not asked for, nothing for a missing one');
    const runs = read.map((e) => e.streamId).filter((id, i, ids) => i === 0 || ids[i - 1] !== id);
    assert.is(new Set(runs).size, runs.length, "each stream's events together");
    assert.equal(await store.readStreams([]), []);
  });

  s('appendAll writes several streams as one, or none of them', async ({ fx: { store }, p }) => {
    if (!store.appendAll) return; // EventStoreDB cannot: callers append stream by stream
    await store.append(`${p}slot`, [ev('Opened')], { expectedRevision: 'no_stream' });
    const [slot, bot] = await store.appendAll([
      { streamId: `${p}slot`, events: [ev('SlotTaken', { bot: 1 })], expectedRevision: 0 },
      { streamId: `${p}bot-1`, events: [ev('BotMade'), ev('BotNamed')], expectedRevision: 'no_stream' },
    ]);
    assert.is(slot.nextExpectedRevision, 1);
    assert.is(bot.nextExpectedRevision, 1);
    const all = await readAllSettled(store, p, 4);
    assert.equal(
      all.map((e) => e.type),
      ['Opened', 'SlotTaken', 'BotMade', 'BotNamed'],
    );
    assert.ok(
      comparePositions(bot.position, all[3].position) >= 0 && comparePositions(slot.position, all[1].position) >= 0,
      "each position covers its stream's events",
    );
    // A stale expectation on one stream: nothing is written to either.
    try {
      await store.appendAll([
        { streamId: `${p}bot-2`, events: [ev('BotMade')], expectedRevision: 'no_stream' },
        { streamId: `${p}slot`, events: [ev('SlotTaken', { bot: 2 })], expectedRevision: 0 },
      ]);
      assert.unreachable('a stale expectation was accepted');
    } catch (err) {
      assert.instance(err, WrongExpectedRevisionError);
      assert.is((err as WrongExpectedRevisionError).streamId, `${p}slot`);
      assert.is((err as WrongExpectedRevisionError).actual, 1);
    }
    assert.equal(await store.readStream(`${p}bot-2`), []);
    assert.is((await store.readStream(`${p}slot`)).length, 2);
  });

  s(
    'concurrent appendAll calls and single appends: each request whole or refused whole',
    async ({ fx: { store }, p }) => {
      if (!store.appendAll) return;
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.append(`${p}ws-${i}`, [ev('Opened')], { expectedRevision: 'no_stream' }),
        ),
      );
      // All at once, so they share statements: for every workspace a right and a stale pair, and
      // a plain append to a stream of its own.
      const right = Array.from({ length: 8 }, (_, i) =>
        store.appendAll!([
          { streamId: `${p}ws-${i}`, events: [ev('SlotTaken', { i })], expectedRevision: 0 },
          { streamId: `${p}bot-${i}`, events: [ev('BotMade', { i })], expectedRevision: 'no_stream' },
        ]),
      );
      const stale = Array.from({ length: 8 }, (_, i) =>
        store.appendAll!([
          { streamId: `${p}late-${i}`, events: [ev('BotMade', { i })], expectedRevision: 'no_stream' },
          { streamId: `${p}ws-${i}`, events: [ev('SlotTaken', { i })], expectedRevision: 7 },
        ]),
      );
      const plain = Array.from({ length: 8 }, (_, i) =>
        store.append(`${p}other-${i}`, [ev('Other', { i })], { expectedRevision: 'no_stream' }),
      );
      const [r, st, pl] = await Promise.all([
        Promise.allSettled(right),
        Promise.allSettled(stale),
        Promise.allSettled(plain),
      ]);
      for (let i = 0; i < 8; i++) {
        assert.is(r[i].status, 'fulfilled', `pair ${i} written`);
        assert.is(pl[i].status, 'fulfilled');
        assert.is(st[i].status, 'rejected');
        assert.instance((st[i] as PromiseRejectedResult).reason, WrongExpectedRevisionError);
        assert.equal(
          (await store.readStream(`${p}ws-${i}`)).map((e) => e.type),
          ['Opened', 'SlotTaken'],
        );
        assert.equal(
          (await store.readStream(`${p}bot-${i}`)).map((e) => e.type),
          ['BotMade'],
        );
        assert.equal(await store.readStream(`${p}late-${i}`), [], 'nothing of a refused request is written');
      }
    },
  );

  s('appendAll refuses a stream named twice or with no events, writing nothing', async ({ fx: { store }, p }) => {
    if (!store.appendAll) return;
    for (const appends of [
      [
        { streamId: `${p}a`, events: [ev('A')], expectedRevision: 'no_stream' as const },
        { streamId: `${p}a`, events: [ev('B')], expectedRevision: 'no_stream' as const },
      ],
      [
        { streamId: `${p}a`, events: [ev('A')], expectedRevision: 'no_stream' as const },
        { streamId: `${p}b`, events: [], expectedRevision: 'no_stream' as const },
      ],
    ]) {
      await store.appendAll(appends).then(
        () => assert.unreachable('accepted'),
        (err: Error) => assert.not.instance(err, WrongExpectedRevisionError),
      );
    }
    assert.equal(await store.readStream(`${p}a`), []);
  });

  s('concurrent appends with "any" to one stream keep revisions contiguous', async ({ fx: { store }, p }) => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`${p}a`, [ev('A', { i }), ev('B', { i })])));
    const events = await store.readStream(`${p}a`);
    assert.equal(
      events.map((e) => e.revision),
      Array.from({ length: 20 }, (_, i) => i),
    );
    for (let i = 0; i < 20; i += 2) assert.is(events[i].data.i, events[i + 1].data.i, 'one append stays together');
  });

  s.run();
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { AiTokenTally } from '../../projections/queries/aiTokenTally.js';

/** The `ai_token_usage` rows as the view holds them, counting every read. */
function fakeView(rows: Record<string, number>) {
  const view = {
    rows,
    reads: 0,
    gate: null as Promise<void> | null,
    reader: {
      async get(_collection: unknown, id: string) {
        view.reads += 1;
        const tokens = view.rows[id];
        await view.gate;
        return tokens === undefined ? null : { id, tokens };
      },
    } as unknown as ReadStoreReader,
  };
  return view;
}

function tallyOver(view: ReturnType<typeof fakeView>) {
  const clock = { ms: 0 };
  const waited: string[] = [];
  const tally = new AiTokenTally({
    views: view.reader,
    ownWritesInViews: async (w) => {
      waited.push(w);
    },
    now: () => clock.ms,
    refreshMs: 1000,
  });
  return { tally, clock, waited };
}

const NOV = new Date('2026-11-15T10:00:00Z');

test('seeded from the view once, then counts recorded answers without reading it', async () => {
  const view = fakeView({ 'w1:2026-11': 500 });
  const { tally, waited } = tallyOver(view);
  assert.is(await tally.used('w1', '2026-11'), 500);
  assert.equal(waited, ['w1'], "the seed waits for this process's own writes to be in the views");
  tally.recorded('w1', NOV, 120);
  tally.recorded('w1', NOV, 30);
  tally.recorded('w2', NOV, 999);
  assert.is(await tally.used('w1', '2026-11'), 650);
  assert.is(view.reads, 1);
});

test('a month is its own tally; the one before is not counted in it', async () => {
  const view = fakeView({ 'w1:2026-11': 500 });
  const { tally } = tallyOver(view);
  await tally.used('w1', '2026-11');
  tally.recorded('w1', new Date('2026-12-01T00:00:01Z'), 40);
  assert.is(await tally.used('w1', '2026-12'), 0, 'December is read from the view, which has no row yet');
  assert.is(await tally.used('w1', '2026-11'), 500);
});

test("after the refresh time the view is read again: other instances' answers come in", async () => {
  const view = fakeView({ 'w1:2026-11': 500 });
  const { tally, clock } = tallyOver(view);
  await tally.used('w1', '2026-11');
  view.rows['w1:2026-11'] = 800; // another instance's answers, now in the view
  clock.ms = 999;
  assert.is(await tally.used('w1', '2026-11'), 500);
  clock.ms = 1000;
  assert.is(await tally.used('w1', '2026-11'), 800);
  assert.is(view.reads, 2);
});

test('answers recorded while the seed is read are counted; concurrent reads share the seed', async () => {
  const view = fakeView({ 'w1:2026-11': 500 });
  const { tally } = tallyOver(view);
  let open!: () => void;
  view.gate = new Promise((r) => {
    open = r;
  });
  const first = tally.used('w1', '2026-11');
  const second = tally.used('w1', '2026-11');
  tally.recorded('w1', NOV, 70);
  open();
  assert.equal(await Promise.all([first, second]), [570, 570]);
  assert.is(view.reads, 1);
});

test.run();

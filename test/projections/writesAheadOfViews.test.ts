import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { comparePositions, type Position } from '../../infrastructure/eventStore/eventStore.js';
import { WritesAheadOfViews } from '../../projections/writesAheadOfViews.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

/** Views that stand at `views.at` and move only when the test says so. */
function fakeViews() {
  const waits: Array<{ position: Position; resolve: () => void }> = [];
  const views = {
    at: at(0),
    waited: [] as number[],
    includes: (p: Position) => comparePositions(views.at, p) >= 0,
    waitFor(position: Position) {
      views.waited.push(Number(position.commit));
      return new Promise<void>((resolve) => waits.push({ position, resolve }));
    },
    moveTo(n: number) {
      views.at = at(n);
      for (const w of waits.splice(0)) {
        if (views.includes(w.position)) w.resolve();
        else waits.push(w);
      }
    },
  };
  return views;
}

test('a workspace with nothing noted, or noted and already in the views, waits for nothing', async () => {
  const views = fakeViews();
  const ahead = new WritesAheadOfViews(views);
  await ahead.caughtUp('w1');
  views.moveTo(5);
  ahead.note('w1', at(5));
  await ahead.caughtUp('w1');
  assert.equal(views.waited, []);
  assert.is(ahead.size, 0);
});

test("a read waits for its workspace's last write, not an earlier one nor another workspace's", async () => {
  const views = fakeViews();
  const ahead = new WritesAheadOfViews(views);
  ahead.note('w1', at(3));
  ahead.note('w1', at(7));
  ahead.note('w1', at(5)); // an earlier position noted late does not move it back
  ahead.note('w2', at(9));
  let done = false;
  const read = ahead.caughtUp('w1').then(() => {
    done = true;
  });
  views.moveTo(6);
  await new Promise((r) => setImmediate(r));
  assert.is(done, false);
  views.moveTo(7);
  await read;
  assert.equal(views.waited, [7]);
  assert.is(ahead.size, 1, "w2's write is still ahead");
});

test('a write noted while a read waits stays for the next read', async () => {
  const views = fakeViews();
  const ahead = new WritesAheadOfViews(views);
  ahead.note('w1', at(2));
  const read = ahead.caughtUp('w1');
  ahead.note('w1', at(4));
  views.moveTo(2);
  await read;
  assert.is(ahead.size, 1);
  const next = ahead.caughtUp('w1');
  views.moveTo(4);
  await next;
  assert.is(ahead.size, 0);
});

test('workspaces never read are let go once the views include their writes', () => {
  const views = fakeViews();
  const ahead = new WritesAheadOfViews(views);
  for (let i = 1; i < 10_000; i++) ahead.note(`w${i}`, at(i));
  views.moveTo(9_990);
  ahead.note('last', at(20_000));
  assert.is(ahead.size, 10, 'the nine writes beyond the views and the last one stay');
});

test.run();

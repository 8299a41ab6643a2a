/**
 * ViewsProgress: where the live views stand never moves back; waiters are released once the
 * views include their position, or at once when the database is gone; a landed batch is
 * announced to the caches of the views before the webhook fan-out sees it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ViewsProgress } from '../../projections/viewsProgress.js';

const at = (n: number) => ({ commit: BigInt(n), prepare: BigInt(n) });

test('the position only moves forward', () => {
  const progress = new ViewsProgress();
  progress.advance(at(5));
  progress.advance(at(3));
  progress.advance(null);
  assert.equal(progress.position$.value, at(5));
  assert.ok(progress.includes(at(4)));
  assert.not.ok(progress.includes(at(6)));
});

test('a waiter is released once the views include its position', async () => {
  const progress = new ViewsProgress();
  const waiting = progress.reached(at(2), 1000);
  progress.advance(at(1));
  progress.advance(at(2));
  await waiting;
});

test('a waiter fails at once when the database is gone', async () => {
  const progress = new ViewsProgress();
  const gone = new Error('gone');
  const waiting = progress.reached(at(9), 60_000).then(
    () => null,
    (err: unknown) => err,
  );
  progress.unavailable(gone);
  assert.is(await waiting, gone);
});

test('a landed batch: the collections it wrote first, then the batch; nothing applied, no batch', () => {
  const progress = new ViewsProgress();
  const seen: string[] = [];
  progress.viewsChanged$.subscribe((c) => seen.push(`changed ${c === null ? 'unknown' : c.join(',')}`));
  progress.applied$.subscribe((b) => seen.push(`applied ${b.events.length}`));
  progress.landed(['chatbots'], { from: null, events: [] });
  progress.landed(null, null);
  progress.changedElsewhere();
  assert.equal(seen, ['changed chatbots', 'applied 0', 'changed unknown', 'changed unknown']);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mapWithConcurrency } from '../../commands/boundedConcurrency.js';

test('at most `limit` calls run at once, and the answers keep the items’ order', async () => {
  let running = 0;
  let most = 0;
  const out = await mapWithConcurrency([30, 5, 20, 1, 10, 2], 3, async (ms, i) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, ms));
    running -= 1;
    return i * 10;
  });
  assert.equal(out, [0, 10, 20, 30, 40, 50]);
  assert.is(most, 3);
  assert.equal(await mapWithConcurrency([], 4, async () => 1), []);
});

test.run();

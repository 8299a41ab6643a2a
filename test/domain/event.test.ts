import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../domain/event.js';

test('fold applies events in order', () => {
  const s = fold(
    (acc: string[], e: { type: string; data: { v: string } }) => [...acc, e.data.v],
    [],
    [
      { type: 'A', data: { v: '1' } },
      { type: 'B', data: { v: '2' } },
    ],
  );
  assert.equal(s, ['1', '2']);
});

test.run();

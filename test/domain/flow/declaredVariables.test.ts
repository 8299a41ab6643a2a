import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { declaredVariables } from '../../../domain/flow/declaredVariables.js';

test("questions' and set steps' variables, in step order, once each", () => {
  const flow = {
    steps: [
      { id: 'a', type: 'message', text: 'Hi' },
      { id: 'b', type: 'question', text: 'Name?', variable: 'name' },
      { id: 'c', type: 'set', variable: 'tier', value: 'gold' },
      { id: 'd', type: 'question', text: 'Again?', variable: 'name' },
      { id: 'e', type: 'condition', variable: 'ignored' },
      null,
      { id: 'f', type: 'question', variable: '' },
    ],
  };
  assert.equal(declaredVariables(flow), ['name', 'tier']);
  assert.equal(declaredVariables({ steps: [] }), []);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { funnelOf } from '../../../domain/flow/flowFunnel.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';

const flow = parseFlow({
  steps: [
    { type: 'question', text: 'A?', variable: 'a' },
    { type: 'message', text: 'Bye' },
  ],
}).flow;

test('a step passed twice counts once; steps the version lacks are ignored; open conversations count', () => {
  const funnel = funnelOf(flow, [
    { reached: ['step-1', 'step-1', 'step-2'], lastStep: 'step-2', outcome: 'resolved' },
    { reached: ['step-1', 'gone'], lastStep: 'gone', outcome: null },
  ]);
  assert.equal(funnel, {
    steps: [
      { id: 'step-1', reached: 2, stoppedHere: 0 },
      { id: 'step-2', reached: 1, stoppedHere: 1 },
    ],
    outcomes: { resolved: 1, escalated: 0, ended: 0, open: 1 },
  });
});

test.run();

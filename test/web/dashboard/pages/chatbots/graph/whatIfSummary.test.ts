/**
 * The what-if report's outcome rows (web/dashboard/pages/chatbots/graph/whatIfSummary.ts): before
 * and after per outcome, in a fixed order, with the change.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SimulationReport } from '../../../../../../web/dashboard/pages/chatbots/graph/flowApi.js';
import { outcomeRows } from '../../../../../../web/dashboard/pages/chatbots/graph/whatIfSummary.js';

test('each outcome before and after, with the change', () => {
  const report: SimulationReport = {
    total: 10,
    changed: 4,
    outcomeChanged: 3,
    unknown: 0,
    skipped: 0,
    outcomes: {
      before: { resolved: 8, escalated: 1, ended: 1, open: 0 },
      after: { resolved: 5, escalated: 4, ended: 0, open: 1 },
    },
    conversations: [],
  };
  assert.equal(outcomeRows(report), [
    { outcome: 'resolved', before: 8, after: 5, delta: -3 },
    { outcome: 'escalated', before: 1, after: 4, delta: 3 },
    { outcome: 'ended', before: 1, after: 0, delta: -1 },
    { outcome: 'open', before: 0, after: 1, delta: 1 },
  ]);
});

test.run();

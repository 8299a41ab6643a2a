/**
 * The what-if report's summary (web/dashboard/pages/chatbots/graph/whatIfSummary.ts): outcomes
 * before and after with their change, from the report's totals or counted from its conversations.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SimulationReport } from '../../../../../../web/dashboard/pages/chatbots/graph/flowApi.js';
import { outcomeChanges, outcomeRows } from '../../../../../../web/dashboard/pages/chatbots/graph/whatIfSummary.js';

const conversations: SimulationReport['conversations'] = [
  { chatSessionId: 'a', same: true, divergedAt: null, before: 'resolved', after: 'resolved' },
  { chatSessionId: 'b', same: false, divergedAt: 'ask', before: 'resolved', after: 'escalated' },
  { chatSessionId: 'c', same: false, divergedAt: 'check', before: 'open', after: 'open' },
];

test('counted from the conversations when the report carries no totals', () => {
  const report: SimulationReport = { total: 3, changed: 2, conversations };
  assert.equal(outcomeRows(report), [
    { outcome: 'resolved', before: 2, after: 1, delta: -1 },
    { outcome: 'escalated', before: 0, after: 1, delta: 1 },
    { outcome: 'ended', before: 0, after: 0, delta: 0 },
    { outcome: 'open', before: 1, after: 1, delta: 0 },
  ]);
  assert.is(outcomeChanges(report), 1);
});

test("the report's own totals win (they cover conversations the list may leave out)", () => {
  const report: SimulationReport = {
    total: 10,
    changed: 4,
    outcomeChanged: 3,
    outcomes: {
      before: { resolved: 8, escalated: 1, ended: 1, open: 0 },
      after: { resolved: 5, escalated: 4, ended: 1, open: 0 },
    },
    conversations,
  };
  assert.equal(outcomeRows(report)[1], { outcome: 'escalated', before: 1, after: 4, delta: 3 });
  assert.is(outcomeChanges(report), 3);
});

test.run();

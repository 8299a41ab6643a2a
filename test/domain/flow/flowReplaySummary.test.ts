/** The totals of a what-if run. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReplayReport } from '../../../domain/flow/flowReplay.js';
import { addToSummary, emptyReplaySummary } from '../../../domain/flow/flowReplaySummary.js';

const same: ReplayReport = { same: true, divergedAt: null, before: 'resolved', after: 'resolved', unknownAt: null };

test('counts changed paths, changed outcomes, unknowns and the outcomes before and after', () => {
  const summary = emptyReplaySummary();
  const reports: ReplayReport[] = [
    same,
    { same: false, divergedAt: 'x', before: 'resolved', after: 'resolved', unknownAt: null },
    { same: false, divergedAt: 'agent', before: 'resolved', after: 'escalated', unknownAt: null },
    { same: false, divergedAt: 'call', before: 'ended', after: 'open', unknownAt: 'call' },
  ];
  for (const report of reports) addToSummary(summary, report);
  assert.equal(summary, {
    total: 4,
    changed: 3,
    outcomeChanged: 2,
    unknown: 1,
    outcomes: {
      before: { resolved: 3, escalated: 0, ended: 1, open: 0 },
      after: { resolved: 2, escalated: 1, ended: 0, open: 1 },
    },
  });
  assert.equal(emptyReplaySummary().total, 0, 'a new summary starts from nothing');
});

test.run();

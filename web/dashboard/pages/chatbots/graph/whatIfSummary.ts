/**
 * A what-if report in the terms an author decides on: how many conversations would end
 * otherwise, and the outcomes before and after side by side (counted from the conversations when
 * the report does not carry them).
 */
import type { Outcome, OutcomeCounts, SimulationReport } from './flowApi.js';

export const OUTCOMES: readonly Outcome[] = ['resolved', 'escalated', 'ended', 'open'];

export const OUTCOME_LABEL: Record<Outcome, string> = {
  resolved: 'Resolved',
  escalated: 'Escalated',
  ended: 'Ended',
  open: 'Still open',
};

const noOutcomes = (): OutcomeCounts => ({ resolved: 0, escalated: 0, ended: 0, open: 0 });

export interface OutcomeRow {
  outcome: Outcome;
  before: number;
  after: number;
  /** after − before: positive means more conversations would end this way. */
  delta: number;
}

export function outcomeRows(report: SimulationReport): OutcomeRow[] {
  let counts = report.outcomes;
  if (!counts) {
    counts = { before: noOutcomes(), after: noOutcomes() };
    for (const c of report.conversations) {
      counts.before[c.before] += 1;
      counts.after[c.after] += 1;
    }
  }
  const { before, after } = counts;
  return OUTCOMES.map((outcome) => ({
    outcome,
    before: before[outcome],
    after: after[outcome],
    delta: after[outcome] - before[outcome],
  }));
}

/** How many conversations would end another way. */
export const outcomeChanges = (report: SimulationReport): number =>
  report.outcomeChanged ?? report.conversations.filter((c) => c.before !== c.after).length;

/**
 * A what-if report's outcomes in the terms an author decides on: before and after side by side,
 * with the change, so "more escalations" shows at a glance.
 */
import type { Outcome, SimulationReport } from './flowApi.js';

export const OUTCOMES: readonly Outcome[] = ['resolved', 'escalated', 'ended', 'open'];

export const OUTCOME_LABEL: Record<Outcome, string> = {
  resolved: 'Resolved',
  escalated: 'Escalated',
  ended: 'Ended',
  open: 'Still open',
};

export interface OutcomeRow {
  outcome: Outcome;
  before: number;
  after: number;
  /** after − before: positive means more conversations would end this way. */
  delta: number;
}

export function outcomeRows({ outcomes: { before, after } }: SimulationReport): OutcomeRow[] {
  return OUTCOMES.map((outcome) => ({
    outcome,
    before: before[outcome],
    after: after[outcome],
    delta: after[outcome] - before[outcome],
  }));
}

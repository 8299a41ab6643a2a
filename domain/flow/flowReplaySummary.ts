/**
 * The totals of a what-if run over many conversations: how many take another path or end
 * otherwise, and the outcomes before and after (so "more escalations" shows at a glance).
 */
import type { ReplayOutcome, ReplayReport } from './flowReplay.js';

export type OutcomeCounts = Record<ReplayOutcome, number>;

export interface ReplaySummary {
  /** Conversations replayed. */
  total: number;
  /** Conversations that take another path or end otherwise (not `same`). */
  changed: number;
  /** Conversations whose outcome differs. */
  outcomeChanged: number;
  /** Conversations whose replay stopped at an http step with no usable recorded answer. */
  unknown: number;
  outcomes: { before: OutcomeCounts; after: OutcomeCounts };
}

const noOutcomes = (): OutcomeCounts => ({ resolved: 0, escalated: 0, ended: 0, open: 0 });

export const emptyReplaySummary = (): ReplaySummary => ({
  total: 0,
  changed: 0,
  outcomeChanged: 0,
  unknown: 0,
  outcomes: { before: noOutcomes(), after: noOutcomes() },
});

/** Counts one more report in (the summary is changed in place: a run adds up to a thousand). */
export function addToSummary(summary: ReplaySummary, report: ReplayReport): void {
  summary.total += 1;
  if (!report.same) summary.changed += 1;
  if (report.before !== report.after) summary.outcomeChanged += 1;
  if (report.unknownAt !== null) summary.unknown += 1;
  summary.outcomes.before[report.before] += 1;
  summary.outcomes.after[report.after] += 1;
}

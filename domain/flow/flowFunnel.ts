/**
 * Where a flow's conversations go: for each step, how many reached it and how many stopped
 * there (the last step they passed: where they left, ended or handed off), and how they ended.
 * Computed from each conversation's visited steps, in the flow version's own step order.
 */
import type { FlowGraph } from './flowGraph.js';

export type FunnelOutcome = 'resolved' | 'escalated' | 'ended';

export interface FunnelConversation {
  /** Every step passed, once each. */
  reached: readonly string[];
  /** The last step passed, null before the first. */
  lastStep: string | null;
  /** How the conversation ended; null while it is open. */
  outcome: FunnelOutcome | null;
}

export interface Funnel {
  steps: { id: string; reached: number; stoppedHere: number }[];
  outcomes: Record<FunnelOutcome | 'open', number>;
}

export function funnelOf(flow: FlowGraph, conversations: readonly FunnelConversation[]): Funnel {
  const reached = new Map<string, number>(flow.steps.map((s) => [s.id, 0]));
  const stopped = new Map<string, number>(flow.steps.map((s) => [s.id, 0]));
  const outcomes = { resolved: 0, escalated: 0, ended: 0, open: 0 };
  for (const c of conversations) {
    for (const id of new Set(c.reached)) if (reached.has(id)) reached.set(id, reached.get(id)! + 1);
    if (c.lastStep !== null && stopped.has(c.lastStep)) stopped.set(c.lastStep, stopped.get(c.lastStep)! + 1);
    outcomes[c.outcome ?? 'open'] += 1;
  }
  return {
    steps: flow.steps.map((s) => ({ id: s.id, reached: reached.get(s.id)!, stoppedHere: stopped.get(s.id)! })),
    outcomes,
  };
}

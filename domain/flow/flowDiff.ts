/**
 * Which steps changed between two versions of a flow, by step id: what an author checks before
 * publishing, or after a conversation went somewhere unexpected. A step counts as changed when
 * any of its properties differs; the order of the steps in the list does not count.
 */
import type { FlowGraph, FlowStep } from './flowGraph.js';

export interface FlowDiff {
  /** Steps of `to` that `from` does not have, in `to`'s order. */
  added: string[];
  /** Steps of `from` that `to` does not have, in `from`'s order. */
  removed: string[];
  /** Steps both have whose content differs, in `to`'s order. */
  changed: string[];
  startChanged: boolean;
}

/** JSON with object keys sorted, so two steps written in another key order compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function diffFlows(from: FlowGraph, to: FlowGraph): FlowDiff {
  const before = new Map<string, FlowStep>(from.steps.map((s) => [s.id, s]));
  const after = new Set(to.steps.map((s) => s.id));
  const added: string[] = [];
  const changed: string[] = [];
  for (const step of to.steps) {
    const old = before.get(step.id);
    if (!old) added.push(step.id);
    else if (canonical(old) !== canonical(step)) changed.push(step.id);
  }
  const removed = from.steps.filter((s) => !after.has(s.id)).map((s) => s.id);
  return { added, removed, changed, startChanged: from.start !== to.start };
}

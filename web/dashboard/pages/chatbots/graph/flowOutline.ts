/**
 * The flow map: the graph unfolded as a tree from the start, each step under the way that leads
 * to it, so every branch shows at a glance. A step already shown is not unfolded again (loops and
 * joins point back to it); steps the start cannot reach come last.
 */
import type { FlowGraph, StepType } from '../../../../../domain/flow/flowGraph.js';
import { routesOf } from './graphEditing.js';

export interface OutlineNode {
  id: string;
  type: StepType | null;
  /** The way that leads here from the parent ("Answer "Yes"", "Else"); null for the start. */
  via: string | null;
  /** Shown already higher up the map: not unfolded again. */
  repeat: boolean;
  children: OutlineNode[];
}

export interface FlowOutline {
  tree: OutlineNode | null;
  unreached: string[];
}

export function flowOutline(graph: FlowGraph): FlowOutline {
  const byId = new Map(graph.steps.map((s) => [s.id, s]));
  const shown = new Set<string>();
  const unfold = (id: string, via: string | null): OutlineNode => {
    const step = byId.get(id);
    if (!step || shown.has(id)) return { id, type: step?.type ?? null, via, repeat: step !== undefined, children: [] };
    shown.add(id);
    const children = routesOf(step)
      .filter((r) => r.target !== '')
      .map((r) => unfold(r.target, r.label));
    return { id, type: step.type, via, repeat: false, children };
  };
  const tree = byId.has(graph.start) ? unfold(graph.start, null) : null;
  return { tree, unreached: graph.steps.filter((s) => !shown.has(s.id)).map((s) => s.id) };
}

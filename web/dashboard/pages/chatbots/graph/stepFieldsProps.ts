/** What every step type's field editor is given. */
import type { FlowGraph, FlowStep } from '../../../../../domain/flow/flowGraph.js';

export interface FieldsProps<S extends FlowStep> {
  step: S;
  graph: FlowGraph;
  onChange: (step: FlowStep) => void;
  /** The server's problem with this field of the step, if the last save was refused there. */
  problemAt: (path: string) => string | null;
}

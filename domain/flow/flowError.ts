/**
 * A flow refused as a whole: one error naming the step and the field to fix, so the editor can
 * point at it. A 400 like every ValidationError, with its own code so clients can tell a bad
 * flow from other bad input.
 */
import { ValidationError } from '../errors.js';

export const INVALID_FLOW = 'INVALID_FLOW';

export class FlowError extends ValidationError {
  constructor(
    message: string,
    field: string,
    /** The offending step's id, when the error is about one step. */
    readonly stepId?: string,
    code = INVALID_FLOW,
  ) {
    super(message, field, code);
  }
}

/** Something odd but harmless that the author should know about. */
export interface FlowWarning {
  stepId: string;
  code: 'UNREACHABLE_STEP';
  message: string;
}

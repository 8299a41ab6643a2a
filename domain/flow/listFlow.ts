/**
 * The list form of the chatbot flows (`{steps: [...]}`, no ids, run in order) read as a chain:
 * step i becomes `step-<i+1>` pointing at the next one, so that a list flow walks exactly as it
 * always has (domain/conversation/flowWalk.ts). Its rules stay the chatbot flows' own.
 */
import { type Flow, type FlowStep as ListStep, validateFlow } from '../chatbot/flow.js';
import { ValidationError } from '../errors.js';
import { FlowError } from './flowError.js';
import type { FlowGraph, FlowStep } from './flowGraph.js';

/** The reason a list flow's handoff gives, the one such a conversation has always been escalated with. */
export const LIST_HANDOFF_REASON = 'handoff';

export const listStepId = (index: number): string => `step-${index + 1}`;

/**
 * A flow without `start` whose steps have no ids is the list form. Steps with ids mark a graph
 * that forgot its start, which deserves that error rather than "unknown property id".
 */
export function isListFlow(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.hasOwn(raw, 'start')) return false;
  const steps: unknown = (raw as { steps?: unknown }).steps;
  return !Array.isArray(steps) || !steps.some((s) => typeof s === 'object' && s !== null && Object.hasOwn(s, 'id'));
}

export function parseListFlow(raw: unknown): FlowGraph {
  let flow: Flow;
  try {
    flow = validateFlow(raw);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    // The chatbot flows' messages already name the place ("flow.steps[2].variable …").
    const place = /^flow\.(steps(?:\[(\d+)\])?(?:\.[A-Za-z]+)?)/.exec(err.message);
    const index = place?.[2];
    throw new FlowError(err.message, place?.[1] ?? '', index === undefined ? undefined : listStepId(Number(index)));
  }
  return listToGraph(flow);
}

export function listToGraph(flow: Flow): FlowGraph {
  const steps = flow.steps.map((step, i): FlowStep => {
    const id = listStepId(i);
    const next = i + 1 < flow.steps.length ? listStepId(i + 1) : undefined;
    return chained(step, id, next);
  });
  return { start: listStepId(0), steps };
}

function chained(step: ListStep, id: string, next: string | undefined): FlowStep {
  const then = next === undefined ? {} : { next };
  switch (step.type) {
    case 'message':
      return { id, type: 'message', text: step.text, ...then };
    case 'question':
      // Any answer was always taken as it came.
      return { id, type: 'question', text: step.text, variable: step.variable, input: { type: 'text' }, ...then };
    case 'handoff':
      return { id, type: 'handoff', text: step.text, reason: LIST_HANDOFF_REASON };
  }
}

/**
 * The branching flow editor's operations on a draft graph, pure so they are unit-tested apart
 * from the page: add, remove, rename, reorder, connect, set the start, and which steps lead
 * where. A draft may be unfinished: a required way on that is not chosen yet is the empty
 * string, which the server refuses on save with the step and field named (so the editor can
 * point at it); an optional one is absent.
 */
import type {
  ChoiceOption,
  ConditionBranch,
  FlowGraph,
  FlowStep,
  StepType,
} from '../../../../../domain/flow/flowGraph.js';
import { STEP_ID, STEP_TYPES } from '../../../../../domain/flow/flowGraph.js';
import { conditionText } from '../flowGraph.js';

/** The step types an author may add. */
export const ADDABLE_TYPES: readonly StepType[] = STEP_TYPES;

export const STEP_TYPE_LABEL: Record<StepType, string> = {
  message: 'Message',
  question: 'Question',
  condition: 'Condition',
  set: 'Set a variable',
  jump: 'Jump',
  http: 'HTTP call',
  handoff: 'Hand-off to your team',
  end: 'End',
  ai: 'AI agent',
};

/** One way on from a step: the field that holds it, in words, and where it leads ('' = not chosen). */
export interface Route {
  field: string;
  label: string;
  target: string;
  /** A way the step must have: left empty, the server refuses the flow. */
  required: boolean;
  /** Drawn indented under the step: a choice's option or a condition's branch. */
  branch: boolean;
}

const optionLabel = (o: ChoiceOption, i: number) => `Answer "${o.label || o.value || `option ${i + 1}`}"`;

/** "If status equals "shipped"", or "If branch 2" while its tests are not written yet. */
function branchLabel(b: ConditionBranch, i: number): string {
  const tests = 'any' in b.when ? b.when.any : b.when.all;
  return tests.some((t) => t.variable === '') ? `If branch ${i + 1}` : `If ${conditionText(b.when)}`;
}

/** Every way on from a step, chosen or not, in the order the editor shows them. */
export function routesOf(step: FlowStep): Route[] {
  const r = (field: string, label: string, target: string | undefined, required = false, branch = false): Route => ({
    field,
    label,
    target: target ?? '',
    required,
    branch,
  });
  switch (step.type) {
    case 'message':
    case 'set':
    case 'ai':
      return [r('next', 'Then', step.next)];
    case 'jump':
      return [r('next', 'Go to', step.next, true)];
    case 'question': {
      const input = step.input;
      const options =
        input.type === 'choice' && !input.multiple
          ? input.options.map((o, i) => r(`input.options[${i}].next`, optionLabel(o, i), o.next, false, true))
          : [];
      return [
        ...options,
        r('next', options.length ? 'Other answers' : 'After the answer', step.next),
        r('fallback', 'No valid answer', step.fallback),
      ];
    }
    case 'condition':
      return [
        ...step.branches.map((b, i) => r(`branches[${i}].next`, branchLabel(b, i), b.next, true, true)),
        r('else', 'Else', step.else, true),
      ];
    case 'http':
      return [r('next', 'On success', step.next), r('onError', 'On error', step.onError, true)];
    case 'handoff':
    case 'end':
      return [];
  }
}

/** The step with one way on pointed elsewhere ('' or undefined: not chosen / end here). */
export function withRoute(step: FlowStep, field: string, target: string | undefined): FlowStep {
  const value = target === '' ? undefined : target;
  const option = /^input\.options\[(\d+)\]\.next$/.exec(field);
  if (option && step.type === 'question' && step.input.type === 'choice') {
    const i = Number(option[1]);
    const options = step.input.options.map((o, j) => (j === i ? withOptional(o, 'next', value) : o));
    return { ...step, input: { ...step.input, options } };
  }
  const branch = /^branches\[(\d+)\]\.next$/.exec(field);
  if (branch && step.type === 'condition') {
    const i = Number(branch[1]);
    return { ...step, branches: step.branches.map((b, j) => (j === i ? { ...b, next: value ?? '' } : b)) };
  }
  const required = routesOf(step).find((x) => x.field === field)?.required ?? false;
  return required
    ? ({ ...step, [field]: value ?? '' } as FlowStep)
    : (withOptional(step as unknown as Record<string, unknown>, field, value) as unknown as FlowStep);
}

function withOptional<T extends object>(obj: T, key: string, value: string | undefined): T {
  const copy = { ...obj } as Record<string, unknown>;
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as T;
}

/** Every target rewritten by `map` (undefined: the way on is dropped; required ones become ''). */
function mapTargets(step: FlowStep, map: (target: string) => string | undefined): FlowStep {
  let out = step;
  for (const route of routesOf(step)) {
    if (route.target === '') continue;
    const mapped = map(route.target);
    if (mapped !== route.target) out = withRoute(out, route.field, mapped);
  }
  return out;
}

/** The steps and ways on that lead to `id`. */
export function incomingOf(graph: FlowGraph, id: string): { from: string; label: string }[] {
  return graph.steps.flatMap((s) =>
    routesOf(s)
      .filter((r) => r.target === id)
      .map((r) => ({ from: s.id, label: r.label })),
  );
}

/** A free id for a new step of a type: question_1, question_2, … */
export function freeStepId(graph: FlowGraph, type: StepType): string {
  const taken = new Set(graph.steps.map((s) => s.id));
  for (let i = 1; ; i++) if (!taken.has(`${type}_${i}`)) return `${type}_${i}`;
}

function freeVariable(graph: FlowGraph): string {
  const taken = new Set(graph.steps.flatMap((s) => ('variable' in s ? [s.variable] : [])));
  for (let i = 1; ; i++) if (!taken.has(`answer${i}`)) return `answer${i}`;
}

/** A new step of a type with what it needs filled in sensibly and its ways on not chosen yet. */
export function newStep(graph: FlowGraph, type: StepType): FlowStep {
  const id = freeStepId(graph, type);
  switch (type) {
    case 'message':
      return { id, type, text: '' };
    case 'question':
      return { id, type, text: '', variable: freeVariable(graph), input: { type: 'text' } };
    case 'condition':
      return { id, type, branches: [newBranch()], else: '' };
    case 'set':
      return { id, type, variable: '', value: '' };
    case 'jump':
      return { id, type, next: '' };
    case 'http':
      return { id, type, method: 'GET', url: 'https://', onError: '' };
    case 'handoff':
      return { id, type, text: '', reason: 'needs_human' };
    case 'end':
      return { id, type, text: '', resolution: 'resolved' };
    case 'ai':
      return { id, type };
  }
}

export const newBranch = (): ConditionBranch => ({
  when: { all: [{ variable: '', op: 'equals', value: '' }] },
  next: '',
});

/**
 * Adds a step of `type` after `afterId` (at the end without it). When that step ends the flow
 * where it could go on (no `next` yet), it is connected to the new one: building a chain step by
 * step needs no extra connecting.
 */
export function addStep(graph: FlowGraph, type: StepType, afterId?: string): { graph: FlowGraph; id: string } {
  const step = newStep(graph, type);
  const at = afterId === undefined ? graph.steps.length - 1 : graph.steps.findIndex((s) => s.id === afterId);
  const before = graph.steps[at];
  const linked =
    before && canTakeNext(before) && !('next' in before && before.next) ? withRoute(before, 'next', step.id) : before;
  const steps = graph.steps.slice();
  if (before && linked) steps[at] = linked;
  steps.splice(at + 1, 0, step);
  return { graph: { start: graph.start || step.id, steps }, id: step.id };
}

const canTakeNext = (step: FlowStep) => routesOf(step).some((r) => r.field === 'next');

/** Removes a step; every way on that led to it is left unchosen, and the start moves on if it was the start. */
export function removeStep(graph: FlowGraph, id: string): FlowGraph {
  const steps = graph.steps.filter((s) => s.id !== id).map((s) => mapTargets(s, (t) => (t === id ? undefined : t)));
  const start = graph.start === id ? (steps[0]?.id ?? '') : graph.start;
  return { start, steps };
}

/** Why a step cannot be renamed to `to`, or null when it can. */
export function renameProblem(graph: FlowGraph, from: string, to: string): string | null {
  if (!STEP_ID.test(to)) return 'Use 1 to 64 letters, digits, _ or - (no spaces).';
  if (to !== from && graph.steps.some((s) => s.id === to)) return `Another step is already called "${to}".`;
  return null;
}

/** Renames a step and every way on and start that names it. */
export function renameStep(graph: FlowGraph, from: string, to: string): FlowGraph {
  const rename = (t: string) => (t === from ? to : t);
  const steps = graph.steps.map((s) => mapTargets(s.id === from ? { ...s, id: to } : s, rename));
  return { start: rename(graph.start), steps };
}

/** Moves a step one place up (-1) or down (+1) in the author's order; the ways on stay. */
export function moveStep(graph: FlowGraph, id: string, delta: -1 | 1): FlowGraph {
  const from = graph.steps.findIndex((s) => s.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= graph.steps.length) return graph;
  const steps = graph.steps.slice();
  [steps[from], steps[to]] = [steps[to]!, steps[from]!];
  return { ...graph, steps };
}

/** The graph with one step's content replaced (its id stays: renaming is renameStep's). */
export const replaceStep = (graph: FlowGraph, step: FlowStep): FlowGraph => ({
  ...graph,
  steps: graph.steps.map((s) => (s.id === step.id ? step : s)),
});

/** A server error's field without its place in the list: "steps[3].input.options[1].next" → "input.options[1].next". */
export const stepField = (field: string | undefined): string => (field ?? '').replace(/^steps\[\d+\]\.?/, '');

/**
 * The draft as it is sent: optional texts left blank are dropped (a hand-off or end without
 * words says nothing), so a blank field is not refused as "must be a non-empty string".
 */
export function draftToSend(graph: FlowGraph): FlowGraph {
  const steps = graph.steps.map((s): FlowStep => {
    if ((s.type === 'handoff' || s.type === 'end') && s.text !== undefined && s.text.trim() === '') {
      const { text: _blank, ...rest } = s;
      return rest as FlowStep;
    }
    if (s.type === 'question' && s.input.retryMessage !== undefined && s.input.retryMessage.trim() === '') {
      const { retryMessage: _blank, ...input } = s.input;
      return { ...s, input: input as typeof s.input };
    }
    return s;
  });
  return { ...graph, steps };
}

/**
 * The checks a flow must pass as a graph, once each step is well formed: ids unique, every
 * target a step, http URLs with a literal https origin, no loop that runs without waiting for
 * the visitor, and no variable read where no path from the start can have set it. Steps the
 * start cannot reach are only a warning: they never run.
 */
import { FlowError, type FlowWarning } from './flowError.js';
import {
  type FlowGraph,
  type FlowStep,
  type JsonTemplate,
  MAX_URL_LENGTH,
  edgesOf,
  isWaitingStep,
} from './flowGraph.js';
import { firstPlaceholderIndex, templateVariables } from './templates.js';

export interface CheckOptions {
  /** Variables present from the start. */
  builtIns: readonly string[];
  /** List flows render a variable nobody set as empty, as they always have. */
  unsetReadsAllowed: boolean;
}

export function checkFlowGraph(flow: FlowGraph, options: CheckOptions): { flow: FlowGraph; warnings: FlowWarning[] } {
  const index = indexSteps(flow);
  const failAt = (step: FlowStep, field: string, problem: string): never => {
    const at = `steps[${index.get(step.id)}]${field ? `.${field}` : ''}`;
    throw new FlowError(`flow.${at} (step "${step.id}") ${problem}`, at, step.id);
  };
  if (!index.has(flow.start)) {
    throw new FlowError(`flow.start names "${flow.start}", which is not the id of any step`, 'start');
  }
  for (const step of flow.steps) {
    for (const edge of edgesOf(step)) {
      if (!index.has(edge.target)) failAt(step, edge.field, `names "${edge.target}", which is not the id of any step`);
    }
    if (step.type === 'http') {
      const problem = httpUrlProblem(step.url);
      if (problem) failAt(step, 'url', problem);
    }
  }
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  const loop = inputlessLoop(flow, byId);
  if (loop) {
    failAt(
      loop.from,
      loop.field,
      `closes the loop ${loop.path.join(' → ')} in which no step waits for the visitor: put a question or an ai step in it, or leave it`,
    );
  }
  const setBefore = variablesSetBefore(flow, byId, options.builtIns);
  if (!options.unsetReadsAllowed) {
    for (const step of flow.steps) {
      const available = setBefore.get(step.id);
      if (!available) continue;
      for (const read of readsOf(step)) {
        if (!available.has(read.variable)) {
          failAt(
            step,
            read.field,
            `reads the variable ${read.variable}, but no path from the start sets it before this step (a question, set or http save must come first)`,
          );
        }
      }
    }
  }
  const warnings: FlowWarning[] = flow.steps
    .filter((s) => !setBefore.has(s.id))
    .map((s) => ({
      stepId: s.id,
      code: 'UNREACHABLE_STEP',
      message: `Step "${s.id}" (steps[${index.get(s.id)}]) cannot be reached from the start and will never run.`,
    }));
  return { flow, warnings };
}

function indexSteps(flow: FlowGraph): Map<string, number> {
  const index = new Map<string, number>();
  flow.steps.forEach((step, i) => {
    const first = index.get(step.id);
    if (first !== undefined) {
      throw new FlowError(
        `flow.steps[${i}].id "${step.id}" is already the id of steps[${first}]: ids must be unique`,
        `steps[${i}].id`,
        step.id,
      );
    }
    index.set(step.id, i);
  });
  return index;
}

// Scheme and host literal: the service can then refuse private addresses when the flow is
// saved, and the host a visitor's answers can reach is the one the author wrote.
const LITERAL_ORIGIN = /^https:\/\/[^/?#{}\s]+(?=[/?#]|$)/;

/** Why an http step's URL template is refused, or null when it is fine. */
export function httpUrlProblem(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  const origin = LITERAL_ORIGIN.exec(url);
  const placeholder = firstPlaceholderIndex(url);
  if (!origin || (placeholder !== -1 && placeholder < origin[0].length)) {
    return 'must start with https:// and a literal host ({{variables}} may follow the host, in the path or query)';
  }
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll(/\{\{[^}]*\}\}/g, 'x'));
  } catch {
    return 'must be a valid absolute URL';
  }
  // Credentials in a URL end up in logs and in every request.
  if (parsed.username !== '' || parsed.password !== '') return 'must not contain a username or password';
  if (parsed.hostname === '') return 'must have a host';
  return null;
}

/** A loop of steps that never waits, found by depth-first search over the non-waiting steps. */
function inputlessLoop(
  flow: FlowGraph,
  byId: ReadonlyMap<string, FlowStep>,
): { from: FlowStep; field: string; path: string[] } | null {
  const done = new Set<string>();
  for (const root of flow.steps) {
    if (done.has(root.id) || isWaitingStep(root)) continue;
    // The current path, each with the edges still to follow.
    const stack: { step: FlowStep; edges: ReturnType<typeof edgesOf> }[] = [{ step: root, edges: edgesOf(root) }];
    const onPath = new Set<string>([root.id]);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const edge = top.edges.shift();
      if (!edge) {
        stack.pop();
        onPath.delete(top.step.id);
        done.add(top.step.id);
        continue;
      }
      const target = byId.get(edge.target)!;
      if (isWaitingStep(target) || done.has(target.id)) continue;
      if (onPath.has(target.id)) {
        const from = stack.findIndex((f) => f.step.id === target.id);
        return { from: top.step, field: edge.field, path: [...stack.slice(from).map((f) => f.step.id), target.id] };
      }
      onPath.add(target.id);
      stack.push({ step: target, edges: edgesOf(target) });
    }
  }
  return null;
}

/**
 * For every reachable step, the variables that some path from the start may have set on
 * arriving there: built-ins at the start, then each edge adds what its step sets on the way
 * (a question's variable on its answer edges, not on its fallback; an http step's saves on
 * success, not on error). Unreachable steps have no entry.
 */
function variablesSetBefore(
  flow: FlowGraph,
  byId: ReadonlyMap<string, FlowStep>,
  builtIns: readonly string[],
): Map<string, Set<string>> {
  const before = new Map<string, Set<string>>([[flow.start, new Set(builtIns)]]);
  const work = [flow.start];
  while (work.length) {
    const id = work.pop()!;
    const available = before.get(id)!;
    for (const edge of edgesOf(byId.get(id)!)) {
      let target = before.get(edge.target);
      const isNew = !target;
      if (!target) before.set(edge.target, (target = new Set()));
      const size = target.size;
      for (const v of available) target.add(v);
      for (const v of edge.sets) target.add(v);
      if (isNew || target.size !== size) work.push(edge.target);
    }
  }
  return before;
}

interface VariableRead {
  field: string;
  variable: string;
}

const reads = (field: string, template: string | undefined): VariableRead[] =>
  template === undefined ? [] : templateVariables(template).map((variable) => ({ field, variable }));

function bodyReads(field: string, body: JsonTemplate | undefined): VariableRead[] {
  if (typeof body === 'string') return reads(field, body);
  if (Array.isArray(body)) return body.flatMap((v, i) => bodyReads(`${field}[${i}]`, v));
  if (typeof body === 'object' && body !== null) {
    return Object.entries(body).flatMap(([k, v]) => bodyReads(`${field}.${k}`, v));
  }
  return [];
}

/** Every variable a step reads, with the field that reads it. */
export function readsOf(step: FlowStep): VariableRead[] {
  switch (step.type) {
    case 'message':
      return reads('text', step.text);
    case 'question':
      return [...reads('text', step.text), ...reads('input.retryMessage', step.input.retryMessage)];
    case 'condition':
      return step.branches.flatMap((branch, b) => {
        const [key, tests] = 'all' in branch.when ? ['all', branch.when.all] : ['any', branch.when.any];
        return tests.flatMap((test, t) => {
          const at = `branches[${b}].when.${key}[${t}]`;
          return [{ field: `${at}.variable`, variable: test.variable }, ...reads(`${at}.value`, test.value)];
        });
      });
    case 'set':
      return reads('value', step.value);
    case 'http':
      return [
        ...reads('url', step.url),
        ...Object.entries(step.headers ?? {}).flatMap(([name, value]) => reads(`headers.${name}`, value)),
        ...bodyReads('body', step.body),
      ];
    case 'handoff':
    case 'end':
      return reads('text', step.text);
    case 'jump':
    case 'ai':
      return [];
  }
}

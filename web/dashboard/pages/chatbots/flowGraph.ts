/**
 * A flow as a published version shows it: read-only rows of steps with where each goes. The
 * list editor cannot hold ids, conditions or branches, so a flow that has any of them must never
 * reach it (saving from there would replace the graph with a list and publish it).
 */
import type { ChatbotDetail } from './chatbotApi.js';

type AnyFlow = ChatbotDetail['data']['flow'];

const LIST_TYPES = new Set(['message', 'question', 'handoff']);

/** Read loosely: the generated types leave a graph step's fields open. */
type LooseStep = Record<string, unknown>;

const stepsOf = (flow: AnyFlow): LooseStep[] => (flow.steps as unknown[]).filter(isRecord);

function isRecord(x: unknown): x is LooseStep {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A graph: it names its start, or a step has an id or a type only graphs know. */
export function isGraphFlow(flow: AnyFlow): boolean {
  if ('start' in flow && flow.start !== undefined) return true;
  return stepsOf(flow).some((s) => 'id' in s || !LIST_TYPES.has(String(s.type)));
}

export interface GraphRoute {
  /** When this way is taken: "next", "Order status", "status equals shipped", "else", … */
  when: string;
  target: string;
}

export interface GraphStepRow {
  id: string;
  type: string;
  text: string | null;
  isStart: boolean;
  routes: GraphRoute[];
  /** How the conversation ends at this step, when no way on leads from it. */
  ending: string | null;
}

const OP_WORDS: Record<string, string> = {
  equals: 'equals',
  not_equals: 'is not',
  contains: 'contains',
  starts_with: 'starts with',
  greater: 'is greater than',
  less: 'is less than',
  is_set: 'is set',
  is_empty: 'is empty',
};

/** `{all|any: [{variable, op, value?}]}` in words: "status equals shipped and order is set". */
export function conditionText(when: unknown): string {
  if (!isRecord(when)) return 'condition';
  const joiner = Array.isArray(when.any) ? ' or ' : ' and ';
  const tests = (Array.isArray(when.any) ? when.any : Array.isArray(when.all) ? when.all : []).filter(isRecord);
  if (tests.length === 0) return 'condition';
  return tests
    .map((t) => {
      const op = OP_WORDS[String(t.op)] ?? String(t.op);
      const value = t.op === 'is_set' || t.op === 'is_empty' ? '' : ` "${String(t.value ?? '')}"`;
      return `${String(t.variable)} ${op}${value}`;
    })
    .join(joiner);
}

const str = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);

function routesOf(step: LooseStep): GraphRoute[] {
  const routes: GraphRoute[] = [];
  const add = (when: string, target: unknown) => {
    const t = str(target);
    if (t) routes.push({ when, target: t });
  };
  const input = isRecord(step.input) ? step.input : null;
  const options = input && Array.isArray(input.options) ? input.options.filter(isRecord) : [];
  for (const o of options) add(`answer "${String(o.label ?? o.value)}"`, o.next);
  const branches = Array.isArray(step.branches) ? step.branches.filter(isRecord) : [];
  for (const b of branches) add(`if ${conditionText(b.when)}`, b.next);
  add(options.some((o) => o.next) ? 'other answers' : 'next', step.next);
  add('else', step.else);
  add('no valid answer', step.fallback);
  add('on error', step.onError);
  return routes;
}

function endingOf(step: LooseStep, routes: GraphRoute[]): string | null {
  if (step.type === 'handoff') return `Hands the conversation to a person (${String(step.reason ?? 'no reason')}).`;
  if (step.type === 'end') return `The conversation ends (${String(step.resolution ?? 'resolved')}).`;
  if (step.type === 'ai' && routes.length === 0) return 'The AI agent talks with the visitor until it is done.';
  return routes.length === 0 ? 'The conversation ends here.' : null;
}

/** The steps in the author's order, each with its text (or what it does) and its ways on. */
export function graphStepRows(flow: AnyFlow): GraphStepRow[] {
  const start = 'start' in flow ? flow.start : undefined;
  return stepsOf(flow).map((s, i) => {
    const id = str(s.id) ?? `step ${i + 1}`;
    const type = String(s.type);
    const text =
      str(s.text) ??
      (type === 'http' ? `${String(s.method ?? 'GET')} ${String(s.url ?? '')}` : null) ??
      (type === 'set' ? `${String(s.variable)} = ${String(s.value ?? '')}` : null);
    const routes = routesOf(s);
    return {
      id,
      type,
      text,
      isStart: start === undefined ? i === 0 : id === start,
      routes,
      ending: endingOf(s, routes),
    };
  });
}

/**
 * A branching flow (docs/flows.md): steps named by id, each saying which step comes next. This
 * file holds only the shapes; flowParsing.ts turns untrusted JSON into them, so code handed a
 * FlowGraph may trust every id it names.
 */

/** The flow as a whole: where it starts and its steps in the author's order. */
export interface FlowGraph {
  start: string;
  steps: FlowStep[];
}

export type FlowStep =
  | MessageStep
  | QuestionStep
  | ConditionStep
  | SetStep
  | JumpStep
  | HttpStep
  | HandoffStep
  | EndStep
  | AiStep;

export type StepType = FlowStep['type'];

export const STEP_TYPES: readonly StepType[] = [
  'message',
  'question',
  'condition',
  'set',
  'jump',
  'http',
  'handoff',
  'end',
  'ai',
];

/** `next` absent: the flow ends after this step with resolution `resolved`. */
export interface MessageStep {
  id: string;
  type: 'message';
  text: string;
  next?: string;
}

export interface QuestionStep {
  id: string;
  type: 'question';
  text: string;
  variable: string;
  input: AnswerInput;
  next?: string;
  /** Where the flow goes after `input.maxRetries` invalid answers; without it the question is asked again. */
  fallback?: string;
}

export type InputType = AnswerInput['type'];

export const INPUT_TYPES: readonly InputType[] = [
  'text',
  'email',
  'phone',
  'number',
  'date',
  'url',
  'choice',
  'rating',
  'yesno',
];

/** What every input type may say about wrong answers. */
interface RetryRules {
  retryMessage?: string;
  maxRetries?: number;
}

export type AnswerInput =
  | ({ type: 'text' | 'email' | 'phone' | 'date' | 'url' | 'yesno' } & RetryRules)
  | ({ type: 'number'; min?: number; max?: number } & RetryRules)
  | ({ type: 'choice'; options: ChoiceOption[]; multiple?: boolean } & RetryRules)
  | ({ type: 'rating'; max: 5 | 10 } & RetryRules);

/** A choice option; without `next` the question's own `next` follows. */
export interface ChoiceOption {
  label: string;
  value: string;
  next?: string;
}

export interface ConditionStep {
  id: string;
  type: 'condition';
  /** Tried in order; the first whose `when` holds is taken, `else` when none does. */
  branches: ConditionBranch[];
  else: string;
}

export interface ConditionBranch {
  when: Condition;
  next: string;
}

/** Exactly one of `all` (every test holds) or `any` (at least one does). */
export type Condition = { all: ConditionTest[] } | { any: ConditionTest[] };

export type ConditionOp =
  | 'equals'
  | 'not_equals'
  | 'contains'
  | 'starts_with'
  | 'greater'
  | 'less'
  | 'is_set'
  | 'is_empty';

export const CONDITION_OPS: readonly ConditionOp[] = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'greater',
  'less',
  'is_set',
  'is_empty',
];

/** The operators that compare with nothing and so take no `value`. */
export const VALUELESS_OPS: ReadonlySet<ConditionOp> = new Set(['is_set', 'is_empty']);

export interface ConditionTest {
  variable: string;
  op: ConditionOp;
  /** A template; absent exactly for `is_set` and `is_empty`. */
  value?: string;
}

export interface SetStep {
  id: string;
  type: 'set';
  variable: string;
  /** A template. */
  value: string;
  next?: string;
}

export interface JumpStep {
  id: string;
  type: 'jump';
  next: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A JSON value whose strings are templates: rendered leaf by leaf, so an answer cannot change its structure. */
export type JsonTemplate = string | number | boolean | null | JsonTemplate[] | { [key: string]: JsonTemplate };

export interface HttpStep {
  id: string;
  type: 'http';
  method: HttpMethod;
  /** A template whose scheme and host are literal. */
  url: string;
  headers?: Record<string, string>;
  /** A text template sent as it renders, or a JSON template sent as JSON. */
  body?: JsonTemplate;
  /** Variable name to JSON path (`$.a.b[0]`) in the response. */
  save?: Record<string, string>;
  next?: string;
  onError: string;
}

export interface HandoffStep {
  id: string;
  type: 'handoff';
  text?: string;
  reason: string;
}

export type Resolution = 'resolved' | 'ended';

export interface EndStep {
  id: string;
  type: 'end';
  text?: string;
  resolution: Resolution;
}

/** The AI agent talks with the visitor until it resolves, hands off or hits a limit. */
export interface AiStep {
  id: string;
  type: 'ai';
  next?: string;
}

export const MAX_GRAPH_STEPS = 500;
export const MAX_OPTIONS = 20;
export const MAX_BRANCHES = 50;
export const MAX_TESTS_PER_CONDITION = 20;
export const MAX_HEADERS = 20;
export const MAX_SAVES = 20;
export const MAX_URL_LENGTH = 2048;
export const MAX_OPTION_LABEL = 200;
export const MAX_OPTION_VALUE = 100;
export const MAX_RETRIES_LIMIT = 10;
export const DEFAULT_MAX_RETRIES = 3;
export const STEP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Steps after which the flow stops for someone outside it (the visitor, the AI agent). */
export const isWaitingStep = (step: FlowStep): boolean => step.type === 'question' || step.type === 'ai';

/** A step's outgoing edges, with the field that names each and the variables set on the way. */
export interface FlowEdge {
  field: string;
  target: string;
  sets: readonly string[];
}

export function edgesOf(step: FlowStep): FlowEdge[] {
  const edge = (field: string, target: string | undefined, sets: readonly string[] = []): FlowEdge[] =>
    target === undefined ? [] : [{ field, target, sets }];
  switch (step.type) {
    case 'message':
    case 'jump':
    case 'ai':
      return edge('next', step.next);
    case 'set':
      return edge('next', step.next, [step.variable]);
    case 'question': {
      const answered = [step.variable];
      const options =
        step.input.type === 'choice'
          ? step.input.options.flatMap((o, i) => edge(`input.options[${i}].next`, o.next, answered))
          : [];
      return [...edge('next', step.next, answered), ...options, ...edge('fallback', step.fallback)];
    }
    case 'condition':
      return [...step.branches.flatMap((b, i) => edge(`branches[${i}].next`, b.next)), ...edge('else', step.else)];
    case 'http':
      return [...edge('next', step.next, Object.keys(step.save ?? {})), ...edge('onError', step.onError)];
    case 'handoff':
    case 'end':
      return [];
  }
}

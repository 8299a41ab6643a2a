/**
 * Untrusted JSON to a FlowGraph: every property's type, length and characters, then the graph
 * checks (flowChecks.ts). The first problem found is thrown as a FlowError naming the step and
 * field; harmless oddities come back as warnings. The list form of the chatbot flows (no ids,
 * run in order) is read as a chain (listFlow.ts).
 */
import { charLength } from '../charLength.js';
import { MAX_STEP_TEXT, VARIABLE, isReservedVariable } from '../chatbot/flow.js';
import { hasControlCharactersBesidesLineBreaks } from '../controlCharacters.js';
import { MAX_REASON_LENGTH } from '../conversation/visitorInput.js';
import { checkFlowGraph } from './flowChecks.js';
import { FlowError, type FlowWarning } from './flowError.js';
import {
  CONDITION_OPS,
  HTTP_METHODS,
  INPUT_TYPES,
  MAX_BRANCHES,
  MAX_GRAPH_STEPS,
  MAX_HEADERS,
  MAX_OPTIONS,
  MAX_OPTION_LABEL,
  MAX_OPTION_VALUE,
  MAX_RETRIES_LIMIT,
  MAX_SAVES,
  MAX_TESTS_PER_CONDITION,
  MAX_URL_LENGTH,
  STEP_ID,
  STEP_TYPES,
  VALUELESS_OPS,
  type AnswerInput,
  type ChoiceOption,
  type Condition,
  type ConditionBranch,
  type ConditionOp,
  type ConditionTest,
  type FlowGraph,
  type FlowStep,
  type HttpMethod,
  type InputType,
  type JsonTemplate,
  type StepType,
} from './flowGraph.js';
import { isListFlow, parseListFlow } from './listFlow.js';
import { parseJsonPath } from './jsonPath.js';

export interface ParsedFlow {
  flow: FlowGraph;
  warnings: FlowWarning[];
}

export interface ParseFlowOptions {
  /** Variables the caller provides when it starts the flow; reading them needs no step to set them. */
  builtInVariables?: readonly string[];
}

export function parseFlow(raw: unknown, options: ParseFlowOptions = {}): ParsedFlow {
  const builtIns = options.builtInVariables ?? [];
  // A list flow has always rendered a variable nobody set as empty; it must keep loading.
  if (isListFlow(raw)) return checkFlowGraph(parseListFlow(raw), { builtIns, unsetReadsAllowed: true });
  return checkFlowGraph(parseGraph(raw), { builtIns, unsetReadsAllowed: false });
}

type Json = Record<string, unknown>;

const isObject = (raw: unknown): raw is Json => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

const list = (names: readonly string[]): string => names.join(', ');

/** Reading one place of the flow: failures name the field, and the step when there is one. */
class Reader {
  constructor(
    readonly field: string,
    readonly step?: string,
  ) {}

  at(sub: string | number): Reader {
    const field = typeof sub === 'number' ? `${this.field}[${sub}]` : this.field ? `${this.field}.${sub}` : sub;
    return new Reader(field, this.step);
  }

  fail(problem: string): never {
    const step = this.step === undefined ? '' : ` (step "${this.step}")`;
    throw new FlowError(`flow${this.field ? `.${this.field}` : ''}${step} ${problem}`, this.field, this.step);
  }

  object(raw: unknown, allowed: readonly string[]): Json {
    if (!isObject(raw)) return this.fail('must be an object');
    const unknown = Object.keys(raw).filter((k) => !allowed.includes(k));
    if (unknown.length) {
      this.fail(
        `has unknown properties: ${list(unknown.slice(0, 10).map((k) => k.slice(0, 64)))} (allowed: ${list(allowed)})`,
      );
    }
    return raw;
  }

  array(raw: unknown, min: number, max: number, what: string): unknown[] {
    if (!Array.isArray(raw)) return this.fail(`must be an array of ${what}`);
    if (raw.length < min) this.fail(`must hold at least ${min} ${what}`);
    if (raw.length > max) this.fail(`may hold at most ${max} ${what}`);
    return raw;
  }

  /** Text a visitor will read: not blank, bounded, line breaks and tabs allowed. */
  paragraph(raw: unknown, max = MAX_STEP_TEXT): string {
    if (typeof raw !== 'string' || raw.trim() === '') return this.fail('must be a non-empty string');
    if (charLength(raw) > max) this.fail(`must be at most ${max} characters`);
    if (hasControlCharactersBesidesLineBreaks(raw)) {
      this.fail('must not contain control characters (line breaks and tabs are fine)');
    }
    return raw;
  }

  /** A label, value or name: one line. */
  line(raw: unknown, max: number, allowEmpty = false): string {
    if (typeof raw !== 'string' || (!allowEmpty && raw.trim() === '')) return this.fail('must be a non-empty string');
    if (charLength(raw) > max) this.fail(`must be at most ${max} characters`);
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(raw))
      this.fail('must be a single line without control characters');
    return raw;
  }

  stepId(raw: unknown): string {
    if (typeof raw !== 'string' || !STEP_ID.test(raw)) {
      return this.fail('must be a step id: 1 to 64 letters, digits, _ or -');
    }
    return raw;
  }

  optionalStepId(raw: unknown): string | undefined {
    return raw === undefined ? undefined : this.stepId(raw);
  }

  variable(raw: unknown): string {
    if (typeof raw !== 'string' || !VARIABLE.test(raw)) {
      return this.fail('must be a variable name: letters, digits and _, not starting with a digit, at most 64');
    }
    if (isReservedVariable(raw)) this.fail(`must not be the reserved name ${raw}`);
    return raw;
  }

  oneOf<T extends string>(raw: unknown, allowed: readonly T[]): T {
    if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw)) {
      return this.fail(`must be one of ${list(allowed)}`);
    }
    return raw as T;
  }

  integer(raw: unknown, min: number, max: number): number {
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) {
      return this.fail(`must be a whole number from ${min} to ${max}`);
    }
    return raw;
  }

  finite(raw: unknown): number {
    if (typeof raw !== 'number' || !Number.isFinite(raw)) return this.fail('must be a number');
    return raw;
  }

  boolean(raw: unknown): boolean {
    if (typeof raw !== 'boolean') return this.fail('must be true or false');
    return raw;
  }
}

/** Copies the properties that are present, so absent optional fields stay absent. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function parseGraph(raw: unknown): FlowGraph {
  const root = new Reader('');
  if (!isObject(raw)) return root.fail('must be an object with start and steps');
  const flow = root.object(raw, ['start', 'steps']);
  const stepsRaw = root.at('steps').array(flow.steps, 1, MAX_GRAPH_STEPS, 'steps');
  const start = root.at('start').stepId(flow.start);
  const steps = stepsRaw.map((step, i) => parseStep(step, root.at('steps').at(i)));
  return { start, steps };
}

const STEP_FIELDS: Readonly<Record<StepType, readonly string[]>> = {
  message: ['text', 'next'],
  question: ['text', 'variable', 'input', 'next', 'fallback'],
  condition: ['branches', 'else'],
  set: ['variable', 'value', 'next'],
  jump: ['next'],
  http: ['method', 'url', 'headers', 'body', 'save', 'next', 'onError'],
  handoff: ['text', 'reason'],
  end: ['text', 'resolution'],
  ai: ['next'],
};

function parseStep(raw: unknown, at: Reader): FlowStep {
  if (!isObject(raw)) return at.fail('must be an object with an id and a type');
  const id = at.at('id').stepId(raw.id);
  const step = new Reader(at.field, id);
  const type = step.at('type').oneOf(raw.type, STEP_TYPES);
  const s = step.object(raw, ['id', 'type', ...STEP_FIELDS[type]]);
  const optionalText = (name: string): string | undefined =>
    s[name] === undefined ? undefined : step.at(name).paragraph(s[name]);
  const next = step.at('next').optionalStepId(s.next);
  switch (type) {
    case 'message':
      return defined({ id, type, text: step.at('text').paragraph(s.text), next });
    case 'question': {
      const input = parseInput(s.input, step.at('input'));
      return defined({
        id,
        type,
        text: step.at('text').paragraph(s.text),
        variable: step.at('variable').variable(s.variable),
        input,
        next,
        fallback: step.at('fallback').optionalStepId(s.fallback),
      });
    }
    case 'condition': {
      const branches = step.at('branches').array(s.branches, 1, MAX_BRANCHES, 'branches');
      return {
        id,
        type,
        branches: branches.map((b, i) => parseBranch(b, step.at('branches').at(i))),
        else: step.at('else').stepId(s.else),
      };
    }
    case 'set':
      return defined({
        id,
        type,
        variable: step.at('variable').variable(s.variable),
        value: step.at('value').paragraph(s.value),
        next,
      });
    case 'jump':
      return { id, type, next: step.at('next').stepId(s.next) };
    case 'http':
      return parseHttp(s, step, next);
    case 'handoff':
      return defined({
        id,
        type,
        text: optionalText('text'),
        reason: step.at('reason').line(s.reason, MAX_REASON_LENGTH),
      });
    case 'end':
      return defined({
        id,
        type,
        text: optionalText('text'),
        resolution: step.at('resolution').oneOf(s.resolution, ['resolved', 'ended'] as const),
      });
    case 'ai':
      return defined({ id, type, next });
  }
}

const INPUT_FIELDS: Readonly<Record<InputType, readonly string[]>> = {
  text: [],
  email: [],
  phone: [],
  date: [],
  url: [],
  yesno: [],
  number: ['min', 'max'],
  choice: ['options', 'multiple'],
  rating: ['max'],
};

function parseInput(raw: unknown, at: Reader): AnswerInput {
  if (!isObject(raw)) return at.fail(`must be an object with a type (${list(INPUT_TYPES)})`);
  const type = at.at('type').oneOf(raw.type, INPUT_TYPES);
  const s = at.object(raw, ['type', 'retryMessage', 'maxRetries', ...INPUT_FIELDS[type]]);
  const retry = defined({
    retryMessage: s.retryMessage === undefined ? undefined : at.at('retryMessage').paragraph(s.retryMessage),
    maxRetries:
      s.maxRetries === undefined ? undefined : at.at('maxRetries').integer(s.maxRetries, 1, MAX_RETRIES_LIMIT),
  });
  switch (type) {
    case 'number': {
      const min = s.min === undefined ? undefined : at.at('min').finite(s.min);
      const max = s.max === undefined ? undefined : at.at('max').finite(s.max);
      if (min !== undefined && max !== undefined && min > max) at.at('max').fail(`must not be less than min (${min})`);
      return defined({ type, min, max, ...retry });
    }
    case 'rating': {
      if (s.max !== 5 && s.max !== 10) return at.at('max').fail('must be 5 (1 to 5 stars) or 10 (0 to 10)');
      return { type, max: s.max, ...retry };
    }
    case 'choice': {
      const multiple = s.multiple === undefined ? undefined : at.at('multiple').boolean(s.multiple);
      const options = at.at('options').array(s.options, 1, MAX_OPTIONS, 'options');
      return defined({ type, options: parseOptions(options, at.at('options'), multiple === true), multiple, ...retry });
    }
    default:
      return { type, ...retry };
  }
}

function parseOptions(raw: unknown[], at: Reader, multiple: boolean): ChoiceOption[] {
  const seen = new Map<string, number>();
  return raw.map((o, i) => {
    const here = at.at(i);
    const s = here.object(o, ['label', 'value', 'next']);
    const label = here.at('label').line(s.label, MAX_OPTION_LABEL);
    const value = here.at('value').line(s.value, MAX_OPTION_VALUE);
    for (const [name, text] of [
      ['label', label],
      ['value', value],
    ] as const) {
      // A visitor answers with a label or a value, case-insensitively: each must pick one option.
      const key = text.trim().toLowerCase();
      const other = seen.get(key);
      if (other !== undefined && other !== i) {
        here.at(name).fail(`"${text}" is already the label or value of option ${other}: answers must pick one option`);
      }
      seen.set(key, i);
      if (multiple && text.includes(',')) {
        here.at(name).fail('must not contain a comma in a multiple choice, where commas separate the answers');
      }
    }
    if (multiple && s.next !== undefined) {
      here.at('next').fail("is not allowed in a multiple choice, which always goes on to the question's next");
    }
    return defined({ label, value, next: here.at('next').optionalStepId(s.next) });
  });
}

function parseBranch(raw: unknown, at: Reader): ConditionBranch {
  const s = at.object(raw, ['when', 'next']);
  return { when: parseCondition(s.when, at.at('when')), next: at.at('next').stepId(s.next) };
}

function parseCondition(raw: unknown, at: Reader): Condition {
  const s = at.object(raw, ['all', 'any']);
  if ((s.all === undefined) === (s.any === undefined)) return at.fail('must have exactly one of all or any');
  const key = s.all !== undefined ? 'all' : 'any';
  const tests = at.at(key).array(s[key], 1, MAX_TESTS_PER_CONDITION, 'tests');
  const parsed = tests.map((t, i) => parseTest(t, at.at(key).at(i)));
  return key === 'all' ? { all: parsed } : { any: parsed };
}

function parseTest(raw: unknown, at: Reader): ConditionTest {
  const s = at.object(raw, ['variable', 'op', 'value']);
  const variable = at.at('variable').variable(s.variable);
  const op: ConditionOp = at.at('op').oneOf(s.op, CONDITION_OPS);
  if (VALUELESS_OPS.has(op)) {
    if (s.value !== undefined) at.at('value').fail(`must be absent: ${op} compares with nothing`);
    return { variable, op };
  }
  if (s.value === undefined) return at.at('value').fail(`is required for ${op}`);
  return { variable, op, value: at.at('value').line(s.value, MAX_STEP_TEXT, true) };
}

// Headers the HTTP client sets itself: letting a flow set them would garble the request.
const CLIENT_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

function parseHttp(s: Json, step: Reader, next: string | undefined): FlowStep {
  const id = step.step!;
  const method: HttpMethod = step.at('method').oneOf(s.method, HTTP_METHODS);
  const url = step.at('url').line(s.url, MAX_URL_LENGTH);
  let headers: Record<string, string> | undefined;
  if (s.headers !== undefined) {
    const at = step.at('headers');
    if (!isObject(s.headers)) return at.fail('must be an object of header names to texts');
    const entries = Object.entries(s.headers);
    if (entries.length > MAX_HEADERS) at.fail(`may hold at most ${MAX_HEADERS} headers`);
    for (const [name, value] of entries) {
      const field = at.at(name.slice(0, 64));
      if (!HEADER_NAME.test(name)) field.fail('is not a valid header name');
      if (CLIENT_HEADERS.has(name.toLowerCase())) field.fail('is set by the HTTP client and cannot be set by a flow');
      field.line(value, MAX_STEP_TEXT, true);
    }
    headers = Object.fromEntries(entries) as Record<string, string>;
  }
  if (s.body !== undefined && (method === 'GET' || method === 'DELETE')) {
    step.at('body').fail(`is not sent with ${method}: use POST, PUT or PATCH`);
  }
  const body = s.body === undefined ? undefined : parseBody(s.body, step.at('body'), 0);
  let save: Record<string, string> | undefined;
  if (s.save !== undefined) {
    const at = step.at('save');
    if (!isObject(s.save)) return at.fail('must be an object of variable names to JSON paths');
    const entries = Object.entries(s.save);
    if (entries.length > MAX_SAVES) at.fail(`may hold at most ${MAX_SAVES} variables`);
    for (const [name, path] of entries) {
      const field = at.at(name.slice(0, 64));
      field.variable(name);
      if (typeof path !== 'string' || path.length > 500 || parseJsonPath(path) === null) {
        field.fail("must be a JSON path such as $.order.id, $.items[0].name or $['odd key']");
      }
    }
    save = Object.fromEntries(entries) as Record<string, string>;
  }
  return defined({
    id,
    type: 'http' as const,
    method,
    url,
    headers,
    body,
    save,
    next,
    onError: step.at('onError').stepId(s.onError),
  });
}

const MAX_BODY_DEPTH = 10;

function parseBody(raw: unknown, at: Reader, depth: number): JsonTemplate {
  if (depth > MAX_BODY_DEPTH) return at.fail(`must not nest deeper than ${MAX_BODY_DEPTH} levels`);
  // Inside JSON an empty string is a value like any other.
  if (typeof raw === 'string') return depth > 0 && raw === '' ? raw : at.paragraph(raw);
  if (raw === null || typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return at.finite(raw);
  if (Array.isArray(raw)) return raw.map((v, i) => parseBody(v, at.at(i), depth + 1));
  if (isObject(raw)) {
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, parseBody(v, at.at(k.slice(0, 64)), depth + 1)]));
  }
  return at.fail('must be text or JSON');
}

/**
 * Where a refused save's problem belongs in the editor: the server names the step and the field
 * (`input.options[1].next`), the editor marks that field, or the step as a whole when the field is
 * one it does not show as such. The message loses its machine path for a person to read.
 */
import type { FlowStep } from '../../../../../domain/flow/flowGraph.js';

export interface FlowProblem {
  /** null: the flow as a whole (its start). */
  stepId: string | null;
  /** Within the step: "text", "input.options[1].next", "branches[0].when.all[2].value". */
  field: string;
  message: string;
}

/** Fields the editor edits as one box (a list of headers, a JSON body): any problem inside is theirs. */
const WHOLE_FIELDS = new Set(['headers', 'body', 'save', 'input.options', 'branches']);

/** Does a problem at `field` belong to the editor's box for `path`? */
export function problemIsAt(field: string, path: string): boolean {
  if (field === path) return true;
  return WHOLE_FIELDS.has(path) && (field.startsWith(`${path}.`) || field.startsWith(`${path}[`));
}

/** Every field the editor shows for a step, as the server names them. */
export function shownFields(step: FlowStep): string[] {
  const common = ['id'];
  switch (step.type) {
    case 'message':
      return [...common, 'text', 'next'];
    case 'question': {
      const input = step.input;
      const options =
        input.type === 'choice'
          ? input.options.flatMap((_, i) => ['label', 'value', 'next'].map((f) => `input.options[${i}].${f}`))
          : [];
      return [
        ...common,
        'text',
        'variable',
        'input.type',
        'input.retryMessage',
        'input.maxRetries',
        'input.min',
        'input.max',
        'input.multiple',
        'input.options',
        ...options,
        'next',
        'fallback',
      ];
    }
    case 'condition':
      return [
        ...common,
        'branches',
        'else',
        ...step.branches.flatMap((b, i) => {
          const joiner = 'any' in b.when ? 'any' : 'all';
          const tests = 'any' in b.when ? b.when.any : b.when.all;
          return [
            `branches[${i}].next`,
            ...tests.flatMap((_, j) =>
              ['variable', 'op', 'value'].map((f) => `branches[${i}].when.${joiner}[${j}].${f}`),
            ),
          ];
        }),
      ];
    case 'set':
      return [...common, 'variable', 'value', 'next'];
    case 'jump':
      return [...common, 'next'];
    case 'http':
      return [...common, 'method', 'url', 'headers', 'body', 'save', 'next', 'onError'];
    case 'handoff':
      return [...common, 'text', 'reason'];
    case 'end':
      return [...common, 'text', 'resolution'];
    case 'ai':
      return [...common, 'next'];
  }
}

/** True when the editor marks the problem on one of the step's fields (else on the step itself). */
export const problemHasField = (step: FlowStep, field: string): boolean =>
  shownFields(step).some((path) => problemIsAt(field, path));

const ROUTE_FIELDS = new Set(['next', 'else', 'fallback', 'onError']);

const SUBJECT: Record<string, string> = {
  next: 'This way on',
  else: 'This way on',
  fallback: 'This way on',
  onError: 'This way on',
  text: 'The text',
  variable: 'The variable name',
  url: 'The URL',
  label: 'The label',
  value: 'The value',
  reason: 'The reason',
  id: 'The step id',
  headers: 'The headers',
  body: 'The body',
  save: 'What to save',
};

/**
 * "flow.steps[2].input.options[0].next (step "ask") names "x", which is not the id of any step"
 * → "This way on names "x", which is not the id of any step."
 */
export function humanProblem(message: string, field: string): string {
  const rest = message.replace(/^flow(\.\S+)?( \(step "[^"]*"\))? /, '');
  const last = /([A-Za-z]+)(\[\d+\])?$/.exec(field)?.[1] ?? '';
  // A way on left at "Choose a step…" is sent empty, which reads as a malformed id.
  if (ROUTE_FIELDS.has(last) && rest.startsWith('must be a step id')) return 'Choose the step this way leads to.';
  const subject = field === 'start' ? 'The start' : (SUBJECT[last] ?? 'This field');
  const sentence = `${subject} ${rest}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * A chatbot's conversation flow (docs/chat-api.md): an ordered list of message, question and
 * handoff steps. Questions store the visitor's answer under `variable`, which later texts can
 * interpolate as {{variable}}.
 */
import { ValidationError } from '../errors.js';
import { charLength } from '../charLength.js';
import { hasControlCharactersBesidesLineBreaks } from '../controlCharacters.js';

export type FlowStep =
  | { type: 'message'; text: string }
  | { type: 'question'; text: string; variable: string }
  | { type: 'handoff'; text: string };

export interface Flow {
  steps: FlowStep[];
}

export const MAX_FLOW_STEPS = 100;
export const MAX_STEP_TEXT = 2000;
/** A variable's name: what a question stores its answer under and `{{name}}` reads. */
export const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** One `{{name}}` placeholder in a text (spaces inside the braces allowed). */
export const TEMPLATE_PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Names an answers object already answers for itself ("constructor", "toString",
 * "__proto__", …): as a variable they would read or overwrite what every object inherits.
 * `prototype` is not a member of Object.prototype but is just as much a pollution vector.
 */
export const RESERVED_VARIABLES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

export const isReservedVariable = (name: string): boolean => RESERVED_VARIABLES.has(name);

export const DEFAULT_FLOW: Flow = {
  steps: [
    { type: 'message', text: 'Hi! Thanks for stopping by.' },
    { type: 'question', text: 'What is your name?', variable: 'name' },
    { type: 'question', text: 'Nice to meet you, {{name}}. What is your email address?', variable: 'email' },
    { type: 'message', text: 'Thank you, {{name}}! We will be in touch soon.' },
  ],
};

export function validateFlow(raw: unknown): Flow {
  const fail = (msg: string): never => {
    throw new ValidationError(`flow${msg}`, 'flow');
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(' must be an object with a steps array');
  const extra = Object.keys(raw as object).filter((k) => k !== 'steps');
  if (extra.length) fail(` has unknown properties: ${extra.join(', ')}`);
  const steps = (raw as { steps?: unknown }).steps;
  if (!Array.isArray(steps) || steps.length === 0) fail('.steps must be a non-empty array');
  if ((steps as unknown[]).length > MAX_FLOW_STEPS) fail(`.steps may hold at most ${MAX_FLOW_STEPS} steps`);
  const result = (steps as unknown[]).map((step, i): FlowStep => {
    const at = `.steps[${i}]`;
    if (typeof step !== 'object' || step === null) return fail(`${at} must be an object`);
    const s = step as Record<string, unknown>;
    if (typeof s.text !== 'string' || s.text.trim() === '') return fail(`${at}.text must be a non-empty string`);
    if (charLength(s.text) > MAX_STEP_TEXT) return fail(`${at}.text must be at most ${MAX_STEP_TEXT} characters`);
    if (hasControlCharactersBesidesLineBreaks(s.text))
      return fail(`${at}.text must not contain control characters (line breaks and tabs are fine)`);
    const allowed = s.type === 'question' ? ['type', 'text', 'variable'] : ['type', 'text'];
    const unknown = Object.keys(s).filter((k) => !allowed.includes(k));
    if (unknown.length) return fail(`${at} has unknown properties: ${unknown.join(', ')}`);
    switch (s.type) {
      case 'message':
      case 'handoff':
        return { type: s.type, text: s.text };
      case 'question':
        if (s.variable === undefined)
          return fail(`${at}.variable is required: the name the visitor's answer is kept under`);
        if (typeof s.variable !== 'string' || !VARIABLE.test(s.variable)) {
          return fail(`${at}.variable must be a name of letters, digits and underscores`);
        }
        if (isReservedVariable(s.variable)) return fail(`${at}.variable must not be the reserved name ${s.variable}`);
        return { type: 'question', text: s.text, variable: s.variable };
      default:
        return fail(`${at}.type must be one of message, question, handoff`);
    }
  });
  return { steps: result };
}

/**
 * Replaces {{variable}} with the visitor's answer; unknown variables become empty. Only the
 * answers' own properties count: `{{toString}}` must not render inherited native code, and a
 * flow stored before reserved names were refused must not either.
 */
export function interpolate(text: string, answers: Readonly<Record<string, string>>): string {
  return text.replace(TEMPLATE_PLACEHOLDER, (_, name: string) => {
    const value: unknown = Object.hasOwn(answers, name) ? answers[name] : undefined;
    return typeof value === 'string' ? value : '';
  });
}

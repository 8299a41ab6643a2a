/**
 * The flow editor's view of a flow: steps with stable keys for editing, the checks it can make
 * while someone types (the server's rules in domain/chatbot/flow.ts stay the authority), and
 * which step a server message names.
 */
import type { Flow, FlowStep, StepType } from './chatbotApi.js';

export interface EditableStep extends FlowStep {
  key: number;
}

let nextKey = 1;
export const withKeys = (flow: Flow): EditableStep[] => flow.steps.map((s) => ({ ...s, key: nextKey++ }));

export function newStep(type: StepType, steps: EditableStep[]): EditableStep {
  if (type === 'question') return { key: nextKey++, type, text: '', variable: freeVariable(steps) };
  return { key: nextKey++, type, text: '' };
}

function freeVariable(steps: EditableStep[]): string {
  const taken = new Set(steps.map((s) => s.variable));
  for (let i = 1; ; i++) if (!taken.has(`answer${i}`)) return `answer${i}`;
}

/** The server's shape: no keys, no stray variable on non-questions. */
export function toFlow(steps: EditableStep[]): Flow {
  return {
    steps: steps.map((s) =>
      s.type === 'question'
        ? { type: s.type, text: s.text, variable: s.variable ?? '' }
        : { type: s.type, text: s.text },
    ),
  };
}

export const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const MAX_STEPS = 100;
export const MAX_TEXT = 2000;
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export interface StepIssue {
  /** error: the server will refuse it; warning: allowed, but probably not meant. */
  level: 'error' | 'warning';
  message: string;
}

/** Problems per step index, in the words a non-developer reads. */
export function checkSteps(steps: EditableStep[]): Map<number, StepIssue[]> {
  const out = new Map<number, StepIssue[]>();
  const add = (i: number, level: StepIssue['level'], message: string) =>
    out.set(i, [...(out.get(i) ?? []), { level, message }]);
  const asked = new Set<string>();
  let handoffAt = -1;
  steps.forEach((s, i) => {
    if (!s.text.trim()) add(i, 'error', 'Write what the bot says.');
    if (s.text.length > MAX_TEXT) add(i, 'error', `Keep the text under ${MAX_TEXT} characters.`);
    for (const m of s.text.matchAll(PLACEHOLDER)) {
      if (!asked.has(m[1]!))
        add(i, 'warning', `{{${m[1]}}} is not asked by an earlier question, so it shows as empty.`);
    }
    if (s.type === 'question') {
      const v = s.variable ?? '';
      if (!VARIABLE.test(v))
        add(i, 'error', 'Name the answer with letters, digits and underscores, starting with a letter (e.g. email).');
      else if (asked.has(v))
        add(i, 'warning', `An earlier question already saves its answer as "${v}"; this one replaces it.`);
      asked.add(v);
    }
    if (handoffAt >= 0 && i > handoffAt)
      add(i, 'warning', 'Never reached: the conversation ends at the hand-off above.');
    if (s.type === 'handoff' && handoffAt < 0) handoffAt = i;
  });
  return out;
}

/** "flow.steps[2].variable must …" names step 2 (0-based); null when no step is named. */
export function stepOfServerError(message: string): number | null {
  const m = /steps\[(\d+)\]/.exec(message);
  return m ? Number(m[1]) : null;
}

/** The server's message without its machine path, for showing next to the step. */
export function humanServerError(message: string): string {
  return message
    .replace(/^flow\.steps\[\d+\]\.?/, '')
    .replace(/^text /, 'The text ')
    .replace(/^variable /, 'The answer name ')
    .replace(/^type /, 'The step type ');
}

/** Splits a text into plain parts and {{variable}} placeholders, for the preview. */
export function placeholders(text: string): { text: string; variable?: string }[] {
  const parts: { text: string; variable?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index! > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[0], variable: m[1] });
    last = m.index! + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export const STEP_LABEL: Record<StepType, string> = {
  message: 'Message',
  question: 'Question',
  handoff: 'Hand-off to your team',
};

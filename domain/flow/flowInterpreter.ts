/**
 * Running a parsed flow: pure and deterministic. Each call goes from where the flow stands
 * through every step that needs nobody (messages, conditions, sets, jumps) and stops where it
 * must wait (a question, an http call the caller makes, the AI agent) or where it ends. The
 * caller keeps the returned state and hands it back with what it waited for.
 */
import { ConflictError } from '../errors.js';
import { charLength } from '../charLength.js';
import { checkAnswer, retryMessageFor } from './answerValidation.js';
import { conditionHolds } from './conditions.js';
import {
  DEFAULT_MAX_RETRIES,
  type AnswerInput,
  type FlowGraph,
  type FlowStep,
  type HttpMethod,
  type JsonTemplate,
  type QuestionStep,
  type Resolution,
} from './flowGraph.js';
import { jsonValueAsText, parseJsonPath, selectJsonPath } from './jsonPath.js';
import { renderHeader, renderText, renderUrl, type Variables } from './templates.js';

export interface FlowState {
  /** The step the flow waits at, or the one it ended at. */
  stepId: string;
  variables: Record<string, string>;
  /** Invalid answers so far to the question waiting. */
  retries: number;
  /** Handed off or ended: nothing more can be fed in. */
  finished: boolean;
}

/** A question's input as the visitor sees it: no retry rules, options without their targets. */
export type ShownInput =
  | { type: 'text' | 'email' | 'phone' | 'date' | 'url' | 'yesno' }
  | { type: 'number'; min?: number; max?: number }
  | { type: 'choice'; options: { label: string; value: string }[]; multiple: boolean }
  | { type: 'rating'; max: 5 | 10 };

export interface BotReply {
  stepId: string;
  text: string;
  /** On a question's text: how the visitor may answer. */
  input?: ShownInput;
}

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type HttpResult = { ok: true; status: number; json: unknown } | { ok: false; reason: string };

/**
 * How the AI agent's part of the flow came out: it ended the talk (the flow goes on), or the
 * visitor is with a person now (`reason`: the agent's handoff reason, `turn_limit`,
 * `model_error`) and the flow must not talk over them.
 */
export type AiResult = { outcome: 'resolved' | 'ended' } | { outcome: 'handoff'; reason: string };

export type FlowOutcome =
  | { type: 'awaiting_answer'; stepId: string }
  | { type: 'awaiting_http'; stepId: string; request: HttpRequest }
  | { type: 'awaiting_ai'; stepId: string }
  | { type: 'handoff'; reason: string }
  | { type: 'ended'; resolution: Resolution };

export interface FlowRun {
  replies: BotReply[];
  /** The steps visited in this call, in order (a question asked again appears again). */
  path: string[];
  state: FlowState;
  outcome: FlowOutcome;
}

/** Far more steps than any flow without an input-less loop passes between two waits. */
export const MAX_STEPS_PER_CALL = 1000;
/** Stored variable values are cut to this many characters. */
export const MAX_VARIABLE_LENGTH = 2000;

export function startFlow(flow: FlowGraph, variables: Variables = {}): FlowRun {
  return run(flow, { stepId: flow.start, variables: { ...variables }, retries: 0, finished: false }, [], []);
}

export function answerQuestion(flow: FlowGraph, state: FlowState, text: string): FlowRun {
  const step = waitingStep(flow, state, 'question');
  const answer = checkAnswer(step.input, text);
  if (answer.ok) {
    const variables = withVariable(state.variables, step.variable, answer.value);
    return continueAt(flow, answer.next ?? step.next, { ...state, variables, retries: 0 }, [], []);
  }
  const retries = state.retries + 1;
  const maxRetries = step.input.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (step.fallback !== undefined && retries >= maxRetries) {
    return continueAt(flow, step.fallback, { ...state, retries: 0 }, [], []);
  }
  const replies: BotReply[] = [
    { stepId: step.id, text: renderText(retryMessageFor(step.input), state.variables) },
    ask(step, state.variables),
  ];
  // Without a fallback the question stays; the count stops at the limit rather than growing for ever.
  return finish(
    replies,
    [step.id],
    { ...state, retries: Math.min(retries, maxRetries) },
    {
      type: 'awaiting_answer',
      stepId: step.id,
    },
  );
}

export function resumeAfterHttp(flow: FlowGraph, state: FlowState, result: HttpResult): FlowRun {
  const step = waitingStep(flow, state, 'http');
  if (!result.ok || result.status < 200 || result.status > 299) {
    return continueAt(flow, step.onError, state, [], []);
  }
  let variables = state.variables;
  for (const [name, path] of Object.entries(step.save ?? {})) {
    const segments = parseJsonPath(path);
    const value = segments === null ? undefined : selectJsonPath(result.json, segments);
    variables = withVariable(variables, name, jsonValueAsText(value));
  }
  return continueAt(flow, step.next, { ...state, variables }, [], []);
}

export function resumeAfterAi(flow: FlowGraph, state: FlowState, result: AiResult): FlowRun {
  const step = waitingStep(flow, state, 'ai');
  // The agent has already handed the visitor to a person: the flow must not talk over them.
  if (result.outcome === 'handoff') return finish([], [], state, { type: 'handoff', reason: result.reason });
  // Nothing after the agent: the conversation ends as the agent ended it.
  if (step.next === undefined) return finish([], [], state, { type: 'ended', resolution: result.outcome });
  return continueAt(flow, step.next, state, [], []);
}

function waitingStep<T extends FlowStep['type']>(
  flow: FlowGraph,
  state: FlowState,
  type: T,
): Extract<FlowStep, { type: T }> {
  const step = state.finished ? undefined : flow.steps.find((s) => s.id === state.stepId);
  if (!step || step.type !== type) {
    throw new ConflictError(
      `The flow is not waiting for ${type === 'question' ? 'an answer' : `an ${type} result`}`,
      'FLOW_NOT_WAITING',
    );
  }
  return step as Extract<FlowStep, { type: T }>;
}

function withVariable(variables: Variables, name: string, value: string): Record<string, string> {
  const kept =
    charLength(value) > MAX_VARIABLE_LENGTH ? Array.from(value).slice(0, MAX_VARIABLE_LENGTH).join('') : value;
  return { ...variables, [name]: kept };
}

/** Goes on to `next`, or ends resolved where a step has none. */
function continueAt(
  flow: FlowGraph,
  next: string | undefined,
  state: FlowState,
  replies: BotReply[],
  path: string[],
): FlowRun {
  if (next === undefined) return finish(replies, path, state, { type: 'ended', resolution: 'resolved' });
  return run(flow, { ...state, stepId: next, retries: 0 }, replies, path);
}

function run(flow: FlowGraph, initial: FlowState, replies: BotReply[], path: string[]): FlowRun {
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  let state = initial;
  const say = (stepId: string, text: string | undefined) => {
    if (text !== undefined) replies.push({ stepId, text: renderText(text, state.variables) });
  };
  const stop = (outcome: FlowOutcome): FlowRun => finish(replies, path, state, outcome);
  for (let visited = 0; visited < MAX_STEPS_PER_CALL; visited++) {
    const step = byId.get(state.stepId);
    // parseFlow refuses unknown targets; a state from another flow version must still not crash.
    if (!step) return stop({ type: 'ended', resolution: 'ended' });
    path.push(step.id);
    let next: string | undefined;
    switch (step.type) {
      case 'message':
        say(step.id, step.text);
        next = step.next;
        break;
      case 'question':
        replies.push(ask(step, state.variables));
        return stop({ type: 'awaiting_answer', stepId: step.id });
      case 'condition':
        next = step.branches.find((b) => conditionHolds(b.when, state.variables))?.next ?? step.else;
        break;
      case 'set':
        state = {
          ...state,
          variables: withVariable(state.variables, step.variable, renderText(step.value, state.variables)),
        };
        next = step.next;
        break;
      case 'jump':
        next = step.next;
        break;
      case 'http':
        return stop({ type: 'awaiting_http', stepId: step.id, request: renderRequest(step, state.variables) });
      case 'ai':
        return stop({ type: 'awaiting_ai', stepId: step.id });
      case 'handoff':
        say(step.id, step.text);
        return stop({ type: 'handoff', reason: step.reason });
      case 'end':
        say(step.id, step.text);
        return stop({ type: 'ended', resolution: step.resolution });
    }
    if (next === undefined) return stop({ type: 'ended', resolution: 'resolved' });
    state = { ...state, stepId: next };
  }
  return stop({ type: 'ended', resolution: 'ended' });
}

function finish(replies: BotReply[], path: string[], state: FlowState, outcome: FlowOutcome): FlowRun {
  const finished = outcome.type === 'handoff' || outcome.type === 'ended';
  return { replies, path, state: { ...state, finished }, outcome };
}

function ask(step: QuestionStep, variables: Variables): BotReply {
  return { stepId: step.id, text: renderText(step.text, variables), input: shownInput(step.input) };
}

/** A question's input as the visitor sees it. */
export function shownInput(input: AnswerInput): ShownInput {
  switch (input.type) {
    case 'number': {
      const shown: ShownInput = { type: 'number' };
      if (input.min !== undefined) shown.min = input.min;
      if (input.max !== undefined) shown.max = input.max;
      return shown;
    }
    case 'choice':
      return {
        type: 'choice',
        options: input.options.map(({ label, value }) => ({ label, value })),
        multiple: input.multiple === true,
      };
    case 'rating':
      return { type: 'rating', max: input.max };
    default:
      return { type: input.type };
  }
}

function renderBody(body: JsonTemplate, variables: Variables): JsonTemplate {
  if (typeof body === 'string') return renderText(body, variables);
  if (Array.isArray(body)) return body.map((v) => renderBody(v, variables));
  if (typeof body === 'object' && body !== null) {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, renderBody(v, variables)]));
  }
  return body;
}

function renderRequest(step: Extract<FlowStep, { type: 'http' }>, variables: Variables): HttpRequest {
  const headers = Object.fromEntries(
    Object.entries(step.headers ?? {}).map(([name, value]) => [name, renderHeader(value, variables)]),
  );
  const request: HttpRequest = { method: step.method, url: renderUrl(step.url, variables), headers };
  if (typeof step.body === 'string') request.body = renderText(step.body, variables);
  else if (step.body !== undefined) {
    request.body = JSON.stringify(renderBody(step.body, variables));
    const typed = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
    if (!typed) headers['Content-Type'] = 'application/json';
  }
  return request;
}

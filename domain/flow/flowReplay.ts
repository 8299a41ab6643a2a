/**
 * What-if runs: a recorded conversation's visitor inputs fed, in order, to another flow (the
 * draft), and how that run compares with what happened. Pure: nothing is sent or called. An
 * http step takes the answer the original conversation got at the same step (by step id, in
 * order); where it got none the run stops there, marked unknown. An ai step stops the run: the
 * agent's talk cannot be replayed.
 */
import type { FlowGraph } from './flowGraph.js';
import {
  answerQuestion,
  resumeAfterHttp,
  startFlow,
  type FlowOutcome,
  type FlowRun,
  type HttpResult,
} from './flowInterpreter.js';

/** How a conversation stands: the resolutions of a completed one, or open. */
export type ReplayOutcome = 'resolved' | 'escalated' | 'ended' | 'open';

/** What one of the original conversation's http steps got. */
export interface RecordedHttpAnswer {
  stepId: string;
  /** The response status; null when no response came. */
  status: number | null;
  /** Why the call failed, when it did. */
  error: string | null;
  /** The response's JSON when it was kept (absent: not JSON, or too large to keep). */
  json?: unknown;
  /** The original step saved a non-empty value from the answer: it had JSON, even if not kept. */
  savedValues: boolean;
}

/** A conversation as recorded, reduced to what a replay needs. */
export interface RecordedConversation {
  /** What the visitor wrote, in order. */
  inputs: string[];
  /** Every http answer, in the order they came. */
  httpAnswers: RecordedHttpAnswer[];
  /** Every step the conversation passed, in order (a question asked again appears again). */
  path: string[];
  outcome: ReplayOutcome;
  /**
   * Set when the visitor or an operator closed the conversation (escalate, end) while the flow
   * still waited: a replay that waits (for an answer, or at an ai step) once the inputs are used
   * up closes the same way.
   */
  closedAs: 'escalated' | 'ended' | null;
  /** The conversation's response record, born with the visitor's first message (null before it); reported, not replayed. */
  responseId: string | null;
}

export interface ReplayReport {
  /** The replay took exactly the recorded path and ends the same way. */
  same: boolean;
  /**
   * The draft's step at the first position where its path and the recorded one differ; where
   * the draft's path stops before that position, the step it stopped at; where the paths are
   * equal but the outcome differs, the last step. Null when `same`.
   */
  divergedAt: string | null;
  before: ReplayOutcome;
  after: ReplayOutcome;
  /** The http step the replay stopped at because the original got no answer there it can use (then `after` is open). */
  unknownAt: string | null;
}

export function replayConversation(draft: FlowGraph, recorded: RecordedConversation): ReplayReport {
  const answers = answersByStep(recorded.httpAnswers);
  const path: string[] = [];
  let inputs = 0;
  let unknownAt: string | null = null;
  let run: FlowRun = startFlow(draft);
  let after: ReplayOutcome | null = null;
  // Waiting with every input used: where the visitor left, or closed the conversation.
  const leftHere = (): ReplayOutcome => (inputs < recorded.inputs.length ? 'open' : (recorded.closedAs ?? 'open'));
  while (after === null) {
    path.push(...run.path);
    const outcome: FlowOutcome = run.outcome;
    switch (outcome.type) {
      case 'awaiting_answer':
        if (inputs < recorded.inputs.length) run = answerQuestion(draft, run.state, recorded.inputs[inputs++]);
        else after = leftHere();
        break;
      case 'awaiting_http': {
        const answer = answers.get(outcome.stepId)?.shift();
        const result = answer && httpResultOf(answer, draftSaves(draft, outcome.stepId));
        if (result) run = resumeAfterHttp(draft, run.state, result);
        else {
          unknownAt = outcome.stepId;
          after = 'open';
        }
        break;
      }
      case 'awaiting_ai':
        after = leftHere();
        break;
      case 'handoff':
        after = 'escalated';
        break;
      case 'ended':
        after = outcome.resolution;
        break;
    }
  }
  const divergedAt = divergence(path, recorded.path, after === recorded.outcome);
  return { same: divergedAt === null, divergedAt, before: recorded.outcome, after, unknownAt };
}

function answersByStep(recorded: readonly RecordedHttpAnswer[]): Map<string, RecordedHttpAnswer[]> {
  const byStep = new Map<string, RecordedHttpAnswer[]>();
  for (const answer of recorded) {
    const queue = byStep.get(answer.stepId);
    if (queue) queue.push(answer);
    else byStep.set(answer.stepId, [answer]);
  }
  return byStep;
}

function draftSaves(draft: FlowGraph, stepId: string): boolean {
  const step = draft.steps.find((s) => s.id === stepId);
  return step?.type === 'http' && Object.keys(step.save ?? {}).length > 0;
}

/**
 * The recorded answer as the draft's step would get it; null when it cannot be known: a
 * success whose JSON was too large to keep, where the draft's step saves from it.
 */
function httpResultOf(answer: RecordedHttpAnswer, saves: boolean): HttpResult | null {
  if (answer.status === null) return { ok: false, reason: answer.error ?? 'no answer' };
  const succeeded = answer.status >= 200 && answer.status <= 299;
  if (succeeded && saves && answer.json === undefined && answer.savedValues) return null;
  return { ok: true, status: answer.status, json: answer.json };
}

function divergence(replayed: readonly string[], recorded: readonly string[], sameOutcome: boolean): string | null {
  const shared = Math.min(replayed.length, recorded.length);
  for (let i = 0; i < shared; i++) if (replayed[i] !== recorded[i]) return replayed[i];
  if (replayed.length > recorded.length) return replayed[recorded.length];
  if (replayed.length < recorded.length || !sameOutcome) return replayed.at(-1) ?? recorded[0] ?? null;
  return null;
}

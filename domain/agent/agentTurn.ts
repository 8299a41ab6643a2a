/**
 * What one model call of an agent's turn comes to (docs/ai-agents.md, A turn, Handoff,
 * Failures): an answer the visitor reads, a handoff, an end, or a failure the visitor is told
 * about calmly before a person takes over. Pure: the call itself is made by the command layer.
 */
import { type LimitReached, reasonOfLimit } from './agentLimits.js';
import type { HandoffSettings, OnLimit, OnNoAnswer } from './agentSettings.js';
import type { AnswerProvenance, EntrySource } from '../conversation/conversationEvents.js';

import type { AiResult } from '../flow/flowInterpreter.js';
import { type EndResolution, type HandoffReason, toolActionOf } from './agentTools.js';

/** What the visitor reads when the model cannot answer. */
export const MODEL_ERROR_MESSAGE = "Sorry, I can't answer right now. I'm passing you to a person.";
/** What the visitor reads at a handoff the model gave no words for (and at a limit that hands off). */
export const HANDOFF_MESSAGE = "I'm passing you to a person who can help.";
/** What the visitor reads when the agent answers only from knowledge and found nothing to answer from. */
export const CLARIFY_MESSAGE =
  "I couldn't find that in our documents. Could you tell me a little more, or ask it another way?";
/** What the visitor reads at a limit that ends the conversation, when the agent sets no words. */
export const LIMIT_END_MESSAGE = "Sorry, I can't answer any more questions in this chat.";

/** Why a model call did not give a usable answer. */
export type AgentFailure =
  | 'timeout'
  | 'rate_limited'
  | 'provider_error'
  | 'unreachable'
  | 'stream_cut'
  /** The provider's answer is not a chat completion (not JSON, or chunks of another shape). */
  | 'malformed_answer'
  | 'no_connection'
  | 'unknown_tool'
  | 'bad_tool_arguments';

/** The facts of a model call that answered, as recorded (AgentAnswered). */
export interface ModelCallFacts {
  model: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  finishReason: string;
}

/** A model's answer as the provider gave it. */
export interface ModelAnswer extends ModelCallFacts {
  text: string;
  /** `id` is the provider's, needed to send a tool's answer back. */
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
}

export type AgentAction =
  | { type: 'reply' }
  | { type: 'handoff'; reason: HandoffReason; summary: string }
  | { type: 'end'; resolution: EndResolution };

/** What an answer of an agent with knowledge was built from, and what it cites. */
export interface AnswerKnowledge {
  provenance: AnswerProvenance;
  sources: EntrySource[];
  /** No search of the turn found a passage: the question is listed as unanswered. */
  nothingFound: boolean;
}

export type AgentTurnOutcome =
  | {
      type: 'answer';
      text: string;
      facts: ModelCallFacts;
      action: AgentAction;
      toolCall: string | null;
      knowledge?: AnswerKnowledge;
    }
  /** Answering only from knowledge, the question found nothing: no call is made, onNoAnswer decides. */
  | { type: 'no_knowledge'; onNoAnswer: OnNoAnswer; message: string; question: string }
  | { type: 'failure'; error: AgentFailure; detail: string; model: string | null; latencyMs: number | null }
  /** A limit was reached before the call (agentLimits.ts): no call is made, onLimit decides. */
  | { type: 'limit'; reached: LimitReached; onLimit: OnLimit; message: string };

/** The outcome of a limit reached: the agent's own words for it, or the standard ones of onLimit. */
export function limitOutcome(handoff: HandoffSettings, reached: LimitReached): AgentTurnOutcome {
  const standard = handoff.onLimit === 'message' ? LIMIT_END_MESSAGE : HANDOFF_MESSAGE;
  return { type: 'limit', reached, onLimit: handoff.onLimit, message: handoff.limitMessage ?? standard };
}

/** What a model call comes to (every outcome but the turn limit, which makes none). */
export type ModelCallOutcome = Exclude<AgentTurnOutcome, { type: 'limit' }>;

/** The outcome of an answer: its first tool call decides, after its arguments are checked. */
export function outcomeOfAnswer(answer: ModelAnswer): ModelCallOutcome {
  const { text, toolCalls, ...facts } = answer;
  const call = toolCalls[0];
  if (!call) return { type: 'answer', text: text.trim(), facts, action: { type: 'reply' }, toolCall: null };
  const action = toolActionOf(call);
  if (action.type === 'invalid' || action.type === 'search')
    return {
      type: 'failure',
      error: action.type === 'search' ? 'unknown_tool' : action.error,
      detail: action.type === 'search' ? 'The model searched the knowledge when it could not' : action.detail,
      model: facts.model,
      latencyMs: facts.latencyMs,
    };
  const words = text.trim() || (action.type === 'handoff' ? HANDOFF_MESSAGE : '');
  return { type: 'answer', text: words, facts, action, toolCall: call.name };
}

/** What the visitor reads for an outcome ('' for nothing). */
export function visitorTextOf(outcome: AgentTurnOutcome): string {
  if (outcome.type === 'answer') return outcome.text;
  return outcome.type === 'failure' ? MODEL_ERROR_MESSAGE : outcome.message;
}

/** The outcome of a question that found nothing, answering only from knowledge. */
export const noKnowledgeOutcome = (
  onNoAnswer: OnNoAnswer,
  question: string,
): Extract<AgentTurnOutcome, { type: 'no_knowledge' }> => ({
  type: 'no_knowledge',
  onNoAnswer,
  message: onNoAnswer === 'handoff' ? HANDOFF_MESSAGE : CLARIFY_MESSAGE,
  question,
});

/** How the conversation completes after this outcome; null: it goes on. */
export function completionOfOutcome(
  outcome: AgentTurnOutcome,
): { resolution: 'escalated' | EndResolution; reason: string | null } | null {
  if (outcome.type === 'failure') return { resolution: 'escalated', reason: 'model_error' };
  if (outcome.type === 'no_knowledge')
    return outcome.onNoAnswer === 'handoff' ? { resolution: 'escalated', reason: 'low_confidence' } : null;
  if (outcome.type === 'limit')
    return outcome.onLimit === 'message'
      ? { resolution: 'ended', reason: null }
      : { resolution: 'escalated', reason: reasonOfLimit(outcome.reached.limit) };
  const { action } = outcome;
  if (action.type === 'handoff') return { resolution: 'escalated', reason: action.reason };
  if (action.type === 'end') return { resolution: action.resolution, reason: null };
  return null;
}

/**
 * In a flow's ai step: what the flow is told once the agent's part is over (null: the agent
 * talks on). An end hands the visitor back to the flow; a handoff, the turn limit or a failure
 * leaves them with a person, under the same reason an agent bot's conversation escalates with.
 */
export function aiResultOf(outcome: AgentTurnOutcome): AiResult | null {
  const done = completionOfOutcome(outcome);
  if (!done) return null;
  return done.resolution === 'escalated'
    ? { outcome: 'handoff', reason: done.reason ?? 'model_error' }
    : { outcome: done.resolution };
}

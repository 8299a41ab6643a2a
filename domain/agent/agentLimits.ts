/**
 * The limits an agent's turn is checked against before its model call (docs/ai-agents.md,
 * Budgets): the workspace's monthly AI token budget, the conversation's own token limit and its
 * turn limit. A limit counts as reached once what was used is at or over it, so a turn that
 * starts under a limit may end over it, and the next one is refused. Pure: what was used is
 * given by the command layer.
 */
import type { HandoffSettings } from './agentSettings.js';

/** Which limit a turn reached, checked in this order. */
export type AgentLimit = 'monthly_tokens' | 'conversation_tokens' | 'turns';

export interface LimitReached {
  limit: AgentLimit;
  used: number;
  max: number;
}

export interface AgentUsage {
  /** Tokens of every model call of the workspace in this UTC month. */
  monthlyTokens: number;
  /** The plan's monthly AI tokens; null: unlimited. */
  monthlyTokenLimit: number | null;
  /** Tokens of this conversation's model calls. */
  conversationTokens: number;
  /** How many times the model has answered in this conversation. */
  answers: number;
}

const reached = (limit: AgentLimit, used: number, max: number | null): LimitReached | null =>
  max !== null && used >= max ? { limit, used, max } : null;

/** The first limit reached before a model call; null: the call may be made. */
export function limitBeforeCall(handoff: HandoffSettings, usage: AgentUsage): LimitReached | null {
  return (
    reached('monthly_tokens', usage.monthlyTokens, usage.monthlyTokenLimit) ??
    reached('conversation_tokens', usage.conversationTokens, handoff.maxTokens) ??
    reached('turns', usage.answers, handoff.maxTurns)
  );
}

/** The handoff reason of a limit: the turn limit, or a token budget (the month's or the conversation's). */
export const reasonOfLimit = (limit: AgentLimit): 'turn_limit' | 'budget' =>
  limit === 'turns' ? 'turn_limit' : 'budget';

/** The plain-words account of a limit, as recorded with the conversation. */
export function limitDetail({ limit, used, max }: LimitReached): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (limit === 'turns') return `The agent reached its limit of ${n(max)} answers in a conversation`;
  if (limit === 'conversation_tokens') return `The conversation used ${n(used)} tokens, its limit is ${n(max)}`;
  return max === 0
    ? "The workspace's plan includes no AI tokens"
    : `The workspace used ${n(used)} AI tokens this month, its plan's budget is ${n(max)}`;
}

/** The error an AgentFailed event records for a limit. */
export const LIMIT_ERRORS: Record<AgentLimit, string> = {
  turns: 'turn_limit',
  conversation_tokens: 'conversation_token_limit',
  monthly_tokens: 'monthly_token_budget',
};

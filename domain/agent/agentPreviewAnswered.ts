/**
 * The one thing a playground call leaves in the log (docs/ai-agents.md, Playground): the tokens
 * it spent, so the workspace's monthly AI token budget counts them like a visitor's turn. Each
 * is an `AgentPreviewAnswered` event on a stream of its own (`agent-preview-<id>`): a call that
 * was made is a fact nothing can refuse, so no aggregate decides on it and calls made at the same
 * moment never contend on one stream.
 */
import type { DomainEvent } from '../event.js';
import type { ModelCallOutcome } from './agentTurn.js';

export type AgentPreviewAnsweredData = {
  workspaceId: string;
  chatbotId: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
};

export const AGENT_PREVIEW_ANSWERED = 'AgentPreviewAnswered';
export type AgentPreviewAnswered = DomainEvent<typeof AGENT_PREVIEW_ANSWERED, AgentPreviewAnsweredData>;
export const agentPreviewStream = (previewId: string): string => `agent-preview-${previewId}`;

/**
 * What a playground call records: its tokens when the model answered. A failed call is not
 * counted (as in a conversation), and an agent that found nothing in its knowledge made none.
 */
export function previewAnsweredOf(
  ids: { workspaceId: string; chatbotId: string },
  outcome: ModelCallOutcome,
): AgentPreviewAnsweredData | null {
  if (outcome.type !== 'answer') return null;
  const { model, tokensIn, tokensOut } = outcome.facts;
  return { ...ids, model, tokensIn, tokensOut };
}

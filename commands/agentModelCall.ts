/**
 * One model call of an agent (docs/ai-agents.md, A turn): the connection's target, the prompt
 * with the instructions as the system message, the tools, and what the answer comes to. Shared
 * by a visitor's turn (conversationCommands.ts) and a dashboard playground turn
 * (agentPreviewCommands.ts), so the two cannot drift apart.
 */
import { agentPrompt } from '../domain/agent/agentPrompt.js';
import type { AgentSettings } from '../domain/agent/agentSettings.js';
import { AGENT_TOOLS } from '../domain/agent/agentTools.js';
import { type ModelCallOutcome, outcomeOfAnswer } from '../domain/agent/agentTurn.js';
import type { TranscriptEntry } from '../domain/conversation/conversationEvents.js';
import type { ChatModel } from '../infrastructure/ai/chatModel.js';

/** Where an agent's model is reached: a model connection of the workspace, its key in clear. */
export interface ModelTarget {
  baseUrl: string;
  apiKey: string;
  chatModel: string;
}

export interface AgentModelDeps {
  /** The agents' model calls (infrastructure/ai/chatModel.ts). */
  chatModel: ChatModel;
  /** The connection an agent uses; null when it is gone or its key cannot be read. */
  modelTarget(connectionId: string, workspaceId: string): Promise<ModelTarget | null>;
  /** The workspace's AI tokens this UTC month and its plan's budget (null: unlimited). */
  aiTokenBudget(workspaceId: string, now: Date): Promise<{ tokensUsed: number; tokenLimit: number | null }>;
}

/** The failure an agent without a usable connection comes to, before any call. */
export const unusableAgent = (detail: string): ModelCallOutcome => ({
  type: 'failure',
  error: 'no_connection',
  detail,
  model: null,
  latencyMs: null,
});

/** `history` ends with the visitor's newest message; `onToken` streams the answer's text. */
export async function callAgentModel(
  deps: AgentModelDeps,
  agent: AgentSettings,
  workspaceId: string,
  history: readonly TranscriptEntry[],
  onToken?: (text: string) => void,
): Promise<ModelCallOutcome> {
  const target = await deps.modelTarget(agent.connectionId, workspaceId);
  if (!target) return unusableAgent("The agent's model connection was deleted, or its stored key cannot be read");
  const model = agent.model ?? target.chatModel;
  const answer = await deps.chatModel.answer({
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    model,
    messages: agentPrompt(agent.instructions, history),
    tools: AGENT_TOOLS,
    temperature: agent.temperature,
    maxOutputTokens: agent.maxOutputTokens,
    onToken,
  });
  if (!answer.ok)
    return { type: 'failure', error: answer.error, detail: answer.detail, model, latencyMs: answer.latencyMs };
  return outcomeOfAnswer(answer);
}

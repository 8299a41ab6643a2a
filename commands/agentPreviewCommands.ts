/**
 * The dashboard's playground (docs/ai-agents.md, Playground): one model call with a chatbot's
 * agent, saved or about to be, on a conversation the caller keeps. Nothing is appended: no
 * session, no response, no webhook, no turn counted. The tokens are spent on the workspace's
 * own connection.
 */
import {
  budgetSpentPreview,
  type PreviewAnswer,
  previewAnswerOf,
  validatePreviewRequest,
} from '../domain/agent/agentPreview.js';
import { chatbotDecider, chatbotStream } from '../domain/chatbot/chatbot.js';
import { NotFoundError } from '../domain/errors.js';
import { budgetReachedBeforeCall } from './agentCallBudget.js';
import { type AgentModelDeps, callAgentModel } from './agentModelCall.js';
import type { AggregateStore } from './aggregateStore.js';
import { bodyObject } from './jsonBody.js';

export interface AgentPreviewDeps extends AgentModelDeps {
  aggregates: AggregateStore;
}

export class AgentPreviewCommands {
  constructor(private readonly deps: AgentPreviewDeps) {}

  /**
   * A connection that is gone (or another workspace's) is not a 404 here: the playground shows
   * what the visitor would get from such an agent, the model_error answer, with the reason.
   */
  async preview(
    chatbotId: string,
    body: unknown,
    workspaceId: string,
    onToken?: (text: string) => void,
  ): Promise<PreviewAnswer> {
    const request = validatePreviewRequest(bodyObject(body));
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    if (state.status !== 'active' || state.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
    const agent = request.agent ?? state.agent;
    if (!agent) throw new NotFoundError('This chatbot has no agent; send the settings to try as agent');
    const reached = await budgetReachedBeforeCall(this.deps, agent, workspaceId, this.deps.aggregates.now());
    if (reached) return budgetSpentPreview(reached);
    return previewAnswerOf(await callAgentModel(this.deps, agent, workspaceId, request.history, onToken));
  }
}

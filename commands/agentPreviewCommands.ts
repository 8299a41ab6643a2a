/**
 * The dashboard's playground (docs/ai-agents.md, Playground): one model call with a chatbot's
 * agent, saved or about to be, on a conversation the caller keeps. No session, no response, no
 * webhook, no turn counted: the one thing appended is the call's tokens (AgentPreviewAnswered),
 * which the workspace's monthly AI token budget counts like a visitor's turn. The tokens are
 * spent on the workspace's own connection.
 */
import {
  AGENT_PREVIEW_ANSWERED,
  type AgentPreviewAnsweredData,
  agentPreviewStream,
  previewAnsweredOf,
} from '../domain/agent/agentPreviewAnswered.js';
import {
  budgetSpentPreview,
  type PreviewAnswer,
  previewAnswerOf,
  validatePreviewRequest,
} from '../domain/agent/agentPreview.js';
import { chatbotDecider, chatbotStream } from '../domain/chatbot/chatbot.js';
import { NotFoundError } from '../domain/errors.js';
import type { EventStore } from '../infrastructure/eventStore/eventStore.js';
import { budgetReachedBeforeCall, type RecordedAiTokens } from './agentCallBudget.js';
import { type AgentModelDeps, callAgentModel } from './agentModelCall.js';
import type { AggregateStore } from './aggregateStore.js';
import { type CommandContext, metadataFor } from './commandContext.js';
import type { TurnsAheadOfViews } from './conversationCommands.js';
import { newId } from './ids.js';
import { bodyObject } from './jsonBody.js';

export interface AgentPreviewDeps extends AgentModelDeps {
  aggregates: AggregateStore;
  events: Pick<EventStore, 'append'>;
  aheadOfViews: TurnsAheadOfViews;
  aiTokens: RecordedAiTokens;
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
    ctx: CommandContext & { workspaceId: string },
    onToken?: (text: string) => void,
  ): Promise<PreviewAnswer> {
    const { workspaceId } = ctx;
    const request = validatePreviewRequest(bodyObject(body));
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    if (state.status !== 'active' || state.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
    const agent = request.agent ?? state.agent;
    if (!agent) throw new NotFoundError('This chatbot has no agent; send the settings to try as agent');
    const reached = await budgetReachedBeforeCall(this.deps, agent, workspaceId, this.deps.aggregates.now());
    if (reached) return budgetSpentPreview(reached);
    const outcome = await callAgentModel(this.deps, agent, workspaceId, request.history, onToken);
    const answered = previewAnsweredOf({ workspaceId, chatbotId }, outcome);
    if (answered) await this.record(answered, ctx);
    return previewAnswerOf(outcome);
  }

  /**
   * The answer does not wait for the views: the workspace's next reads wait for this write
   * instead (projections/writesAheadOfViews.ts), and the next budget check counts it at once.
   */
  private async record(data: AgentPreviewAnsweredData, ctx: CommandContext): Promise<void> {
    const at = this.deps.aggregates.now();
    const { position } = await this.deps.events.append(
      agentPreviewStream(newId()),
      [{ type: AGENT_PREVIEW_ANSWERED, data, metadata: metadataFor(ctx, at) }],
      { expectedRevision: 'no_stream' },
    );
    this.deps.aheadOfViews.note(data.workspaceId, position);
    this.deps.aiTokens.recorded(data.workspaceId, at, data.tokensIn + data.tokensOut);
  }
}

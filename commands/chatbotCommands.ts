/**
 * Chatbot commands. Create and duplicate take a slot on the workspace stream (the plan cap,
 * race-safe) and write the chatbot's own stream, in one append where the event store can and
 * one after the other where it cannot; delete releases the slot the same way and deletes the
 * chatbot's webhooks (a webhook belongs to one chatbot: docs/events.md) before it answers.
 */
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { workspaceStream, workspaceDecider } from '../domain/workspace/workspace.js';
import {
  chatbotStream,
  chatbotDecider,
  copyName,
  publishedFlow,
  validateChanges,
  validateDescription,
  validateName,
  type ChatbotEvent,
  type ChatbotState,
} from '../domain/chatbot/chatbot.js';
import { DEFAULT_FLOW } from '../domain/chatbot/flow.js';
import { type AgentSettings, validateAgentSettings } from '../domain/agent/agentSettings.js';
import { modelConnectionDecider, modelConnectionStream } from '../domain/modelConnections/modelConnection.js';
import { knowledgeSourceDecider, knowledgeSourceStream } from '../domain/knowledge/knowledgeSource.js';
import { checkFlowDocument, type FlowDocument, validateChatbotFlow } from '../domain/chatbot/flowDocument.js';
import type { AggregateStore, HandleResult } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import type { FlowSigningSecrets } from './flowSigningSecret.js';
import { newId } from './ids.js';
import { bodyObject } from './jsonBody.js';

/** What deleting a chatbot needs from the webhook side. */
export interface ChatbotWebhooks {
  removeAllOfChatbot(chatbotId: string, ctx: CommandContext): Promise<void>;
}

export interface ChatbotCommandsDeps {
  aggregates: AggregateStore;
  webhooks: ChatbotWebhooks;
  /** The secret each chatbot's flow signs its http calls with. */
  flowSigningSecrets: FlowSigningSecrets;
}

export class ChatbotCommands {
  constructor(private readonly deps: ChatbotCommandsDeps) {}

  /** Loads a chatbot of this workspace; another workspace's chatbot is reported as absent. */
  async loadOwned(chatbotId: string, workspaceId: string): Promise<ChatbotState> {
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    if (state.status !== 'active' || state.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
    return state;
  }

  /**
   * `newId`: the id to give the chatbot (api/external/idempotentIds.ts); when a chatbot of that id
   * exists already, an earlier run of the same request made it, and it is answered with
   * `recovered: true` instead of a second one being made.
   */
  async create(body: unknown, ctx: CommandContext & { workspaceId: string }, opts: { newId?: string } = {}) {
    const b = bodyObject(body);
    const name = validateName(b.name);
    const description = validateDescription(b.description);
    const flow = b.flow === undefined ? DEFAULT_FLOW : validateChatbotFlow(b.flow);
    return this.createWithSlot({ name, description, flow }, ctx, opts.newId);
  }

  async duplicate(chatbotId: string, ctx: CommandContext & { workspaceId: string }, opts: { newId?: string } = {}) {
    const original = await this.loadOwned(chatbotId, ctx.workspaceId);
    const { name, description, flow: draft } = original.fields;
    // The copy runs what the original runs (its agent too), and its author finds the same draft
    // to go on with.
    const { flow } = publishedFlow(original);
    const agent = original.agent ?? undefined;
    return this.createWithSlot(
      { name: copyName(name), description, flow, draft, duplicatedFrom: chatbotId, agent },
      ctx,
      opts.newId,
    );
  }

  /** The chatbot an earlier run with this preset id made, or null when there is none. */
  private async earlierCreate(chatbotId: string, workspaceId: string) {
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    if (state.status === 'none') return null;
    if (state.status !== 'active' || state.workspaceId !== workspaceId) {
      throw new ConflictError(
        'The chatbot an earlier request with this Idempotency-Key created has since been deleted; use a new key',
      );
    }
    return { chatbotId, state, at: null, recovered: true };
  }

  private async createWithSlot(
    fields: {
      name: string;
      description: string;
      flow: FlowDocument;
      draft?: FlowDocument;
      duplicatedFrom?: string;
      agent?: AgentSettings;
    },
    ctx: CommandContext & { workspaceId: string },
    presetId?: string,
  ): Promise<{ chatbotId: string; state: ChatbotState; at: string | null; recovered?: boolean }> {
    const earlier = presetId ? await this.earlierCreate(presetId, ctx.workspaceId) : null;
    if (earlier) return earlier;
    const chatbotId = presetId ?? newId();
    const slot = {
      streamId: workspaceStream(ctx.workspaceId),
      decider: workspaceDecider,
      command: { type: 'TakeChatbotSlot' as const, chatbotId },
    };
    const create = { type: 'CreateChatbot' as const, chatbotId, workspaceId: ctx.workspaceId, ...fields };
    // The slot and the chatbot in one append where the store can (one round trip, and no slot
    // is ever left without its chatbot).
    const together = await this.deps.aggregates.handleTogether(
      [slot, { streamId: chatbotStream(chatbotId), decider: chatbotDecider, command: create, newStream: true }],
      ctx,
    );
    if (together) {
      const made = together[1] as HandleResult<ChatbotState, ChatbotEvent>;
      return { chatbotId, state: made.state, at: made.occurredAt! };
    }
    // The chatbot's own append comes later in the log, so waiting for the views to include it
    // covers the slot too: one read-your-writes wait per create instead of two.
    await this.deps.aggregates.handle(slot.streamId, workspaceDecider, slot.command, ctx, { waitForViews: false });
    try {
      const { state, occurredAt } = await this.deps.aggregates.handle(
        chatbotStream(chatbotId),
        chatbotDecider,
        create,
        ctx,
        {
          newStream: true,
        },
      );
      return { chatbotId, state, at: occurredAt! };
    } catch (err) {
      // The slot was taken for this chatbot only. (A process that dies right here leaves it to
      // the claim reconciler.)
      await this.deps.aggregates.handle(
        slot.streamId,
        workspaceDecider,
        { type: 'ReleaseChatbotSlot', chatbotId },
        ctx,
      );
      throw err;
    }
  }

  /**
   * Gives the chatbot an AI agent, or replaces its settings. The connection must be one of the
   * workspace's (another's is "not found", as if it did not exist).
   */
  async setAgent(chatbotId: string, body: unknown, ctx: CommandContext & { workspaceId: string }) {
    const agent = validateAgentSettings(bodyObject(body));
    await this.loadOwned(chatbotId, ctx.workspaceId);
    const connection = (
      await this.deps.aggregates.load(modelConnectionStream(agent.connectionId), modelConnectionDecider)
    ).state;
    if (connection.status !== 'active' || connection.workspaceId !== ctx.workspaceId)
      throw new NotFoundError('Model connection not found');
    for (const sourceId of agent.knowledge?.sourceIds ?? []) {
      const source = (await this.deps.aggregates.load(knowledgeSourceStream(sourceId), knowledgeSourceDecider)).state;
      if (source.status === 'none' || source.status === 'deleted' || source.workspaceId !== ctx.workspaceId)
        throw new NotFoundError(`Knowledge source ${sourceId} not found`, 'KNOWLEDGE_SOURCE_NOT_FOUND');
    }
    const { state } = await this.deps.aggregates.handle(
      chatbotStream(chatbotId),
      chatbotDecider,
      { type: 'SetAgent', agent, workspaceId: ctx.workspaceId },
      ctx,
    );
    return state.agent!;
  }

  /** Makes the chatbot a flow bot again. */
  async removeAgent(chatbotId: string, ctx: CommandContext & { workspaceId: string }): Promise<void> {
    await this.deps.aggregates.handle(
      chatbotStream(chatbotId),
      chatbotDecider,
      { type: 'RemoveAgent', workspaceId: ctx.workspaceId },
      ctx,
    );
  }

  /** Returns the chatbot as updated and when (null: nothing changed). */
  async update(chatbotId: string, body: unknown, ctx: CommandContext & { workspaceId: string }) {
    const changes = validateChanges(bodyObject(body));
    await this.loadOwned(chatbotId, ctx.workspaceId);
    const { state, occurredAt } = await this.deps.aggregates.handle(
      chatbotStream(chatbotId),
      chatbotDecider,
      { type: 'UpdateChatbot', changes, now: this.deps.aggregates.now(), workspaceId: ctx.workspaceId },
      ctx,
    );
    return { state, at: occurredAt };
  }

  /** Saves the draft: checked as a whole (400 INVALID_FLOW), kept as written, with its warnings. */
  async saveFlowDraft(chatbotId: string, raw: unknown, ctx: CommandContext & { workspaceId: string }) {
    const { flow, warnings } = checkFlowDocument(raw);
    await this.deps.aggregates.handle(
      chatbotStream(chatbotId),
      chatbotDecider,
      { type: 'SaveFlowDraft', flow, workspaceId: ctx.workspaceId },
      ctx,
    );
    return { flow, warnings };
  }

  /** The secret this workspace's chatbot signs its flow's http calls with. */
  async flowSigningSecret(chatbotId: string, workspaceId: string): Promise<string> {
    await this.loadOwned(chatbotId, workspaceId);
    return this.deps.flowSigningSecrets(chatbotId);
  }

  /** Publishes the draft, or version `republish` again as a new version. */
  async publishFlow(chatbotId: string, republish: number | undefined, ctx: CommandContext & { workspaceId: string }) {
    const { events } = await this.deps.aggregates.handle(
      chatbotStream(chatbotId),
      chatbotDecider,
      { type: 'PublishFlow', now: this.deps.aggregates.now(), republish, workspaceId: ctx.workspaceId },
      ctx,
    );
    const done = (events as ChatbotEvent[]).find((e) => e.type === 'ChatbotFlowPublished');
    if (!done) throw new Error('publishing appended no version');
    return { version: done.data.version, publishedAt: done.data.publishedAt };
  }

  /**
   * The chatbot and its plan slot go in one append where the store can, so no fault between two
   * writes can leave the slot taken by a deleted chatbot. Its webhooks follow. A delete of a
   * chatbot already deleted (a retry after a 503 whose first attempt had got through) finishes
   * what that attempt may not have, then answers 404 as before.
   */
  async delete(chatbotId: string, ctx: CommandContext & { workspaceId: string }) {
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    if (state.workspaceId !== ctx.workspaceId || state.status === 'none') throw new NotFoundError('Chatbot not found');
    const release = {
      streamId: workspaceStream(ctx.workspaceId),
      decider: workspaceDecider,
      command: { type: 'ReleaseChatbotSlot' as const, chatbotId },
    };
    if (state.status === 'deleted') {
      await this.deps.aggregates.handle(release.streamId, workspaceDecider, release.command, ctx);
      await this.deps.webhooks.removeAllOfChatbot(chatbotId, ctx);
      throw new NotFoundError('Chatbot not found');
    }
    const remove = {
      streamId: chatbotStream(chatbotId),
      decider: chatbotDecider,
      command: { type: 'DeleteChatbot' as const, workspaceId: ctx.workspaceId },
    };
    if (!(await this.deps.aggregates.handleTogether([remove, release], ctx))) {
      await this.deps.aggregates.handle(remove.streamId, chatbotDecider, remove.command, ctx);
      await this.deps.aggregates.handle(release.streamId, workspaceDecider, release.command, ctx);
    }
    await this.deps.webhooks.removeAllOfChatbot(chatbotId, ctx);
  }
}

/**
 * Chatbot commands. Create and duplicate first take a slot on the workspace stream (the plan
 * cap, race-safe), then write the chatbot's own stream; delete releases the slot.
 */
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import { decideWorkspace } from '../domain/workspace/workspace.js';
import {
  copyName,
  decideChatbot,
  evolveChatbot,
  initialChatbotState,
  validateChanges,
  validateDescription,
  validateName,
  type ChatbotState,
} from '../domain/chatbot/chatbot.js';
import { DEFAULT_FLOW, validateFlow } from '../domain/chatbot/flow.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { workspaceAggregate } from './workspaceCommands.js';
import { newId } from './ids.js';

export const chatbotAggregate = { initial: initialChatbotState, evolve: evolveChatbot };

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError('request body must be a JSON object');
  return body as Record<string, unknown>;
}

export class ChatbotCommands {
  constructor(private readonly aggregates: AggregateStore) {}

  /** Loads a chatbot of this workspace; another workspace's chatbot is reported as absent. */
  async loadOwned(chatbotId: string, workspaceId: string): Promise<ChatbotState> {
    const { state } = await this.aggregates.load(`chatbot-${chatbotId}`, chatbotAggregate);
    if (state.status !== 'active' || state.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
    return state;
  }

  async create(body: unknown, ctx: CommandContext & { workspaceId: string }) {
    const b = bodyObject(body);
    const name = validateName(b.name);
    const description = validateDescription(b.description);
    const flow = b.flow === undefined ? DEFAULT_FLOW : validateFlow(b.flow);
    return this.createWithSlot({ name, description, flow }, ctx);
  }

  async duplicate(chatbotId: string, ctx: CommandContext & { workspaceId: string }) {
    const original = await this.loadOwned(chatbotId, ctx.workspaceId);
    const { name, description, flow } = original.fields;
    return this.createWithSlot({ name: copyName(name), description, flow, duplicatedFrom: chatbotId }, ctx);
  }

  private async createWithSlot(
    fields: { name: string; description: string; flow: typeof DEFAULT_FLOW; duplicatedFrom?: string },
    ctx: CommandContext & { workspaceId: string },
  ) {
    const chatbotId = newId();
    await this.aggregates.handle(`workspace-${ctx.workspaceId}`, workspaceAggregate, (s) => {
      if (!s.exists) throw new ForbiddenError('Workspace not found');
      return decideWorkspace({ type: 'TakeChatbotSlot', chatbotId }, s);
    }, ctx);
    const { state } = await this.aggregates.handle(`chatbot-${chatbotId}`, chatbotAggregate, (s) =>
      decideChatbot({ type: 'CreateChatbot', chatbotId, workspaceId: ctx.workspaceId, ...fields }, s), ctx);
    return { chatbotId, state };
  }

  async update(chatbotId: string, body: unknown, ctx: CommandContext & { workspaceId: string }) {
    const changes = validateChanges(bodyObject(body));
    await this.loadOwned(chatbotId, ctx.workspaceId);
    await this.aggregates.handle(`chatbot-${chatbotId}`, chatbotAggregate, (s) => {
      if (s.workspaceId !== ctx.workspaceId) throw new NotFoundError('Chatbot not found');
      return decideChatbot({ type: 'UpdateChatbot', changes }, s);
    }, ctx);
  }

  async delete(chatbotId: string, ctx: CommandContext & { workspaceId: string }) {
    await this.loadOwned(chatbotId, ctx.workspaceId);
    await this.aggregates.handle(`chatbot-${chatbotId}`, chatbotAggregate, (s) => {
      if (s.workspaceId !== ctx.workspaceId) throw new NotFoundError('Chatbot not found');
      return decideChatbot({ type: 'DeleteChatbot' }, s);
    }, ctx);
    await this.aggregates.handle(`workspace-${ctx.workspaceId}`, workspaceAggregate, (s) => decideWorkspace({ type: 'ReleaseChatbotSlot', chatbotId }, s), ctx);
  }
}

/**
 * The chatbot aggregate (stream `chatbot-<id>`). The plan cap is decided by the workspace
 * aggregate; this one owns the chatbot's own fields and lifecycle, and its flow: a draft the
 * author edits and the versions published from it (docs/flows.md, Versions). Conversations start
 * on the newest published version.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { DEFAULT_FLOW } from './flow.js';
import { type FlowDocument, refuseUnrunnableSteps, validateChatbotFlow } from './flowDocument.js';
import { charLength } from '../charLength.js';
import { refuseControlCharacters, refuseControlCharactersInParagraphs } from '../controlCharacters.js';
import { unhandled } from '../unhandled.js';
import { type AgentSettings, agentWithDefaults } from '../agent/agentSettings.js';

export const MAX_CHATBOT_NAME = 100;
export const MAX_CHATBOT_DESCRIPTION = 2000;

export interface ChatbotFields {
  name: string;
  description: string;
  disabled: boolean;
  /** The draft. */
  flow: FlowDocument;
}

export type ChatbotEvent =
  | DomainEvent<
      'ChatbotCreated',
      {
        chatbotId: string;
        workspaceId: string;
        name: string;
        description: string;
        /** The draft and published version 1. */
        flow: FlowDocument;
        duplicatedFrom?: string;
      }
    >
  /** `changes.flow` (written before versions existed): saved as the draft and published. */
  | DomainEvent<'ChatbotUpdated', { chatbotId: string; changes: Partial<ChatbotFields> }>
  | DomainEvent<'ChatbotFlowDraftSaved', { chatbotId: string; flow: FlowDocument }>
  | DomainEvent<
      'ChatbotFlowPublished',
      {
        chatbotId: string;
        version: number;
        /** The whole flow, so a version is read from its own event. */
        flow: FlowDocument;
        publishedAt: string;
        /** The earlier version published again (a rollback). */
        republishedFrom?: number;
      }
    >
  | DomainEvent<'ChatbotDeleted', { chatbotId: string; workspaceId: string }>
  /** The chatbot answers with this AI agent instead of its flow (docs/ai-agents.md, Agents). */
  | DomainEvent<'ChatbotAgentSet', { chatbotId: string; agent: AgentSettings }>
  /** Back to its flow. */
  | DomainEvent<'ChatbotAgentRemoved', { chatbotId: string }>;

export interface ChatbotState {
  status: 'none' | 'active' | 'deleted';
  chatbotId: string | null;
  workspaceId: string | null;
  fields: ChatbotFields;
  /** Published flows, version n at index n - 1; the last one is what new conversations run. */
  versions: FlowDocument[];
  /** The AI agent that answers instead of the flow; null: a flow bot. */
  agent: AgentSettings | null;
}

export const initialChatbotState: ChatbotState = {
  status: 'none',
  chatbotId: null,
  workspaceId: null,
  fields: { name: '', description: '', disabled: false, flow: DEFAULT_FLOW },
  versions: [],
  agent: null,
};

/** The version new conversations start on. */
export function publishedFlow(state: ChatbotState): { version: number; flow: FlowDocument } {
  return { version: state.versions.length, flow: state.versions.at(-1) ?? state.fields.flow };
}

export type ChatbotCommand =
  | {
      type: 'CreateChatbot';
      chatbotId: string;
      workspaceId: string;
      name: string;
      description: string;
      /** Published as version 1. */
      flow: FlowDocument;
      /** A draft that differs from the published flow (a duplicate's). */
      draft?: FlowDocument;
      duplicatedFrom?: string;
      /** The agent it answers with from the start (a duplicate's, which a flow's ai step may need). */
      agent?: AgentSettings;
    }
  /**
   * workspaceId, when given, must own the chatbot: another workspace's chatbot is "not found".
   * A flow among the changes is saved as the draft and published at `now`.
   */
  | { type: 'UpdateChatbot'; changes: Partial<ChatbotFields>; now: Date; workspaceId?: string }
  | { type: 'SaveFlowDraft'; flow: FlowDocument; workspaceId?: string }
  /** Publishes the draft, or with `republish` that earlier version again as a new one. */
  | { type: 'PublishFlow'; now: Date; republish?: number; workspaceId?: string }
  | { type: 'DeleteChatbot'; workspaceId?: string }
  | { type: 'SetAgent'; agent: AgentSettings; workspaceId?: string }
  | { type: 'RemoveAgent'; workspaceId?: string };

/** Characters as a user counts them (code points, as the request schema does): an emoji is one. */

export function validateName(raw: unknown): string {
  if (typeof raw !== 'string') throw new ValidationError('name is required and must be a string', 'name');
  const name = raw.trim();
  if (!name) throw new ValidationError('name must not be empty', 'name');
  if (charLength(name) > MAX_CHATBOT_NAME)
    throw new ValidationError(`name must be at most ${MAX_CHATBOT_NAME} characters`, 'name');
  return refuseControlCharacters(name, 'name');
}

export function validateDescription(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new ValidationError('description must be a string', 'description');
  if (charLength(raw) > MAX_CHATBOT_DESCRIPTION)
    throw new ValidationError(`description must be at most ${MAX_CHATBOT_DESCRIPTION} characters`, 'description');
  return refuseControlCharactersInParagraphs(raw, 'description');
}

/** Validates an update body: only given fields change. */
export function validateChanges(body: Record<string, unknown>): Partial<ChatbotFields> {
  const changes: Partial<ChatbotFields> = {};
  if (body.name !== undefined) changes.name = validateName(body.name);
  if (body.description !== undefined) changes.description = validateDescription(body.description);
  if (body.disabled !== undefined) {
    if (typeof body.disabled !== 'boolean') throw new ValidationError('disabled must be a boolean', 'disabled');
    changes.disabled = body.disabled;
  }
  if (body.flow !== undefined) changes.flow = validateChatbotFlow(body.flow);
  return changes;
}

/** The name a duplicate gets; trimmed so the copy still respects the 100-character rule. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  const chars = [...name];
  return chars.length + suffix.length <= MAX_CHATBOT_NAME
    ? name + suffix
    : chars.slice(0, MAX_CHATBOT_NAME - suffix.length).join('') + suffix;
}

export function decideChatbot(command: ChatbotCommand, state: ChatbotState): ChatbotEvent[] {
  if (command.type === 'CreateChatbot') {
    if (state.status !== 'none') throw new ConflictError('Chatbot already exists');
    refuseUnrunnableSteps(command.flow, command.agent !== undefined);
    const { type: _t, draft, agent, ...data } = command;
    const events: ChatbotEvent[] = [{ type: 'ChatbotCreated', data }];
    if (draft !== undefined && !sameFlow(draft, data.flow))
      events.push({ type: 'ChatbotFlowDraftSaved', data: { chatbotId: data.chatbotId, flow: draft } });
    if (agent !== undefined) events.push({ type: 'ChatbotAgentSet', data: { chatbotId: data.chatbotId, agent } });
    return events;
  }
  if (state.status !== 'active') throw new NotFoundError('Chatbot not found');
  if (command.workspaceId !== undefined && command.workspaceId !== state.workspaceId)
    throw new NotFoundError('Chatbot not found');
  switch (command.type) {
    case 'UpdateChatbot': {
      const { flow, ...others } = command.changes;
      const events: ChatbotEvent[] = [];
      if (Object.keys(others).length > 0)
        events.push({ type: 'ChatbotUpdated', data: { chatbotId: state.chatbotId!, changes: others } });
      if (flow !== undefined) {
        refuseUnrunnableSteps(flow, state.agent !== null);
        events.push({ type: 'ChatbotFlowDraftSaved', data: { chatbotId: state.chatbotId!, flow } });
        events.push(published(state, flow, command.now));
      }
      return events;
    }
    case 'SaveFlowDraft':
      return [{ type: 'ChatbotFlowDraftSaved', data: { chatbotId: state.chatbotId!, flow: command.flow } }];
    case 'PublishFlow': {
      const from = command.republish;
      if (from === undefined) {
        refuseUnrunnableSteps(state.fields.flow, state.agent !== null);
        return [published(state, state.fields.flow, command.now)];
      }
      const flow = state.versions[from - 1];
      if (!Number.isInteger(from) || from < 1 || flow === undefined) throw new NotFoundError('Flow version not found');
      refuseUnrunnableSteps(flow, state.agent !== null);
      return [published(state, flow, command.now, from)];
    }
    case 'DeleteChatbot':
      return [{ type: 'ChatbotDeleted', data: { chatbotId: state.chatbotId!, workspaceId: state.workspaceId! } }];
    case 'SetAgent':
      if (JSON.stringify(state.agent) === JSON.stringify(command.agent)) return [];
      return [{ type: 'ChatbotAgentSet', data: { chatbotId: state.chatbotId!, agent: command.agent } }];
    case 'RemoveAgent':
      if (state.agent === null) throw new NotFoundError('This chatbot has no agent');
      return [{ type: 'ChatbotAgentRemoved', data: { chatbotId: state.chatbotId! } }];
    default:
      return unhandled(command);
  }
}

export function evolveChatbot(state: ChatbotState, event: ChatbotEvent): ChatbotState {
  switch (event.type) {
    case 'ChatbotCreated':
      return {
        status: 'active',
        chatbotId: event.data.chatbotId,
        workspaceId: event.data.workspaceId,
        fields: { name: event.data.name, description: event.data.description, disabled: false, flow: event.data.flow },
        versions: [event.data.flow],
        agent: null,
      };
    case 'ChatbotUpdated': {
      const { flow } = event.data.changes;
      const versions = flow === undefined ? state.versions : [...state.versions, flow];
      return { ...state, fields: { ...state.fields, ...event.data.changes }, versions };
    }
    case 'ChatbotFlowDraftSaved':
      return { ...state, fields: { ...state.fields, flow: event.data.flow } };
    case 'ChatbotFlowPublished':
      return { ...state, versions: [...state.versions, event.data.flow] };
    case 'ChatbotDeleted':
      return { ...state, status: 'deleted' };
    case 'ChatbotAgentSet':
      // An agent set before a handoff field existed reads with that field's default.
      return { ...state, agent: agentWithDefaults(event.data.agent) };
    case 'ChatbotAgentRemoved':
      return { ...state, agent: null };
    default:
      return state;
  }
}

function published(state: ChatbotState, flow: FlowDocument, now: Date, republishedFrom?: number): ChatbotEvent {
  return {
    type: 'ChatbotFlowPublished',
    data: {
      chatbotId: state.chatbotId!,
      version: state.versions.length + 1,
      flow,
      publishedAt: now.toISOString(),
      ...(republishedFrom === undefined ? {} : { republishedFrom }),
    },
  };
}

const sameFlow = (a: FlowDocument, b: FlowDocument): boolean => JSON.stringify(a) === JSON.stringify(b);

export const chatbotDecider: Decider<ChatbotCommand, ChatbotState, ChatbotEvent> = {
  decide: decideChatbot,
  evolve: evolveChatbot,
  initialState: initialChatbotState,
};

export const chatbotStream = (chatbotId: string): string => `chatbot-${chatbotId}`;

/**
 * The chatbot aggregate (stream `chatbot-<id>`). The plan cap is decided by the workspace
 * aggregate; this one owns the chatbot's own fields and lifecycle.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { DEFAULT_FLOW, type Flow, validateFlow } from './flow.js';
import { charLength } from '../charLength.js';
import { refuseControlCharacters, refuseControlCharactersInParagraphs } from '../controlCharacters.js';
import { unhandled } from '../unhandled.js';

export const MAX_CHATBOT_NAME = 100;
export const MAX_CHATBOT_DESCRIPTION = 2000;

export interface ChatbotFields {
  name: string;
  description: string;
  disabled: boolean;
  flow: Flow;
}

export type ChatbotEvent =
  | DomainEvent<
      'ChatbotCreated',
      { chatbotId: string; workspaceId: string; name: string; description: string; flow: Flow; duplicatedFrom?: string }
    >
  | DomainEvent<'ChatbotUpdated', { chatbotId: string; changes: Partial<ChatbotFields> }>
  | DomainEvent<'ChatbotDeleted', { chatbotId: string; workspaceId: string }>;

export interface ChatbotState {
  status: 'none' | 'active' | 'deleted';
  chatbotId: string | null;
  workspaceId: string | null;
  fields: ChatbotFields;
}

export const initialChatbotState: ChatbotState = {
  status: 'none',
  chatbotId: null,
  workspaceId: null,
  fields: { name: '', description: '', disabled: false, flow: DEFAULT_FLOW },
};

export type ChatbotCommand =
  | {
      type: 'CreateChatbot';
      chatbotId: string;
      workspaceId: string;
      name: string;
      description: string;
      flow: Flow;
      duplicatedFrom?: string;
    }
  /** workspaceId, when given, must own the chatbot: another workspace's chatbot is "not found". */
  | { type: 'UpdateChatbot'; changes: Partial<ChatbotFields>; workspaceId?: string }
  | { type: 'DeleteChatbot'; workspaceId?: string };

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
  if (body.flow !== undefined) changes.flow = validateFlow(body.flow);
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
    const { type: _t, ...data } = command;
    return [{ type: 'ChatbotCreated', data }];
  }
  if (state.status !== 'active') throw new NotFoundError('Chatbot not found');
  if (command.workspaceId !== undefined && command.workspaceId !== state.workspaceId)
    throw new NotFoundError('Chatbot not found');
  switch (command.type) {
    case 'UpdateChatbot':
      return Object.keys(command.changes).length === 0
        ? []
        : [{ type: 'ChatbotUpdated', data: { chatbotId: state.chatbotId!, changes: command.changes } }];
    case 'DeleteChatbot':
      return [{ type: 'ChatbotDeleted', data: { chatbotId: state.chatbotId!, workspaceId: state.workspaceId! } }];
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
      };
    case 'ChatbotUpdated':
      return { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'ChatbotDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export const chatbotDecider: Decider<ChatbotCommand, ChatbotState, ChatbotEvent> = {
  decide: decideChatbot,
  evolve: evolveChatbot,
  initialState: initialChatbotState,
};

export const chatbotStream = (chatbotId: string): string => `chatbot-${chatbotId}`;

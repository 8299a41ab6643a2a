/**
 * Events of the conversation aggregate (stream `conversation-<sessionId>`). They carry every
 * field the public webhook payloads need (docs/events.md), so the dispatcher
 * maps them without reading anything else.
 */
import type { DomainEvent } from '../event.js';
import type { Flow } from '../chatbot/flow.js';

export type Resolution = 'escalated' | 'resolved' | 'ended';

export interface TranscriptEntry {
  type: 'bot' | 'user';
  message: string;
  at: string;
}

export type ConversationStarted = DomainEvent<
  'ConversationStarted',
  {
    sessionId: string;
    chatbotId: string;
    workspaceId: string;
    chatbotName: string;
    /** Set instead of chatbotName semantics for AI-agent conversations. */
    aiAgent: string | null;
    visitorId: string;
    channel: string;
    customData: Record<string, string>;
    user: { id?: string; email?: string; name?: string } | null;
    /** Bot messages sent on start (greeting up to the first question). */
    messages: TranscriptEntry[];
    /** The chatbot's flow when the session started: an edit later does not derail a running conversation. */
    flow: Flow;
    startedAt: string;
  }
>;

/** The first visitor message: the response record is born (`response.created`). */
export type ResponseCreated = DomainEvent<
  'ResponseCreated',
  { sessionId: string; responseId: string; chatbotId: string; workspaceId: string; visitorId: string; chatDate: string }
>;

/** Visitor message and bot replies, with the answers captured so far. */
export type MessagesRecorded = DomainEvent<
  'MessagesRecorded',
  {
    sessionId: string;
    responseId: string;
    chatbotId: string;
    workspaceId: string;
    entries: TranscriptEntry[];
    /** The full answer map after this turn. */
    answerVariables: Record<string, string>;
    turnCount: number;
  }
>;

/** A later visitor message modified the response record (`response.updated`). */
export type ResponseUpdated = DomainEvent<
  'ResponseUpdated',
  { sessionId: string; responseId: string; chatbotId: string; workspaceId: string; updatedAt: string }
>;

export type ConversationCompleted = DomainEvent<
  'ConversationCompleted',
  {
    sessionId: string;
    chatbotId: string;
    workspaceId: string;
    responseId: string | null;
    resolution: Resolution;
    escalationReason: string | null;
    /** Whole seconds from start to completion. */
    duration: number;
    /** Number of visitor messages. */
    turnCount: number;
    completedAt: string;
  }
>;

export type ConversationEvent =
  | ConversationStarted
  | ResponseCreated
  | MessagesRecorded
  | ResponseUpdated
  | ConversationCompleted;

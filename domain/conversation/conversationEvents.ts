/**
 * Events of the conversation aggregate (stream `conversation-<sessionId>`). They carry every
 * field the public webhook payloads need (docs/events.md), so the dispatcher
 * maps them without reading anything else.
 */
import type { DomainEvent } from '../event.js';
import type { FlowDocument } from '../chatbot/flowDocument.js';
import type { FlowState } from '../flow/flowInterpreter.js';

export type Resolution = 'escalated' | 'resolved' | 'ended';

/** A document an AI answer cites, as the record shows it: `ref` is its number in the answer's `[n]`. */
export type EntrySource = { ref: number; sourceId: string; title: string; url: string | null };

export interface TranscriptEntry {
  type: 'bot' | 'user';
  message: string;
  at: string;
  /** On a model's answer of an agent with knowledge (only): the documents it cites, in citation order (none: []). */
  sources?: EntrySource[];
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
    /** The published flow the session started on: a publish later does not derail a running conversation. */
    flow: FlowDocument;
    /** Its version (absent on sessions started before versions). */
    flowVersion?: number;
    /** Where the flow stands after the greeting (absent on sessions started before the flow engine). */
    flowState?: FlowState;
    /** The steps the greeting passed. */
    path?: string[];
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
    /** Where the flow stands after this turn (absent on turns recorded before the flow engine). */
    flowState?: FlowState;
    /** The steps this turn passed. */
    path?: string[];
  }
>;

/**
 * What an http step of the flow got, and what the flow said after it. Kept whole enough that
 * the conversation can be replayed against another flow without calling the service again.
 */
export type FlowHttpAnswered = DomainEvent<
  'FlowHttpAnswered',
  {
    sessionId: string;
    chatbotId: string;
    workspaceId: string;
    /** Null while the visitor has not written yet (the call came in the greeting). */
    responseId: string | null;
    stepId: string;
    /** The response status; null when no response came (a refused address, a timeout). */
    status: number | null;
    /** Why the call failed, when it did. */
    error: string | null;
    /** The response's JSON when it was JSON and at most FLOW_HTTP_KEPT_JSON characters long. */
    json?: unknown;
    /** The variables the step's `save` set, as stored. */
    saved: Record<string, string>;
    /** The bot's messages after the call. */
    entries: TranscriptEntry[];
    flowState: FlowState;
    path: string[];
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

/** A passage a model call was given, with its retrieval score (docs/knowledge.md, Provenance). */
export type ProvenanceChunk = { chunkId: string; sourceId: string; score: number };

/** What an AI answer was built from (docs/knowledge.md, Provenance). */
export type AnswerProvenance = {
  /** The first 16 hex digits of the SHA-256 of the agent's instructions at the time. */
  instructionsVersion: string;
  /** The queries the knowledge was searched with, in order. */
  searches: string[];
  /** Every passage the model was given, best first per search. */
  chunks: ProvenanceChunk[];
  /** The sources the answer cites ([n] markers), in citation order. */
  citedSourceIds: string[];
};

/** The agent's model answered a visitor message (docs/ai-agents.md, A turn). */
export type AgentAnswered = DomainEvent<
  'AgentAnswered',
  {
    sessionId: string;
    chatbotId: string;
    workspaceId: string;
    responseId: string;
    model: string;
    tokensIn: number;
    tokensOut: number;
    latencyMs: number;
    finishReason: string;
    /** The tool the model called (handoff, end_conversation), if any. */
    toolCall: string | null;
    /** The handoff's summary for the person taking over. */
    handoffSummary?: string;
    /** Present on answers of agents with knowledge sources. */
    provenance?: AnswerProvenance;
    /** Where the answer's words are in the record; null when it had none (absent before provenance). */
    messageIndex?: number | null;
  }
>;

/** What the agent did with a question its knowledge had nothing for. */
export type NoKnowledgeAction = 'clarified' | 'handed_off' | 'answered_without_source';

/**
 * A visitor's question found no passage in the agent's sources (docs/knowledge.md, No source, no
 * guess): listed for the business as an unanswered question.
 */
export type KnowledgeNotFound = DomainEvent<
  'KnowledgeNotFound',
  {
    sessionId: string;
    chatbotId: string;
    workspaceId: string;
    responseId: string;
    question: string;
    action: NoKnowledgeAction;
    askedAt: string;
  }
>;

/**
 * The agent could not answer (docs/ai-agents.md, Failures), or reached its turn limit; never
 * holds a key or a secret: `detail` is the plain-words account of what the provider did.
 */
export type AgentFailed = DomainEvent<
  'AgentFailed',
  {
    sessionId: string;
    chatbotId: string;
    workspaceId: string;
    responseId: string;
    error: string;
    detail: string;
    model: string | null;
    latencyMs: number | null;
  }
>;

export type ConversationEvent =
  | AgentAnswered
  | KnowledgeNotFound
  | AgentFailed
  | ConversationStarted
  | ResponseCreated
  | MessagesRecorded
  | ResponseUpdated
  | FlowHttpAnswered
  | ConversationCompleted;

/**
 * `responses`: one document per response record (docs/external-api.md, Response), built from the
 * conversation events, plus `chat_sessions`, which holds what a session started with (greeting,
 * customData, user) until the first visitor message turns it into a response record.
 * Also keeps the chatbot's responseCount, without resurrecting a deleted chatbot.
 */
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import type {
  AnswerProvenance,
  ConversationCompleted,
  ConversationStarted,
  TranscriptEntry,
} from '../../domain/conversation/conversationEvents.js';
import { defineProjection } from '../projection.js';
import { CHATBOTS } from './chatbotsView.js';

export const RESPONSES = collection<ResponseDoc>('responses');
export const CHAT_SESSIONS = collection<ChatSessionDoc>('chat_sessions');

export interface ChatSessionDoc {
  id: string;
  chatbotId: string;
  workspaceId: string;
  visitorId: string;
  channel: string;
  customData: Record<string, string>;
  user: ConversationStarted['data']['user'];
  messages: TranscriptEntry[];
  startedAt: string;
  responseId: string | null;
  status: 'active' | 'completed';
  /** The flow version and AI agent the session started on, copied to its response record. */
  flowVersion?: number | null;
  aiAgent?: string | null;
  [key: string]: unknown;
}

export interface ResponseDoc {
  /** The response id (`_id` in the API). */
  id: string;
  chatbotId: string;
  workspaceId: string;
  chatSessionId: string;
  visitorId: string;
  channel: string;
  chatDate: string;
  record: TranscriptEntry[];
  answerVariables: Record<string, string>;
  customData: Record<string, string>;
  user: ChatSessionDoc['user'];
  turnCount: number;
  status: 'active' | 'completed';
  resolution: ConversationCompleted['data']['resolution'] | null;
  escalationReason: string | null;
  /** An AI agent's handoff summary for the person taking over (docs/ai-agents.md, Handoff). */
  handoffSummary?: string;
  /** What each AI answer was built from, by its place in the record (docs/knowledge.md, Provenance). */
  provenance?: AnswerProvenanceDoc[];
  updatedAt: string;
  completedAt: string | null;
  /** The published flow version the conversation ran on (null: started before versions). */
  flowVersion?: number | null;
  /** The AI agent's name in an AI-agent conversation. */
  aiAgent?: string | null;
  [key: string]: unknown;
}

/** One AI answer's provenance as kept: its call's facts and what it was given and cites. */
export interface AnswerProvenanceDoc {
  messageIndex: number;
  model: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  /** Absent on answers of agents without knowledge sources. */
  knowledge: AnswerProvenance | null;
}

async function countResponse(tx: ReadStoreWriter, chatbotId: string): Promise<void> {
  // increment() would create a chatbot document that was deleted; count only one that exists.
  if (await tx.get(CHATBOTS, chatbotId)) await tx.increment(CHATBOTS, chatbotId, 'responseCount', 1);
}

export const responsesView = defineProjection(
  'responses',
  [
    { name: RESPONSES.name, indexes: [['chatbotId', 'chatDate']] },
    { name: CHAT_SESSIONS.name, indexes: [] },
  ],
  {
    async ConversationStarted(e, tx) {
      const d = e.data;
      const doc: ChatSessionDoc = {
        id: d.sessionId,
        chatbotId: d.chatbotId,
        workspaceId: d.workspaceId,
        visitorId: d.visitorId,
        channel: d.channel,
        customData: d.customData ?? {},
        user: d.user ?? null,
        messages: d.messages,
        startedAt: d.startedAt,
        responseId: null,
        status: 'active',
        flowVersion: d.flowVersion ?? null,
        aiAgent: d.aiAgent ?? null,
      };
      await tx.upsert(CHAT_SESSIONS, doc);
    },

    async ResponseCreated(e, tx) {
      const d = e.data;
      const session = await tx.get(CHAT_SESSIONS, d.sessionId);
      const doc: ResponseDoc = {
        id: d.responseId,
        chatbotId: d.chatbotId,
        workspaceId: d.workspaceId,
        chatSessionId: d.sessionId,
        visitorId: d.visitorId,
        channel: session?.channel ?? 'web',
        chatDate: d.chatDate,
        record: session?.messages ?? [],
        answerVariables: {},
        customData: session?.customData ?? {},
        user: session?.user ?? null,
        turnCount: 0,
        status: 'active',
        resolution: null,
        escalationReason: null,
        updatedAt: d.chatDate,
        completedAt: null,
        flowVersion: session?.flowVersion ?? null,
        aiAgent: session?.aiAgent ?? null,
      };
      await tx.upsert(RESPONSES, doc);
      await tx.patch(CHAT_SESSIONS, d.sessionId, { responseId: d.responseId });
      await countResponse(tx, d.chatbotId);
    },

    async MessagesRecorded(e, tx) {
      const d = e.data;
      const doc = await tx.get(RESPONSES, d.responseId);
      if (!doc) return;
      await tx.patch(RESPONSES, d.responseId, {
        record: [...doc.record, ...d.entries],
        answerVariables: d.answerVariables,
        turnCount: d.turnCount,
        updatedAt: d.entries[d.entries.length - 1]?.at ?? doc.updatedAt,
      });
    },

    // The bot's messages after a flow's http call: in the record once there is one, before that
    // in the greeting the record will start with.
    async FlowHttpAnswered(e, tx) {
      const d = e.data;
      if (!d.responseId) {
        const session = await tx.get(CHAT_SESSIONS, d.sessionId);
        if (session) await tx.patch(CHAT_SESSIONS, d.sessionId, { messages: [...session.messages, ...d.entries] });
        return;
      }
      const doc = await tx.get(RESPONSES, d.responseId);
      if (!doc) return;
      await tx.patch(RESPONSES, d.responseId, {
        record: [...doc.record, ...d.entries],
        answerVariables: d.flowState.variables,
      });
    },

    async ResponseUpdated(e, tx) {
      const d = e.data;
      await tx.patch(RESPONSES, d.responseId, { updatedAt: d.updatedAt });
    },

    async AgentAnswered(e, tx) {
      const d = e.data;
      if (d.handoffSummary !== undefined) await tx.patch(RESPONSES, d.responseId, { handoffSummary: d.handoffSummary });
      // Answers recorded before provenance do not say where they are in the record.
      if (d.messageIndex === undefined || d.messageIndex === null) return;
      const doc = await tx.get(RESPONSES, d.responseId);
      if (!doc || doc.provenance?.some((p) => p.messageIndex === d.messageIndex)) return;
      const entry: AnswerProvenanceDoc = {
        messageIndex: d.messageIndex,
        model: d.model,
        tokensIn: d.tokensIn,
        tokensOut: d.tokensOut,
        latencyMs: d.latencyMs,
        knowledge: d.provenance ?? null,
      };
      await tx.patch(RESPONSES, d.responseId, { provenance: [...(doc.provenance ?? []), entry] });
    },

    async ConversationCompleted(e, tx) {
      const d = e.data;
      await tx.patch(CHAT_SESSIONS, d.sessionId, { status: 'completed' });
      if (!d.responseId) return;
      await tx.patch(RESPONSES, d.responseId, {
        status: 'completed',
        resolution: d.resolution,
        escalationReason: d.escalationReason,
        completedAt: d.completedAt,
      });
    },
  },
  {
    ResponseCreated: (e) => [
      [CHAT_SESSIONS, e.data.sessionId],
      [CHATBOTS, e.data.chatbotId],
    ],
    MessagesRecorded: (e) => [[RESPONSES, e.data.responseId]],
    FlowHttpAnswered: (e) =>
      e.data.responseId ? [[RESPONSES, e.data.responseId]] : [[CHAT_SESSIONS, e.data.sessionId]],
    ResponseUpdated: (e) => [[RESPONSES, e.data.responseId]],
    AgentAnswered: (e) => [[RESPONSES, e.data.responseId]],
    ConversationCompleted(e) {
      const d = e.data;
      return d.responseId
        ? [
            [CHAT_SESSIONS, d.sessionId],
            [RESPONSES, d.responseId],
          ]
        : [[CHAT_SESSIONS, d.sessionId]];
    },
  },
);

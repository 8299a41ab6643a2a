/**
 * `agent_daily_stats`: what AI agents did per chatbot and UTC day (docs/ai-analytics.md), the
 * source of GET /chatbots/{id}/agent/analytics; `agent_conversations`: each conversation an agent
 * took part in, with the day it was counted on, so it is counted once and its outcome lands on
 * that same day. Agent bots' conversations count from their start; a flow's from its first AI
 * step's event. Answers, tokens, latency and unanswered questions count on the day they happened.
 */
import {
  type AgentDayStats,
  emptyAgentDay,
  withAnswer,
  withConversation,
  withOutcome,
  withUnansweredQuestion,
} from '../../domain/agent/agentDayStats.js';
import { dayOf } from '../../domain/conversation/utcDays.js';
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const AGENT_DAILY_STATS = collection<AgentDailyStatsDoc>('agent_daily_stats');
export const AGENT_CONVERSATIONS = collection<AgentConversationDoc>('agent_conversations');

export interface AgentDailyStatsDoc extends AgentDayStats {
  id: string;
  chatbotId: string;
  workspaceId: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  [key: string]: unknown;
}

export interface AgentConversationDoc {
  /** The session id. */
  id: string;
  chatbotId: string;
  /** The day the conversation was counted on. */
  day: string;
  [key: string]: unknown;
}

export const agentDayId = (chatbotId: string, day: string): string => `${chatbotId}:${day}`;

interface Where {
  chatbotId: string;
  workspaceId: string;
  day: string;
}

async function changeDay(tx: ReadStoreWriter, where: Where, change: (day: AgentDayStats) => AgentDayStats) {
  const id = agentDayId(where.chatbotId, where.day);
  const doc = (await tx.get(AGENT_DAILY_STATS, id)) ?? { id, ...where, ...emptyAgentDay() };
  await tx.upsert(AGENT_DAILY_STATS, { ...doc, ...change(doc) });
}

/** Counts the conversation on `where.day` unless it already was counted. */
async function counted(tx: ReadStoreWriter, sessionId: string, where: Where): Promise<void> {
  if (await tx.get(AGENT_CONVERSATIONS, sessionId)) return;
  await tx.upsert(AGENT_CONVERSATIONS, { id: sessionId, chatbotId: where.chatbotId, day: where.day });
  await changeDay(tx, where, withConversation);
}

/** The chatbot, workspace and day of an agent's event. */
const whereOf = (e: { data: { chatbotId: string; workspaceId: string }; metadata: { occurredAt: string } }) => ({
  chatbotId: e.data.chatbotId,
  workspaceId: e.data.workspaceId,
  day: dayOf(e.metadata.occurredAt),
});

/** The documents an agent's event reads: its day and its conversation. */
const agentEventReads = (e: Parameters<typeof whereOf>[0] & { data: { sessionId: string } }) =>
  [
    [AGENT_DAILY_STATS, agentDayId(e.data.chatbotId, dayOf(e.metadata.occurredAt))],
    [AGENT_CONVERSATIONS, e.data.sessionId],
  ] as const;

export const agentAnalyticsView = defineProjection(
  'agent-analytics',
  [
    { name: AGENT_DAILY_STATS.name, indexes: [['chatbotId', 'day']] },
    { name: AGENT_CONVERSATIONS.name, indexes: [['chatbotId']] },
  ],
  {
    async ConversationStarted(e, tx) {
      if (e.data.aiAgent) await counted(tx, e.data.sessionId, whereOf(e));
    },
    async AgentAnswered(e, tx) {
      const where = whereOf(e);
      await counted(tx, e.data.sessionId, where);
      const { tokensIn, tokensOut, latencyMs, provenance } = e.data;
      const citedSources = provenance?.citedSourceIds.length ?? 0;
      await changeDay(tx, where, (day) => withAnswer(day, { tokensIn, tokensOut, latencyMs, citedSources }));
    },
    async AgentFailed(e, tx) {
      await counted(tx, e.data.sessionId, whereOf(e));
    },
    async KnowledgeNotFound(e, tx) {
      const where = whereOf(e);
      await counted(tx, e.data.sessionId, where);
      await changeDay(tx, where, withUnansweredQuestion);
    },
    async ConversationCompleted(e, tx) {
      const conversation = await tx.get(AGENT_CONVERSATIONS, e.data.sessionId);
      // No agent took part: not an agent's conversation.
      if (!conversation) return;
      const { chatbotId, workspaceId, resolution, escalationReason } = e.data;
      await changeDay(tx, { chatbotId, workspaceId, day: conversation.day }, (day) =>
        withOutcome(day, resolution, escalationReason),
      );
    },
    async ChatbotDeleted(e, tx) {
      await tx.deleteMany(AGENT_DAILY_STATS, { chatbotId: e.data.chatbotId });
      await tx.deleteMany(AGENT_CONVERSATIONS, { chatbotId: e.data.chatbotId });
    },
  },
  {
    ConversationStarted: (e) => [[AGENT_CONVERSATIONS, e.data.sessionId]],
    AgentAnswered: (e) => [...agentEventReads(e)],
    AgentFailed: (e) => [...agentEventReads(e)],
    KnowledgeNotFound: (e) => [...agentEventReads(e)],
    ConversationCompleted: (e) => [[AGENT_CONVERSATIONS, e.data.sessionId]],
  },
);

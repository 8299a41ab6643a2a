/**
 * A what-if run (docs/flows.md, What-if runs): the chatbot's latest conversations, newest first,
 * each read from its event stream and replayed against the draft. Reads only: nothing is
 * appended, sent or called. Streams are read a few at a time and only each one's report row is
 * kept, so memory grows with the report, not with the conversations' length.
 */
import { dayRange, endOfDay, startOfDay } from '../../../domain/conversation/utcDays.js';
import type { ConversationEvent } from '../../../domain/conversation/conversationEvents.js';
import { conversationStream } from '../../../domain/conversation/conversation.js';
import { recordedConversationOf } from '../../../domain/conversation/recordedConversation.js';
import type { FlowGraph } from '../../../domain/flow/flowGraph.js';
import { replayConversation, type ReplayReport } from '../../../domain/flow/flowReplay.js';
import { addToSummary, emptyReplaySummary, type ReplaySummary } from '../../../domain/flow/flowReplaySummary.js';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { FLOW_FUNNEL } from '../../../projections/views/flowFunnelView.js';

export const DEFAULT_SIMULATION_LIMIT = 100;
export const MAX_SIMULATION_LIMIT = 1000;
/** Streams read at once: enough to overlap round trips, few enough to leave the store to the visitors. */
const READS_AT_ONCE = 4;

export interface SimulationDeps {
  views: ReadStoreReader;
  eventLog: Pick<EventStore, 'readStream'>;
}

export interface SimulationQuery {
  limit?: number;
  /** First UTC day of start times to include (YYYY-MM-DD). */
  startDate?: string;
  /** Last UTC day of start times to include (YYYY-MM-DD). */
  endDate?: string;
}

export interface SimulatedConversation extends ReplayReport {
  chatSessionId: string;
  startedAt: string;
}

export interface SimulationReport extends ReplaySummary {
  /** Conversations in the range recorded before the flow engine kept paths: not replayed. */
  skipped: number;
  conversations: SimulatedConversation[];
}

export async function simulateFlow(
  deps: SimulationDeps,
  chatbotId: string,
  draft: FlowGraph,
  query: SimulationQuery,
): Promise<SimulationReport> {
  const sessions = await latestSessions(deps.views, chatbotId, query);
  const rows: (SimulatedConversation | null)[] = new Array(sessions.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < sessions.length) {
      const i = next++;
      const { id, startedAt } = sessions[i];
      const events = await deps.eventLog.readStream(conversationStream(id));
      const recorded = recordedConversationOf(events as unknown as ConversationEvent[]);
      if (recorded) rows[i] = { chatSessionId: id, startedAt, ...replayConversation(draft, recorded) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, sessions.length) }, worker));
  const summary = emptyReplaySummary();
  const conversations: SimulatedConversation[] = [];
  for (const row of rows) {
    if (!row) continue;
    addToSummary(summary, row);
    conversations.push(row);
  }
  return { ...summary, skipped: sessions.length - conversations.length, conversations };
}

/** The chatbot's conversations started in the range, newest first (ties by id, so a run repeats). */
async function latestSessions(views: ReadStoreReader, chatbotId: string, query: SimulationQuery) {
  const days = dayRange(query.startDate, query.endDate);
  const startedAt: Record<string, string> = {};
  if (days.first) startedAt.$gte = startOfDay(days.first);
  if (days.last) startedAt.$lte = endOfDay(days.last);
  const docs = await views.find(
    FLOW_FUNNEL,
    { chatbotId, ...(Object.keys(startedAt).length ? { startedAt } : {}) },
    {
      sort: [
        ['startedAt', -1],
        ['id', -1],
      ],
      limit: query.limit ?? DEFAULT_SIMULATION_LIMIT,
    },
  );
  return docs.map((d) => ({ id: d.id, startedAt: d.startedAt }));
}

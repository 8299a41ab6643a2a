/**
 * A what-if run (docs/flows.md, What-if runs): the chatbot's latest conversations, newest first,
 * each read from its event stream and replayed against the draft. Reads only: nothing is
 * appended, sent or called. Streams are read a batch at a time (one query where the store can
 * read several streams at once) and only each one's report row is kept, so memory grows with
 * the report, not with the number or length of the conversations.
 */
import { dayRange, endOfDay, startOfDay } from '../../../domain/conversation/utcDays.js';
import type { ConversationEvent } from '../../../domain/conversation/conversationEvents.js';
import { conversationStream } from '../../../domain/conversation/conversation.js';
import { recordedConversationOf } from '../../../domain/conversation/recordedConversation.js';
import type { FlowGraph } from '../../../domain/flow/flowGraph.js';
import { replayConversation, type ReplayReport } from '../../../domain/flow/flowReplay.js';
import { addToSummary, emptyReplaySummary, type ReplaySummary } from '../../../domain/flow/flowReplaySummary.js';
import type { EventStore, RecordedEvent } from '../../../infrastructure/eventStore/eventStore.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { FLOW_FUNNEL } from '../../../projections/views/flowFunnelView.js';

export const DEFAULT_SIMULATION_LIMIT = 100;
export const MAX_SIMULATION_LIMIT = 1000;
/**
 * Streams read together: a round trip per stream costs more than its events on the embedded
 * store, and a batch's events are all that is held at once (about 3 MB of heap for
 * conversations of 20 turns, bench/README.md).
 */
const STREAMS_PER_READ = 25;

export interface SimulationDeps {
  views: ReadStoreReader;
  eventLog: Pick<EventStore, 'readStream' | 'readStreams'>;
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
  /** The response record of the conversation (GET /responses/{id}); null when the visitor never wrote. */
  responseId: string | null;
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
  const rows: SimulatedConversation[] = [];
  for (let first = 0; first < sessions.length; first += STREAMS_PER_READ) {
    const batch = sessions.slice(first, first + STREAMS_PER_READ);
    const streams = await readStreams(
      deps.eventLog,
      batch.map((s) => conversationStream(s.id)),
    );
    for (const { id, startedAt } of batch) {
      const recorded = recordedConversationOf(
        (streams.get(conversationStream(id)) ?? []) as unknown as ConversationEvent[],
      );
      if (recorded) {
        rows.push({
          chatSessionId: id,
          responseId: recorded.responseId,
          startedAt,
          ...replayConversation(draft, recorded),
        });
      }
    }
  }
  const summary = emptyReplaySummary();
  for (const row of rows) addToSummary(summary, row);
  return { ...summary, skipped: sessions.length - rows.length, conversations: rows };
}

/** The events of each stream, in one read where the store can, else stream by stream. */
async function readStreams(
  eventLog: SimulationDeps['eventLog'],
  streamIds: string[],
): Promise<Map<string, RecordedEvent[]>> {
  const byStream = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
  const events = eventLog.readStreams
    ? await eventLog.readStreams(streamIds)
    : (await Promise.all(streamIds.map((id) => eventLog.readStream(id)))).flat();
  for (const event of events) byStream.get(event.streamId)?.push(event);
  return byStream;
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

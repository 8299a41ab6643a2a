/**
 * Writes the events of a finished conversation straight to the event store with a chosen
 * chatDate, so list, filter and analytics tests can have responses on past days.
 */
import { randomBytes } from 'node:crypto';
import type { EventStore, NewEvent, Position } from '../../infrastructure/eventStore/eventStore.js';
import { DEFAULT_FLOW } from '../../domain/chatbot/flow.js';

export interface SeededResponse {
  sessionId: string;
  responseId: string;
  visitorId: string;
  chatDate: string;
}

const hex = () => randomBytes(12).toString('hex');

export function conversationEvents(opts: {
  chatbotId: string;
  workspaceId: string;
  chatDate: string;
  name?: string;
  customData?: Record<string, string>;
}) {
  const sessionId = hex();
  const responseId = hex();
  const visitorId = `v-${sessionId.slice(0, 8)}`;
  const startedAt = new Date(Date.parse(opts.chatDate) - 5000).toISOString();
  const ids = { sessionId, chatbotId: opts.chatbotId, workspaceId: opts.workspaceId };
  const name = opts.name ?? 'Ann';
  const metadata = (occurredAt: string) => ({
    workspaceId: opts.workspaceId,
    actor: { type: 'visitor' as const, id: visitorId },
    correlationId: sessionId,
    causationId: null,
    requestId: null,
    occurredAt,
  });
  const events: NewEvent[] = [
    {
      type: 'ConversationStarted',
      metadata: metadata(startedAt),
      data: {
        ...ids,
        chatbotName: 'Bot',
        aiAgent: null,
        visitorId,
        channel: 'web',
        customData: opts.customData ?? {},
        user: null,
        flow: DEFAULT_FLOW,
        startedAt,
        messages: [{ type: 'bot', message: 'What is your name?', at: startedAt }],
      },
    },
    {
      type: 'ResponseCreated',
      metadata: metadata(opts.chatDate),
      data: { ...ids, responseId, visitorId, chatDate: opts.chatDate },
    },
    {
      type: 'MessagesRecorded',
      metadata: metadata(opts.chatDate),
      data: {
        ...ids,
        responseId,
        turnCount: 1,
        answerVariables: { name },
        entries: [
          { type: 'user', message: name, at: opts.chatDate },
          { type: 'bot', message: `Thanks, ${name}`, at: opts.chatDate },
        ],
      },
    },
    {
      type: 'ConversationCompleted',
      metadata: metadata(opts.chatDate),
      data: {
        ...ids,
        responseId,
        resolution: 'resolved',
        escalationReason: null,
        duration: 5,
        turnCount: 1,
        completedAt: opts.chatDate,
      },
    },
  ];
  return {
    streamId: `conversation-${sessionId}`,
    events,
    seeded: { sessionId, responseId, visitorId, chatDate: opts.chatDate },
  };
}

/** Appends one finished conversation per chatDate; returns them and the last position. */
export async function seedResponses(
  store: EventStore,
  opts: { chatbotId: string; workspaceId: string; chatDates: string[] },
): Promise<{ seeded: SeededResponse[]; position: Position | null }> {
  const seeded: SeededResponse[] = [];
  let position: Position | null = null;
  for (const chatDate of opts.chatDates) {
    const c = conversationEvents({ ...opts, chatDate });
    position = (await store.append(c.streamId, c.events, { expectedRevision: 'no_stream' })).position;
    seeded.push(c.seeded);
  }
  return { seeded, position };
}

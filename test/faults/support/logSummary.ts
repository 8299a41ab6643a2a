/** What the exported event log says the views and the hub chatbot's webhook should hold. */
import type { ExportedEvent } from './eventExport.js';

export interface LogSummary {
  chatbotIds: Set<string>;
  sessions: Set<string>;
  /** Response ids per session, from ResponseCreated on the hub chatbot. */
  responses: Map<string, string>;
  /** `<webhook event>:<session id>` for every hub event a webhook delivers, with multiplicity. */
  webhookEvents: Map<string, number>;
  events: number;
}

const WEBHOOK_NAME: Record<string, string> = {
  ConversationStarted: 'conversation.started',
  ResponseCreated: 'response.created',
  ResponseUpdated: 'response.updated',
  ConversationCompleted: 'conversation.completed',
};

export function summarize(events: ExportedEvent[], workspaceId: string, hubBotId: string): LogSummary {
  const out: LogSummary = {
    chatbotIds: new Set(),
    sessions: new Set(),
    responses: new Map(),
    webhookEvents: new Map(),
    events: events.length,
  };
  for (const e of events) {
    if (e.metadata.workspaceId !== workspaceId && e.data.workspaceId !== workspaceId) continue;
    if (e.type === 'ChatbotCreated') out.chatbotIds.add(e.data.chatbotId);
    if (e.type === 'ChatbotDeleted') out.chatbotIds.delete(e.data.chatbotId);
    if (e.data.chatbotId !== hubBotId) continue;
    if (e.type === 'ConversationStarted') out.sessions.add(e.data.sessionId);
    if (e.type === 'ResponseCreated') out.responses.set(e.data.sessionId, e.data.responseId);
    const name = WEBHOOK_NAME[e.type];
    if (name) {
      const k = `${name}:${e.data.sessionId}`;
      out.webhookEvents.set(k, (out.webhookEvents.get(k) ?? 0) + 1);
    }
  }
  return out;
}

/** `<event>:<chatSessionId>` of a webhook request. */
export function webhookKey(headers: Record<string, unknown>, rawBody: Buffer): string {
  const body = JSON.parse(rawBody.toString('utf8')) as { chatSessionId: string };
  return `${String(headers['x-webhook-event'])}:${body.chatSessionId}`;
}

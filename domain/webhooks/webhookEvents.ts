/**
 * Public webhook event names and their payloads (docs/events.md). The names are a mapping done by
 * the dispatcher from conversation events (DESIGN.md, decision 2); payload fields and types are exactly
 * the documented ones: strings everywhere except duration and turnCount, timestamps ISO 8601 with ms.
 */
import { ValidationError } from '../errors.js';
import type { ConversationEvent } from '../conversation/conversationEvents.js';

export const WEBHOOK_EVENT_NAMES = [
  'response.created',
  'response.updated',
  'conversation.started',
  'conversation.completed',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Which domain event becomes which public event. */
export const DOMAIN_TO_WEBHOOK_EVENT: Readonly<Record<string, WebhookEventName>> = {
  ConversationStarted: 'conversation.started',
  ResponseCreated: 'response.created',
  ResponseUpdated: 'response.updated',
  ConversationCompleted: 'conversation.completed',
};

/**
 * Validates a subscription's event list: at least one, every name known. Duplicates are
 * dropped (a webhook gets each event once whatever the list says).
 */
export function validateEventNames(raw: unknown): WebhookEventName[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw new ValidationError('events must be a non-empty array of event names', 'events');
  if (raw.some((e) => typeof e !== 'string')) throw new ValidationError('events must contain only strings', 'events');
  const unknown = (raw as string[]).filter((e) => !WEBHOOK_EVENT_NAMES.includes(e as WebhookEventName));
  if (unknown.length > 0) {
    const shown = [...new Set(unknown)].map((e) => JSON.stringify(e.slice(0, 100))).join(', ');
    throw new ValidationError(
      `events contains unknown event name(s): ${shown}. Valid events: ${WEBHOOK_EVENT_NAMES.join(', ')}`,
      'events',
    );
  }
  return [...new Set(raw as WebhookEventName[])];
}

export interface WebhookMessage {
  /** The chatbot whose webhooks receive it. */
  chatbotId: string;
  event: WebhookEventName;
  payload: Record<string, string | number>;
}

/** Always ISO 8601 with milliseconds, whatever spelling the source used. */
function isoMillis(value: string): string {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

/**
 * The public message for a conversation event, or null for events no webhook receives.
 * `occurredAt` is the event's metadata time: the payload's timestamp.
 */
export function toWebhookMessage(event: { type: string; data: unknown }, occurredAt: string): WebhookMessage | null {
  const e = event as ConversationEvent;
  const timestamp = isoMillis(occurredAt);
  switch (e.type) {
    case 'ConversationStarted': {
      const d = e.data;
      // AI-agent conversations name the agent instead of the chatbot (aiAgent in place of chatbotName).
      const who: Record<string, string> = d.aiAgent
        ? { aiAgent: String(d.aiAgent) }
        : { chatbotName: String(d.chatbotName ?? '') };
      return {
        chatbotId: d.chatbotId,
        event: 'conversation.started',
        payload: {
          event: 'conversation.started',
          chatSessionId: String(d.sessionId),
          botId: String(d.chatbotId),
          ...who,
          visitorId: String(d.visitorId),
          channel: String(d.channel),
          timestamp,
        },
      };
    }
    case 'ResponseCreated': {
      const d = e.data;
      return {
        chatbotId: d.chatbotId,
        event: 'response.created',
        payload: {
          event: 'response.created',
          chatSessionId: String(d.sessionId),
          responseId: String(d.responseId),
          botId: String(d.chatbotId),
          visitorId: String(d.visitorId),
          timestamp,
        },
      };
    }
    case 'ResponseUpdated': {
      const d = e.data;
      return {
        chatbotId: d.chatbotId,
        event: 'response.updated',
        payload: {
          event: 'response.updated',
          responseId: String(d.responseId),
          botId: String(d.chatbotId),
          chatSessionId: String(d.sessionId),
          timestamp,
        },
      };
    }
    case 'ConversationCompleted': {
      const d = e.data;
      const escalation: Record<string, string> =
        d.resolution === 'escalated' ? { escalationReason: String(d.escalationReason ?? '') } : {};
      return {
        chatbotId: d.chatbotId,
        event: 'conversation.completed',
        payload: {
          event: 'conversation.completed',
          chatSessionId: String(d.sessionId),
          botId: String(d.chatbotId),
          resolution: String(d.resolution),
          ...escalation,
          duration: Math.max(0, Math.round(Number(d.duration) || 0)),
          turnCount: Math.max(0, Math.round(Number(d.turnCount) || 0)),
          timestamp,
        },
      };
    }
    default:
      return null;
  }
}

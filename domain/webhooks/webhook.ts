/**
 * The webhook subscription aggregate (stream `webhook-<id>`). The plan cap lives on the
 * workspace aggregate and URL uniqueness on a reservation stream; this one owns the
 * subscription's fields and its delivery health (DESIGN.md, decision 9: failure counted, disabled,
 * reactivated are events).
 *
 * The secret is part of WebhookCreated because deliveries must be signed with it after any
 * restart or projection rebuild; it is never returned except by the create call.
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { WebhookEventName } from './webhookEvents.js';
import { charLength } from '../charLength.js';
import { unhandled } from '../unhandled.js';

/** Consecutive failed deliveries (each after its retries) before the webhook is set to failed. */
export const MAX_CONSECUTIVE_FAILURES = 10;
/**
 * A successful delivery is recorded as an event only when it ends a failure streak or when
 * lastDeliveryAt is older than this. One event per success would grow the stream (folded on
 * every command) without bound; the attempts log keeps every delivery's exact time.
 */
export const SUCCESS_RECORD_INTERVAL_MS = 60_000;
export const MAX_WEBHOOK_DESCRIPTION = 500;

export type WebhookStatus = 'active' | 'paused' | 'failed';
export type DisableReason = 'consecutive_failures' | 'gone';
export type DeleteReason = 'requested' | 'chatbot_deleted';

// A type alias, not an interface: event data must be assignable to Record<string, unknown>.
export type WebhookFields = {
  url: string;
  events: WebhookEventName[];
  description: string;
};

export type WebhookEvent =
  | DomainEvent<
      'WebhookCreated',
      { webhookId: string; workspaceId: string; chatbotId: string; secret: string } & WebhookFields
    >
  | DomainEvent<'WebhookUpdated', { webhookId: string; changes: Partial<WebhookFields> }>
  | DomainEvent<'WebhookPaused', { webhookId: string }>
  | DomainEvent<'WebhookActivated', { webhookId: string }>
  | DomainEvent<'WebhookReactivated', { webhookId: string }>
  | DomainEvent<
      'WebhookDeliveryFailed',
      {
        webhookId: string;
        deliveryId: string;
        at: string;
        consecutiveFailures: number;
        statusCode: number | null;
        error: string;
      }
    >
  | DomainEvent<'WebhookDeliverySucceeded', { webhookId: string; deliveryId: string; at: string }>
  | DomainEvent<'WebhookDisabled', { webhookId: string; reason: DisableReason; at: string }>
  | DomainEvent<
      'WebhookDeleted',
      { webhookId: string; workspaceId: string; chatbotId: string; url: string; reason: DeleteReason }
    >
  /** A past delivery sent again (same payload, fresh signature) as the new delivery `deliveryId`; the dispatcher enqueues it. */
  | DomainEvent<
      'WebhookDeliveryResendRequested',
      { webhookId: string; workspaceId: string; sourceDeliveryId: string; deliveryId: string }
    >;

export interface WebhookState {
  status: 'none' | WebhookStatus | 'deleted';
  webhookId: string | null;
  workspaceId: string | null;
  chatbotId: string | null;
  fields: WebhookFields;
  failureCount: number;
  lastDeliveryAt: string | null;
  lastFailureAt: string | null;
}

export const initialWebhookState: WebhookState = {
  status: 'none',
  webhookId: null,
  workspaceId: null,
  chatbotId: null,
  fields: { url: '', events: [], description: '' },
  failureCount: 0,
  lastDeliveryAt: null,
  lastFailureAt: null,
};

export type WebhookCommand =
  | ({
      type: 'CreateWebhook';
      webhookId: string;
      workspaceId: string;
      chatbotId: string;
      secret: string;
    } & WebhookFields)
  /** workspaceId: the subscriber's workspace, which must own the webhook. */
  | { type: 'UpdateWebhook'; changes: Partial<WebhookFields>; status?: 'active' | 'paused'; workspaceId?: string }
  | {
      type: 'RecordDeliveryFailure';
      deliveryId: string;
      at: string;
      statusCode: number | null;
      error: string;
      gone: boolean;
    }
  | { type: 'RecordDeliverySuccess'; deliveryId: string; at: string }
  | { type: 'DeleteWebhook'; reason: DeleteReason }
  /** workspaceId: the requester's workspace, which must own the webhook. */
  | { type: 'ResendDelivery'; workspaceId: string; sourceDeliveryId: string; deliveryId: string };

export function validateWebhookDescription(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new ValidationError('description must be a string', 'description');
  if (charLength(raw) > MAX_WEBHOOK_DESCRIPTION)
    throw new ValidationError(`description must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`, 'description');
  return raw;
}

export function validateRequestedStatus(raw: unknown): 'active' | 'paused' | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'active' || raw === 'paused') return raw;
  throw new ValidationError("status must be 'active' or 'paused' (failed is set only by the service)", 'status');
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only the fields that really change, so a no-op PATCH appends nothing. */
function realChanges(current: WebhookFields, changes: Partial<WebhookFields>): Partial<WebhookFields> {
  const out: Partial<WebhookFields> = {};
  if (changes.url !== undefined && changes.url !== current.url) out.url = changes.url;
  if (changes.events !== undefined && !sameList(changes.events, current.events)) out.events = changes.events;
  if (changes.description !== undefined && changes.description !== current.description)
    out.description = changes.description;
  return out;
}

function statusEvents(state: WebhookState, wanted: 'active' | 'paused' | undefined): WebhookEvent[] {
  const webhookId = state.webhookId!;
  if (wanted === undefined || wanted === state.status) return [];
  if (wanted === 'paused') return [{ type: 'WebhookPaused', data: { webhookId } }];
  return state.status === 'failed'
    ? [{ type: 'WebhookReactivated', data: { webhookId } }]
    : [{ type: 'WebhookActivated', data: { webhookId } }];
}

export function decideWebhook(command: WebhookCommand, state: WebhookState): WebhookEvent[] {
  if (command.type === 'CreateWebhook') {
    if (state.status !== 'none') throw new ConflictError('Webhook already exists');
    const { type: _t, ...data } = command;
    return [{ type: 'WebhookCreated', data }];
  }
  const live = state.status === 'active' || state.status === 'paused' || state.status === 'failed';
  if (!live) {
    // Outcomes of deliveries still in flight when the webhook was deleted have nowhere to go.
    if (command.type === 'RecordDeliveryFailure' || command.type === 'RecordDeliverySuccess') return [];
    throw new NotFoundError('Webhook not found');
  }
  const webhookId = state.webhookId!;
  switch (command.type) {
    case 'UpdateWebhook': {
      if (command.workspaceId !== undefined && command.workspaceId !== state.workspaceId)
        throw new NotFoundError('Webhook not found');
      const changes = realChanges(state.fields, command.changes);
      const updated: WebhookEvent[] = Object.keys(changes).length
        ? [{ type: 'WebhookUpdated', data: { webhookId, changes } }]
        : [];
      return [...updated, ...statusEvents(state, command.status)];
    }
    case 'RecordDeliveryFailure': {
      // A delivery still in flight when the webhook was disabled ends after it: the streak that
      // disabled it stays as it was (at the threshold, or where the 410 found it) until the
      // webhook is reactivated. Counting it would show 11, 12… consecutive failures on a webhook
      // that stopped at 10; the delivery log keeps the attempt itself.
      if (state.status === 'failed') return [];
      const consecutiveFailures = state.failureCount + 1;
      const failed: WebhookEvent = {
        type: 'WebhookDeliveryFailed',
        data: {
          webhookId,
          deliveryId: command.deliveryId,
          at: command.at,
          consecutiveFailures,
          statusCode: command.statusCode,
          error: command.error.slice(0, 500),
        },
      };
      if (command.gone)
        return [failed, { type: 'WebhookDisabled', data: { webhookId, reason: 'gone', at: command.at } }];
      if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES)
        return [
          failed,
          { type: 'WebhookDisabled', data: { webhookId, reason: 'consecutive_failures', at: command.at } },
        ];
      return [failed];
    }
    case 'RecordDeliverySuccess': {
      // A send in flight when the webhook was disabled may still succeed: the webhook stays
      // failed until reactivated, so its streak is not reset under it (failed with 0 failures).
      if (state.status === 'failed') return [];
      const stale =
        state.lastDeliveryAt === null ||
        Date.parse(command.at) - Date.parse(state.lastDeliveryAt) >= SUCCESS_RECORD_INTERVAL_MS;
      if (state.failureCount === 0 && !stale) return [];
      return [
        { type: 'WebhookDeliverySucceeded', data: { webhookId, deliveryId: command.deliveryId, at: command.at } },
      ];
    }
    case 'ResendDelivery': {
      if (command.workspaceId !== state.workspaceId) throw new NotFoundError('Webhook not found');
      // A failed (auto-disabled) webhook gets nothing until it is reactivated, and a paused one
      // would have the job dropped at send time: refuse rather than accept a resend that never goes.
      if (state.status === 'failed')
        throw new ConflictError(
          'This webhook is disabled; reactivate it before resending a delivery',
          'WEBHOOK_DISABLED',
        );
      if (state.status === 'paused')
        throw new ConflictError('This webhook is paused; resume it before resending a delivery', 'WEBHOOK_PAUSED');
      const { sourceDeliveryId, deliveryId } = command;
      return [
        {
          type: 'WebhookDeliveryResendRequested',
          data: { webhookId, workspaceId: state.workspaceId!, sourceDeliveryId, deliveryId },
        },
      ];
    }
    case 'DeleteWebhook':
      return [
        {
          type: 'WebhookDeleted',
          data: {
            webhookId,
            workspaceId: state.workspaceId!,
            chatbotId: state.chatbotId!,
            url: state.fields.url,
            reason: command.reason,
          },
        },
      ];
    default:
      return unhandled(command);
  }
}

export function evolveWebhook(state: WebhookState, event: WebhookEvent): WebhookState {
  switch (event.type) {
    case 'WebhookCreated': {
      const d = event.data;
      return {
        ...initialWebhookState,
        status: 'active',
        webhookId: d.webhookId,
        workspaceId: d.workspaceId,
        chatbotId: d.chatbotId,
        fields: { url: d.url, events: d.events, description: d.description },
      };
    }
    case 'WebhookUpdated':
      return { ...state, fields: { ...state.fields, ...event.data.changes } };
    case 'WebhookPaused':
      // Leaving "failed" by an operator's decision starts a fresh failure streak.
      return { ...state, status: 'paused', failureCount: state.status === 'failed' ? 0 : state.failureCount };
    case 'WebhookActivated':
      return { ...state, status: 'active' };
    case 'WebhookReactivated':
      return { ...state, status: 'active', failureCount: 0 };
    case 'WebhookDeliveryFailed':
      return { ...state, failureCount: event.data.consecutiveFailures, lastFailureAt: event.data.at };
    case 'WebhookDeliverySucceeded':
      return { ...state, failureCount: 0, lastDeliveryAt: event.data.at };
    case 'WebhookDisabled':
      return { ...state, status: 'failed' };
    case 'WebhookDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export const webhookDecider: Decider<WebhookCommand, WebhookState, WebhookEvent> = {
  decide: decideWebhook,
  evolve: evolveWebhook,
  initialState: initialWebhookState,
};

export const webhookStream = (webhookId: string): string => `webhook-${webhookId}`;

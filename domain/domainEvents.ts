/**
 * Every event the log holds, one member per event type with the payload its aggregate appends.
 * The read side (projections, dispatchers) keys its handlers by these types, so a handler gets
 * the narrowed payload and a misspelt event name does not compile.
 *
 * Some deciders fold a narrower view of an event another part of the same stream appends (the
 * gallery and the branding read `WorkspaceCreated` and `WorkspacePlanChanged` of the workspace
 * stream); those re-declarations are left out so each type has exactly one payload here.
 */
import type { AgentPreviewAnswered } from './agent/agentPreviewAnswered.js';
import type { ApiKeyEvent } from './apiKey/apiKey.js';
import type { ChatbotEvent } from './chatbot/chatbot.js';
import type { ConversationEvent } from './conversation/conversationEvents.js';
import type { GalleryEvent } from './media/gallery.js';
import type { KnowledgeSourceEvent } from './knowledge/knowledgeSource.js';
import type { EvaluationEvent } from './knowledge/evaluation.js';
import type { MemberEvent } from './member/workspaceMembers.js';
import type { ModelConnectionEvent } from './modelConnections/modelConnection.js';
import type { ReservationEvent } from './reservation.js';
import type { StoreEvent } from './storefront/storeRecord.js';
import type { UserAccountEvent } from './user/userAccount.js';
import type { WebhookEvent } from './webhooks/webhook.js';
import type { AdClicked } from './workspace/adClicks.js';
import type { BrandingEvent } from './workspace/branding.js';
import type { WorkspaceEvent } from './workspace/workspace.js';

export type AnyDomainEvent =
  | WorkspaceEvent
  | Exclude<BrandingEvent, { type: WorkspaceEvent['type'] }>
  | Exclude<GalleryEvent, { type: WorkspaceEvent['type'] }>
  | ApiKeyEvent
  | ChatbotEvent
  | ConversationEvent
  | WebhookEvent
  | UserAccountEvent
  | MemberEvent
  | StoreEvent
  | ReservationEvent
  | ModelConnectionEvent
  | KnowledgeSourceEvent
  | EvaluationEvent
  | AgentPreviewAnswered
  | AdClicked;

export type DomainEventType = AnyDomainEvent['type'];

/** The one member of the union with type `T` (a union of members when `T` is a union). */
export type DomainEventOf<T extends DomainEventType> = Extract<AnyDomainEvent, { type: T }>;

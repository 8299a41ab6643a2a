/**
 * The workspace aggregate (stream `workspace-<id>`). Besides its plan it keeps the set of
 * chatbots and webhooks that count against the plan caps, so a cap is decided on state folded
 * from this one stream and appended with its expected revision: two parallel creates cannot
 * both take the last slot (DESIGN.md, decision 4).
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, PlanLimitError } from '../errors.js';
import { type LimitName, type PlanLimits, type PlanName, limitsFor, parseCustomLimits } from '../plans.js';
import { unhandled } from '../unhandled.js';

export type WorkspaceEvent =
  | DomainEvent<
      'WorkspaceCreated',
      { workspaceId: string; name: string; plan: PlanName; ownerId: string; limits?: Partial<PlanLimits> }
    >
  | DomainEvent<'WorkspacePlanChanged', { plan: PlanName; limits?: Partial<PlanLimits> }>
  | DomainEvent<'ChatbotSlotTaken', { chatbotId: string }>
  | DomainEvent<'ChatbotSlotReleased', { chatbotId: string }>
  | DomainEvent<'WebhookSlotTaken', { webhookId: string }>
  | DomainEvent<'WebhookSlotReleased', { webhookId: string }>;

export interface WorkspaceState {
  exists: boolean;
  plan: PlanName;
  customLimits: Partial<PlanLimits> | null;
  chatbots: string[];
  webhooks: string[];
}

export const initialWorkspaceState: WorkspaceState = {
  exists: false,
  plan: 'free',
  customLimits: null,
  chatbots: [],
  webhooks: [],
};

export type WorkspaceCommand =
  | {
      type: 'CreateWorkspace';
      workspaceId: string;
      name: string;
      plan: PlanName;
      ownerId: string;
      limits?: Partial<PlanLimits>;
    }
  /** `limits` as given (numbers or digit strings): the decider checks them (parseCustomLimits). */
  | { type: 'ChangePlan'; plan: PlanName; limits?: Partial<Record<LimitName, unknown>> }
  | { type: 'TakeChatbotSlot'; chatbotId: string }
  | { type: 'ReleaseChatbotSlot'; chatbotId: string }
  | { type: 'TakeWebhookSlot'; webhookId: string }
  | { type: 'ReleaseWebhookSlot'; webhookId: string };

export function currentLimits(state: WorkspaceState): PlanLimits {
  return limitsFor(state.plan, state.customLimits);
}

function capMessage(what: string, plan: PlanName, cap: number): string {
  return cap === 0
    ? `The ${plan} plan does not include ${what}. Upgrade your plan.`
    : `Plan limit reached: the ${plan} plan allows ${cap} ${what}. Upgrade your plan or delete some.`;
}

/** Refuses one more of `what` when the plan's cap is reached (null: no cap). */
function assertRoomFor(what: 'chatbots' | 'webhooks', state: WorkspaceState): void {
  const cap = currentLimits(state)[what];
  if (cap !== null && state[what].length >= cap) throw new PlanLimitError(capMessage(what, state.plan, cap));
}

export function decideWorkspace(command: WorkspaceCommand, state: WorkspaceState): WorkspaceEvent[] {
  if (command.type === 'CreateWorkspace') {
    if (state.exists) throw new ConflictError('Workspace already exists');
    const { type: _t, limits: raw, ...data } = command;
    const limits = parseCustomLimits(command.plan, raw);
    return [{ type: 'WorkspaceCreated', data: { ...data, ...(limits ? { limits } : {}) } }];
  }
  if (!state.exists) {
    // Giving a slot back to a workspace that is gone has nothing to undo.
    if (command.type === 'ReleaseChatbotSlot' || command.type === 'ReleaseWebhookSlot') return [];
    throw new NotFoundError('Workspace not found');
  }
  switch (command.type) {
    case 'ChangePlan': {
      const limits = parseCustomLimits(command.plan, command.limits);
      return [{ type: 'WorkspacePlanChanged', data: { plan: command.plan, ...(limits ? { limits } : {}) } }];
    }
    case 'TakeChatbotSlot':
      assertRoomFor('chatbots', state);
      return [{ type: 'ChatbotSlotTaken', data: { chatbotId: command.chatbotId } }];
    case 'ReleaseChatbotSlot':
      return state.chatbots.includes(command.chatbotId)
        ? [{ type: 'ChatbotSlotReleased', data: { chatbotId: command.chatbotId } }]
        : [];
    case 'TakeWebhookSlot':
      assertRoomFor('webhooks', state);
      return [{ type: 'WebhookSlotTaken', data: { webhookId: command.webhookId } }];
    case 'ReleaseWebhookSlot':
      return state.webhooks.includes(command.webhookId)
        ? [{ type: 'WebhookSlotReleased', data: { webhookId: command.webhookId } }]
        : [];
    default:
      return unhandled(command);
  }
}

export function evolveWorkspace(state: WorkspaceState, event: WorkspaceEvent): WorkspaceState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return { ...state, exists: true, plan: event.data.plan, customLimits: event.data.limits ?? null };
    case 'WorkspacePlanChanged':
      return { ...state, plan: event.data.plan, customLimits: event.data.limits ?? null };
    case 'ChatbotSlotTaken':
      return { ...state, chatbots: [...state.chatbots, event.data.chatbotId] };
    case 'ChatbotSlotReleased':
      return { ...state, chatbots: state.chatbots.filter((id) => id !== event.data.chatbotId) };
    case 'WebhookSlotTaken':
      return { ...state, webhooks: [...state.webhooks, event.data.webhookId] };
    case 'WebhookSlotReleased':
      return { ...state, webhooks: state.webhooks.filter((id) => id !== event.data.webhookId) };
    default:
      return state;
  }
}

export const workspaceDecider: Decider<WorkspaceCommand, WorkspaceState, WorkspaceEvent> = {
  decide: decideWorkspace,
  evolve: evolveWorkspace,
  initialState: initialWorkspaceState,
};

const WORKSPACE_STREAM_PREFIX = 'workspace-';

/** The workspace's stream: its plan and slots, and the branding and gallery decided beside them. */
export const workspaceStream = (workspaceId: string): string => `${WORKSPACE_STREAM_PREFIX}${workspaceId}`;

/** The workspace whose stream `streamId` is (for events whose payload does not name it). */
export const workspaceIdOfStream = (streamId: string): string => streamId.slice(WORKSPACE_STREAM_PREFIX.length);

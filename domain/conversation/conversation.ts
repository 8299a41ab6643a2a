/**
 * The conversation aggregate (stream `conversation-<sessionId>`): where the visitor is in the
 * chatbot's flow, the answers so far, the turn count, and the rules that complete a session
 * (end of flow → resolved, handoff step or escalate → escalated, end → ended).
 */
import { ConflictError, NotFoundError } from '../errors.js';
import type { Decider } from '../event.js';
import { DEFAULT_FLOW, type Flow } from '../chatbot/flow.js';
import type {
  ConversationCompleted,
  ConversationEvent,
  ConversationStarted,
  Resolution,
  TranscriptEntry,
} from './conversationEvents.js';
import { walkFlow, type FlowWalk } from './flowWalk.js';
import { unhandled } from '../unhandled.js';

export interface ConversationState {
  status: 'none' | 'active' | 'completed';
  sessionId: string | null;
  chatbotId: string | null;
  workspaceId: string | null;
  visitorId: string | null;
  flow: Flow;
  /** Index of the question waiting for the visitor's answer while active. */
  awaiting: number | null;
  answers: Record<string, string>;
  turnCount: number;
  responseId: string | null;
  startedAt: string | null;
  resolution: Resolution | null;
}

export const initialConversationState: ConversationState = {
  status: 'none',
  sessionId: null,
  chatbotId: null,
  workspaceId: null,
  visitorId: null,
  flow: DEFAULT_FLOW,
  awaiting: null,
  answers: {},
  turnCount: 0,
  responseId: null,
  startedAt: null,
  resolution: null,
};

export type StartConversation = {
  type: 'StartConversation';
  now: Date;
} & Omit<ConversationStarted['data'], 'messages' | 'startedAt'>;

export type ConversationCommand =
  | StartConversation
  /** responseId is used only when this message creates the response record. */
  | { type: 'SendMessage'; message: string; responseId: string; now: Date; chatbotId?: string }
  | { type: 'Escalate'; reason: string; now: Date; chatbotId?: string }
  | { type: 'EndConversation'; now: Date; chatbotId?: string };

const bot = (message: string, at: string): TranscriptEntry => ({ type: 'bot', message, at });

/** Whole seconds from start to completion (never negative if clocks disagree). */
export function durationSeconds(startedAt: string, completedAt: Date): number {
  return Math.max(0, Math.floor((completedAt.getTime() - Date.parse(startedAt)) / 1000));
}

function completion(
  ids: { sessionId: string; chatbotId: string; workspaceId: string; responseId: string | null },
  resolution: Resolution,
  escalationReason: string | null,
  startedAt: string,
  turnCount: number,
  now: Date,
): ConversationCompleted {
  return {
    type: 'ConversationCompleted',
    data: {
      ...ids,
      resolution,
      escalationReason: resolution === 'escalated' ? escalationReason : null,
      duration: durationSeconds(startedAt, now),
      turnCount,
      completedAt: now.toISOString(),
    },
  };
}

/** A walk that stops anywhere but at a question completes the session. */
function completionOf(walk: FlowWalk): { resolution: Resolution; reason: string | null } | null {
  if (walk.outcome === 'handoff') return { resolution: 'escalated', reason: 'handoff' };
  if (walk.outcome === 'end') return { resolution: 'resolved', reason: null };
  return null;
}

function requireActive(state: ConversationState): void {
  if (state.status === 'none') throw new NotFoundError('Session not found');
  if (state.status === 'completed')
    throw new ConflictError('This conversation is already completed', 'CONVERSATION_COMPLETED');
}

function idsOf(state: ConversationState) {
  return { sessionId: state.sessionId!, chatbotId: state.chatbotId!, workspaceId: state.workspaceId! };
}

export function decideConversation(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  if (command.type === 'StartConversation') {
    if (state.status !== 'none') throw new ConflictError('Session already exists');
    const { type: _t, now, ...data } = command;
    const at = now.toISOString();
    const walk = walkFlow(data.flow, 0, {});
    const started: ConversationStarted = {
      type: 'ConversationStarted',
      data: { ...data, messages: walk.replies.map((m) => bot(m, at)), startedAt: at },
    };
    const done = completionOf(walk);
    if (!done) return [started];
    const ids = {
      sessionId: data.sessionId,
      chatbotId: data.chatbotId,
      workspaceId: data.workspaceId,
      responseId: null,
    };
    return [started, completion(ids, done.resolution, done.reason, at, 0, command.now)];
  }

  // A session id presented under another chatbot's URL is unknown there.
  if (command.chatbotId !== undefined && state.status !== 'none' && command.chatbotId !== state.chatbotId)
    throw new NotFoundError('Session not found');
  requireActive(state);
  const ids = idsOf(state);
  const { now } = command;
  switch (command.type) {
    case 'SendMessage': {
      const question = state.flow.steps[state.awaiting!];
      const variable = question.type === 'question' ? question.variable : null;
      const answers = variable ? { ...state.answers, [variable]: command.message } : { ...state.answers };
      const turnCount = state.turnCount + 1;
      const walk = walkFlow(state.flow, state.awaiting! + 1, answers);
      const at = now.toISOString();
      const responseId = state.responseId ?? command.responseId;
      const entries: TranscriptEntry[] = [
        { type: 'user', message: command.message, at },
        ...walk.replies.map((m) => bot(m, at)),
      ];
      const events: ConversationEvent[] = [];
      if (!state.responseId) {
        events.push({
          type: 'ResponseCreated',
          data: { ...ids, responseId, visitorId: state.visitorId!, chatDate: at },
        });
      }
      events.push({
        type: 'MessagesRecorded',
        data: { ...ids, responseId, entries, answerVariables: answers, turnCount },
      });
      if (state.responseId) events.push({ type: 'ResponseUpdated', data: { ...ids, responseId, updatedAt: at } });
      const done = completionOf(walk);
      if (done)
        events.push(completion({ ...ids, responseId }, done.resolution, done.reason, state.startedAt!, turnCount, now));
      return events;
    }
    case 'Escalate':
      return [
        completion(
          { ...ids, responseId: state.responseId },
          'escalated',
          command.reason,
          state.startedAt!,
          state.turnCount,
          now,
        ),
      ];
    case 'EndConversation':
      return [
        completion({ ...ids, responseId: state.responseId }, 'ended', null, state.startedAt!, state.turnCount, now),
      ];
    default:
      return unhandled(command);
  }
}

export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'ConversationStarted': {
      const d = event.data;
      const flow = d.flow ?? DEFAULT_FLOW;
      return {
        ...initialConversationState,
        status: 'active',
        sessionId: d.sessionId,
        chatbotId: d.chatbotId,
        workspaceId: d.workspaceId,
        visitorId: d.visitorId,
        flow,
        awaiting: walkFlow(flow, 0, {}).awaiting,
        startedAt: d.startedAt,
      };
    }
    case 'ResponseCreated':
      return { ...state, responseId: event.data.responseId };
    case 'MessagesRecorded': {
      const answers = event.data.answerVariables;
      const next = state.awaiting === null ? null : walkFlow(state.flow, state.awaiting + 1, answers).awaiting;
      return { ...state, answers, turnCount: event.data.turnCount, awaiting: next };
    }
    case 'ConversationCompleted':
      return { ...state, status: 'completed', awaiting: null, resolution: event.data.resolution };
    default:
      return state;
  }
}

/** The bot messages a command produced, for the visitor's answer. */
export function botMessagesOf(events: readonly ConversationEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.type === 'ConversationStarted') return e.data.messages.map((m) => m.message);
    if (e.type === 'MessagesRecorded') return e.data.entries.filter((m) => m.type === 'bot').map((m) => m.message);
    return [];
  });
}

export const isCompletion = (events: readonly ConversationEvent[]): boolean =>
  events.some((e) => e.type === 'ConversationCompleted');

export const conversationDecider: Decider<ConversationCommand, ConversationState, ConversationEvent> = {
  decide: decideConversation,
  evolve: evolveConversation,
  initialState: initialConversationState,
};

export const conversationStream = (sessionId: string): string => `conversation-${sessionId}`;

/**
 * The conversation aggregate (stream `conversation-<sessionId>`): the published flow version the
 * session runs, where the flow stands (the interpreter's state), the turn count, and the rules
 * that complete a session (the flow ends → its resolution, a handoff step or escalate →
 * escalated, end → ended). The flow's http calls are made by the command layer, which hands
 * each result back (RecordHttpResult); so are the agent's model calls (RecordAgentTurn), for an
 * agent bot's conversation and for a flow waiting at an ai step.
 */
import { ConflictError, NotFoundError } from '../errors.js';
import type { Decider } from '../event.js';
import { DEFAULT_FLOW } from '../chatbot/flow.js';
import { type FlowDocument, graphOf } from '../chatbot/flowDocument.js';
import type { FlowGraph } from '../flow/flowGraph.js';
import { isListFlow } from '../flow/listFlow.js';
import {
  answerQuestion,
  resumeAfterAi,
  resumeAfterHttp,
  shownInput,
  startFlow,
  type BotReply,
  type FlowOutcome,
  type FlowRun,
  type FlowState,
  type HttpRequest,
  type HttpResult,
  type ShownInput,
} from '../flow/flowInterpreter.js';
import type {
  ConversationCompleted,
  ConversationEvent,
  ConversationStarted,
  Resolution,
  NoKnowledgeAction,
  TranscriptEntry,
} from './conversationEvents.js';
import { unhandled } from '../unhandled.js';
import { LIMIT_ERRORS, limitDetail } from '../agent/agentLimits.js';
import { type AgentTurnOutcome, aiResultOf, completionOfOutcome, visitorTextOf } from '../agent/agentTurn.js';

export interface ConversationState {
  status: 'none' | 'active' | 'completed';
  sessionId: string | null;
  chatbotId: string | null;
  workspaceId: string | null;
  visitorId: string | null;
  flow: FlowDocument;
  flowVersion: number | null;
  /** The flow as it runs, parsed once when the session is loaded. */
  graph: FlowGraph;
  /** Where the flow stands. */
  run: FlowState;
  turnCount: number;
  responseId: string | null;
  startedAt: string | null;
  resolution: Resolution | null;
  /** An AI agent answers this conversation, not the flow. */
  agent: boolean;
  /**
   * The conversation's messages so far, the flow's and the agent's, for the model: an agent
   * reached in a flow's ai step reads what the flow asked and what the visitor answered.
   */
  history: TranscriptEntry[];
  /** How many times the agent's model has answered. */
  agentAnswers: number;
  /** Tokens in and out of the agent's model calls in this conversation. */
  agentTokens: number;
}

const DEFAULT_GRAPH = graphOf(DEFAULT_FLOW);

export const initialConversationState: ConversationState = {
  status: 'none',
  sessionId: null,
  chatbotId: null,
  workspaceId: null,
  visitorId: null,
  flow: DEFAULT_FLOW,
  flowVersion: null,
  graph: DEFAULT_GRAPH,
  run: { stepId: DEFAULT_GRAPH.start, variables: {}, retries: 0, finished: false },
  turnCount: 0,
  responseId: null,
  startedAt: null,
  resolution: null,
  agent: false,
  history: [],
  agentAnswers: 0,
  agentTokens: 0,
};

export type StartConversation = {
  type: 'StartConversation';
  now: Date;
  /** An agent conversation's first bot message (aiAgent set); its flow does not run. */
  greeting?: string | null;
} & Omit<ConversationStarted['data'], 'messages' | 'startedAt' | 'flowState' | 'path'>;

export type ConversationCommand =
  | StartConversation
  /** responseId is used only when this message creates the response record. */
  | {
      type: 'SendMessage';
      message: string;
      responseId: string;
      now: Date;
      chatbotId?: string;
      /** The call this message leads the flow to, made already (callAfterMessage): recorded with it. */
      call?: MadeCall;
    }
  /** What the http call the flow waits for got; `json` is kept in the event when small. */
  | { type: 'RecordHttpResult'; result: HttpResult; keptJson?: unknown; now: Date; chatbotId?: string }
  | { type: 'Escalate'; reason: string; now: Date; chatbotId?: string }
  | { type: 'EndConversation'; now: Date; chatbotId?: string }
  /** A visitor message of an agent conversation with what the model call came to. */
  | {
      type: 'RecordAgentTurn';
      message: string;
      responseId: string;
      now: Date;
      chatbotId?: string;
      outcome: AgentTurnOutcome;
    };

/** An http call made for the flow, with what it got. */
export interface MadeCall {
  request: HttpRequest;
  result: HttpResult;
  keptJson?: unknown;
  /** When the answer came back. */
  now: Date;
}

const entriesOf = (replies: readonly BotReply[], at: string): TranscriptEntry[] =>
  replies.map((r) => ({ type: 'bot', message: r.text, at }));

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

/** A flow that hands off or ends completes the session. */
function completionOf(outcome: FlowOutcome): { resolution: Resolution; reason: string | null } | null {
  if (outcome.type === 'handoff') return { resolution: 'escalated', reason: outcome.reason };
  if (outcome.type === 'ended') return { resolution: outcome.resolution, reason: null };
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

/** The step the flow waits at, when it waits for something. */
function waitingStep(state: Pick<ConversationState, 'status' | 'graph' | 'run'>) {
  if (state.status !== 'active' || state.run.finished) return undefined;
  return state.graph.steps.find((s) => s.id === state.run.stepId);
}

/**
 * The visitor's next message goes to the AI agent: an agent bot's conversation, or a flow
 * waiting at an ai step.
 */
export function waitsForAgent(state: ConversationState): boolean {
  return state.status === 'active' && (state.agent || waitingStep(state)?.type === 'ai');
}

/** The call the flow waits for, rendered: running the flow from its http step stops there at once. */
export function pendingHttpRequest(state: ConversationState): HttpRequest | null {
  if (waitingStep(state)?.type !== 'http') return null;
  const run = startFlow({ ...state.graph, start: state.run.stepId }, state.run.variables);
  return run.outcome.type === 'awaiting_http' ? run.outcome.request : null;
}

/**
 * The call the flow will wait for once this message is recorded, if any: the caller may make it
 * first and record the message and what the call got together (SendMessage's `call`), which
 * saves the views a second catch-up between the two. Null when the message would be refused.
 */
export function callAfterMessage(
  state: ConversationState,
  command: Extract<ConversationCommand, { type: 'SendMessage' }>,
): HttpRequest | null {
  try {
    return pendingHttpRequest(decideConversation(command, state).reduce(evolveConversation, state));
  } catch {
    return null;
  }
}

/**
 * A call made before its message was recorded counts only if the flow, as it stands once the
 * message is recorded, waits for exactly that call (a concurrent turn may have moved it on);
 * otherwise it is left out and the flow's own call is made afterwards.
 */
function madeCallEvents(call: MadeCall | undefined, state: ConversationState): ConversationEvent[] {
  if (!call) return [];
  const pending = pendingHttpRequest(state);
  if (!pending || JSON.stringify(pending) !== JSON.stringify(call.request)) return [];
  return decideConversation(
    { type: 'RecordHttpResult', result: call.result, keptJson: call.keptJson, now: call.now },
    state,
  );
}

/**
 * How the visitor may answer the question the flow waits at, if it waits at one. A list flow's
 * messages stay as they always were (its questions take any text), so only branching flows say.
 */
export function awaitedInput(state: ConversationState): ShownInput | null {
  if (isListFlow(state.flow)) return null;
  const step = waitingStep(state);
  return step?.type === 'question' ? shownInput(step.input) : null;
}

/** The variables a run set or changed, as stored. */
function changedVariables(before: FlowState, after: FlowState): Record<string, string> {
  return Object.fromEntries(Object.entries(after.variables).filter(([k, v]) => before.variables[k] !== v));
}

export function decideConversation(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  if (command.type === 'StartConversation') {
    if (state.status !== 'none') throw new ConflictError('Session already exists');
    const { type: _t, now, greeting, ...data } = command;
    const at = now.toISOString();
    if (data.aiAgent !== null) {
      const graph = graphOf(data.flow);
      const idle: FlowState = { stepId: graph.start, variables: {}, retries: 0, finished: true };
      const messages: TranscriptEntry[] = greeting ? [{ type: 'bot', message: greeting, at }] : [];
      return [{ type: 'ConversationStarted', data: { ...data, messages, flowState: idle, path: [], startedAt: at } }];
    }
    const run = startFlow(graphOf(data.flow));
    const started: ConversationStarted = {
      type: 'ConversationStarted',
      data: { ...data, messages: entriesOf(run.replies, at), flowState: run.state, path: run.path, startedAt: at },
    };
    const done = completionOf(run.outcome);
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
  const at = now.toISOString();
  const completes = (run: FlowRun, responseId: string | null, turnCount: number): ConversationEvent[] => {
    const done = completionOf(run.outcome);
    return done
      ? [completion({ ...ids, responseId }, done.resolution, done.reason, state.startedAt!, turnCount, now)]
      : [];
  };
  switch (command.type) {
    case 'SendMessage': {
      const run = answerQuestion(state.graph, state.run, command.message);
      const turnCount = state.turnCount + 1;
      const responseId = state.responseId ?? command.responseId;
      const entries: TranscriptEntry[] = [
        { type: 'user', message: command.message, at },
        ...entriesOf(run.replies, at),
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
        data: {
          ...ids,
          responseId,
          entries,
          answerVariables: run.state.variables,
          turnCount,
          flowState: run.state,
          path: run.path,
        },
      });
      if (state.responseId) events.push({ type: 'ResponseUpdated', data: { ...ids, responseId, updatedAt: at } });
      const recorded = [...events, ...completes(run, responseId, turnCount)];
      return [...recorded, ...madeCallEvents(command.call, recorded.reduce(evolveConversation, state))];
    }
    case 'RecordHttpResult': {
      const stepId = state.run.stepId;
      const run = resumeAfterHttp(state.graph, state.run, command.result);
      const { result } = command;
      const answered: ConversationEvent = {
        type: 'FlowHttpAnswered',
        data: {
          ...ids,
          responseId: state.responseId,
          stepId,
          status: result.ok ? result.status : null,
          error: result.ok ? null : result.reason,
          ...(command.keptJson === undefined ? {} : { json: command.keptJson }),
          saved: changedVariables(state.run, run.state),
          entries: entriesOf(run.replies, at),
          flowState: run.state,
          path: run.path,
        },
      };
      return [answered, ...completes(run, state.responseId, state.turnCount)];
    }
    case 'RecordAgentTurn':
      if (!waitsForAgent(state)) throw new ConflictError('This conversation is not waiting for the agent');
      return agentTurnEvents(command, state, ids);
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

/**
 * The events of an agent's turn: the messages as for a flow, the call, the end. In a flow's ai
 * step, an outcome that ends the agent's part hands the conversation back to the flow, whose
 * replies follow the agent's in the same turn.
 */
function agentTurnEvents(
  command: Extract<ConversationCommand, { type: 'RecordAgentTurn' }>,
  state: ConversationState,
  ids: { sessionId: string; chatbotId: string; workspaceId: string },
): ConversationEvent[] {
  const { outcome, now } = command;
  const at = now.toISOString();
  const turnCount = state.turnCount + 1;
  const responseId = state.responseId ?? command.responseId;
  const reply = visitorTextOf(outcome);
  const backToFlow = state.agent ? null : aiResultOf(outcome);
  const flowRun = backToFlow && resumeAfterAi(state.graph, state.run, backToFlow);
  // An answer of an agent with knowledge names what it cites, none included; other words name nothing.
  const cited = outcome.type === 'answer' && outcome.knowledge ? { sources: outcome.knowledge.sources } : {};
  const entries: TranscriptEntry[] = [
    { type: 'user', message: command.message, at },
    ...(reply ? [{ type: 'bot' as const, message: reply, at, ...cited }] : []),
    ...entriesOf(flowRun?.replies ?? [], at),
  ];
  // Where the agent's words are in the record (its user entry comes first), for provenance.
  const messageIndex = reply ? state.history.length + 1 : null;
  const flowState = flowRun?.state ?? state.run;
  const events: ConversationEvent[] = [];
  if (!state.responseId)
    events.push({ type: 'ResponseCreated', data: { ...ids, responseId, visitorId: state.visitorId!, chatDate: at } });
  events.push({
    type: 'MessagesRecorded',
    data: {
      ...ids,
      responseId,
      entries,
      answerVariables: flowState.variables,
      turnCount,
      flowState,
      path: flowRun?.path ?? [],
    },
  });
  if (state.responseId) events.push({ type: 'ResponseUpdated', data: { ...ids, responseId, updatedAt: at } });
  if (outcome.type === 'answer') {
    const summary = outcome.action.type === 'handoff' ? { handoffSummary: outcome.action.summary } : {};
    const provenance = outcome.knowledge ? { provenance: outcome.knowledge.provenance } : {};
    events.push({
      type: 'AgentAnswered',
      data: {
        ...ids,
        responseId,
        ...outcome.facts,
        toolCall: outcome.toolCall,
        ...summary,
        ...provenance,
        messageIndex,
      },
    });
    if (outcome.knowledge?.nothingFound)
      events.push(
        notFound(
          ids,
          responseId,
          command.message,
          outcome.action.type === 'handoff' ? 'handed_off' : 'answered_without_source',
          at,
        ),
      );
  } else if (outcome.type === 'no_knowledge') {
    events.push(
      notFound(ids, responseId, outcome.question, outcome.onNoAnswer === 'handoff' ? 'handed_off' : 'clarified', at),
    );
  } else {
    const failure =
      outcome.type === 'failure'
        ? { error: outcome.error, detail: outcome.detail, model: outcome.model, latencyMs: outcome.latencyMs }
        : {
            error: LIMIT_ERRORS[outcome.reached.limit],
            detail: limitDetail(outcome.reached),
            model: null,
            latencyMs: null,
          };
    events.push({ type: 'AgentFailed', data: { ...ids, responseId, ...failure } });
  }
  const done = flowRun ? completionOf(flowRun.outcome) : state.agent ? completionOfOutcome(outcome) : null;
  if (done)
    events.push(completion({ ...ids, responseId }, done.resolution, done.reason, state.startedAt!, turnCount, now));
  return events;
}

function notFound(
  ids: { sessionId: string; chatbotId: string; workspaceId: string },
  responseId: string,
  question: string,
  action: NoKnowledgeAction,
  askedAt: string,
): ConversationEvent {
  return { type: 'KnowledgeNotFound', data: { ...ids, responseId, question, action, askedAt } };
}

/**
 * Where a turn recorded before the flow engine left the flow: a list flow's question takes any
 * answer, so the answer given moves it on exactly as it did then.
 */
function legacyRun(state: ConversationState, entries: readonly TranscriptEntry[], answers: Record<string, string>) {
  const answer = entries.find((e) => e.type === 'user')?.message ?? '';
  return { ...answerQuestion(state.graph, state.run, answer).state, variables: answers };
}

export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'ConversationStarted': {
      const d = event.data;
      const flow = d.flow ?? DEFAULT_FLOW;
      const graph = graphOf(flow);
      return {
        ...initialConversationState,
        status: 'active',
        sessionId: d.sessionId,
        chatbotId: d.chatbotId,
        workspaceId: d.workspaceId,
        visitorId: d.visitorId,
        flow,
        flowVersion: d.flowVersion ?? null,
        graph,
        run: d.flowState ?? startFlow(graph).state,
        startedAt: d.startedAt,
        agent: d.aiAgent !== null && d.aiAgent !== undefined,
        history: d.messages,
      };
    }
    case 'ResponseCreated':
      return { ...state, responseId: event.data.responseId };
    case 'MessagesRecorded': {
      const d = event.data;
      const run = d.flowState ?? legacyRun(state, d.entries, d.answerVariables);
      return { ...state, run, turnCount: d.turnCount, history: [...state.history, ...d.entries] };
    }
    case 'FlowHttpAnswered':
      return { ...state, run: event.data.flowState, history: [...state.history, ...event.data.entries] };
    case 'AgentAnswered':
      return {
        ...state,
        agentAnswers: state.agentAnswers + 1,
        agentTokens: state.agentTokens + event.data.tokensIn + event.data.tokensOut,
      };
    // A request to rephrase counts as a turn, so the turn limit ends a conversation of them.
    case 'KnowledgeNotFound':
      return event.data.action === 'clarified' ? { ...state, agentAnswers: state.agentAnswers + 1 } : state;
    case 'ConversationCompleted':
      return { ...state, status: 'completed', resolution: event.data.resolution };
    default:
      return state;
  }
}

/** The bot's entries a command produced (with the sources an AI answer cites), for the visitor's answer. */
export function botEntriesOf(events: readonly ConversationEvent[]): TranscriptEntry[] {
  return events.flatMap((e) => {
    if (e.type === 'ConversationStarted') return e.data.messages;
    if (e.type === 'MessagesRecorded' || e.type === 'FlowHttpAnswered')
      return e.data.entries.filter((m) => m.type === 'bot');
    return [];
  });
}

/** The bot messages a command produced. */
export const botMessagesOf = (events: readonly ConversationEvent[]): string[] =>
  botEntriesOf(events).map((m) => m.message);

export const isCompletion = (events: readonly ConversationEvent[]): boolean =>
  events.some((e) => e.type === 'ConversationCompleted');

export const conversationDecider: Decider<ConversationCommand, ConversationState, ConversationEvent> = {
  decide: decideConversation,
  evolve: evolveConversation,
  initialState: initialConversationState,
};

export const conversationStream = (sessionId: string): string => `conversation-${sessionId}`;

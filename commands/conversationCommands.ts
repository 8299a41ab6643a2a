/**
 * Visitor chat commands. Each checks the chatbot (gone → 404, disabled → 403) from its own
 * stream, then decides on the conversation stream; the conversation keeps the published flow
 * version it started on, so a publish does not derail sessions in progress. When the flow waits
 * for one of its http calls, the call is made here (the domain makes none) and its result
 * recorded, until the flow waits for the visitor again or ends.
 */
import { ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.js';
import { type AgentTurnOutcome, limitOutcome } from '../domain/agent/agentTurn.js';
import { budgetReachedBeforeCall, type RecordedAiTokens } from './agentCallBudget.js';
import { type AgentModelDeps, callAgentModel, unusableAgent } from './agentModelCall.js';
import { chatbotStream, chatbotDecider, publishedFlow, type ChatbotState } from '../domain/chatbot/chatbot.js';
import { firstAiStep } from '../domain/chatbot/flowDocument.js';
import {
  conversationStream,
  botEntriesOf,
  conversationDecider,
  isCompletion,
  awaitedInput,
  callAfterMessage,
  pendingHttpRequest,
  waitsForAgent,
  type ConversationCommand,
  type ConversationState,
} from '../domain/conversation/conversation.js';
import type { ConversationEvent, EntrySource } from '../domain/conversation/conversationEvents.js';
import type { HttpRequest, HttpResult, ShownInput } from '../domain/flow/flowInterpreter.js';
import type { FlowSigningSecrets } from './flowSigningSecret.js';
import type { VisitorUser } from '../domain/conversation/visitorInput.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { newId } from './ids.js';
import { type AppendResult, comparePositions, type Position } from '../infrastructure/eventStore/eventStore.js';

/**
 * A visitor's turn answers without waiting for the views: the answer comes from the events it
 * appended, never from the views. The turn's last position is noted instead (aheadOfViews), and
 * whoever reads the workspace's views next waits for it then.
 */
const NO_WAIT = { waitForViews: false };

/** Who is asking: the request details that go into every event's metadata. */
export interface VisitorRequest {
  requestId: string;
  ip?: string;
  userAgent?: string;
}

export interface StartInput {
  visitorId: string | null;
  channel: string;
  customData: Record<string, string>;
  user: VisitorUser | null;
}

/** A bot message as the visitor gets it; an AI answer from knowledge names the documents it cites. */
export interface BotMessage {
  message: string;
  sources?: EntrySource[];
}

export interface ChatTurn {
  messages: BotMessage[];
  done: boolean;
  /** How the visitor may answer the question the last message asks, when it asks one. */
  input: ShownInput | null;
}

/** A started session, with what the widget shows of its chatbot and whose branding it wears. */
export interface StartedSession extends ChatTurn {
  sessionId: string;
  visitorId: string;
  chatbotName: string;
  workspaceId: string;
}

/** Ids come from URLs; anything that cannot be one of ours is simply unknown. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function visitorContext(visitorId: string, workspaceId: string, req: VisitorRequest): CommandContext {
  return {
    actor: { type: 'visitor', id: visitorId },
    workspaceId,
    correlationId: req.requestId,
    requestId: req.requestId,
    request: { ip: req.ip, userAgent: req.userAgent },
  };
}

/** The flow's http calls, made for the command layer by an adapter (infrastructure/flowHttp). */
export interface FlowHttp {
  call(request: HttpRequest, signingSecret: string): Promise<HttpResult>;
}

/** Where a turn that answered before the views include it is noted (projections/writesAheadOfViews.ts). */
export interface TurnsAheadOfViews {
  note(workspaceId: string, position: Position): void;
}

export interface ConversationCommandsDeps extends AgentModelDeps {
  aggregates: AggregateStore;
  aheadOfViews: TurnsAheadOfViews;
  aiTokens: RecordedAiTokens;
  flowHttp: FlowHttp;
  flowSigningSecrets: FlowSigningSecrets;
}

/** Each piece of a streamed answer's text, as it comes. */
export type TokenSink = (text: string) => void;

/** An http answer's JSON is kept in the conversation's events up to this size (as JSON text). */
export const FLOW_HTTP_KEPT_JSON = 16 * 1024;
/** More calls than any flow makes between two answers (a loop of http steps alone is refused). */
const MAX_CALLS_PER_TURN = 100;

export class ConversationCommands {
  constructor(private readonly deps: ConversationCommandsDeps) {}

  private async usableChatbot(botId: string): Promise<ChatbotState> {
    if (!ID.test(botId)) throw new NotFoundError('Chatbot not found');
    const { state } = await this.deps.aggregates.load(chatbotStream(botId), chatbotDecider);
    if (state.status !== 'active') throw new NotFoundError('Chatbot not found');
    if (state.fields.disabled) throw new ForbiddenError('This chatbot is disabled', 'CHATBOT_DISABLED');
    return state;
  }

  async start(botId: string, input: StartInput, req: VisitorRequest): Promise<StartedSession> {
    const chatbot = await this.usableChatbot(botId);
    const sessionId = newId();
    const visitorId = input.visitorId ?? newId();
    const ctx = visitorContext(visitorId, chatbot.workspaceId!, req);
    const { flow, version } = publishedFlow(chatbot);
    // An agent bot whose flow has an ai step runs the flow, and the agent talks at that step.
    const agent = chatbot.agent && firstAiStep(flow) === null ? chatbot.agent : null;
    const { events, state, result } = await this.deps.aggregates.handle(
      conversationStream(sessionId),
      conversationDecider,
      {
        type: 'StartConversation',
        now: this.deps.aggregates.now(),
        sessionId,
        chatbotId: botId,
        workspaceId: chatbot.workspaceId!,
        chatbotName: chatbot.fields.name,
        aiAgent: agent?.name ?? null,
        greeting: agent?.greeting ?? null,
        visitorId,
        channel: input.channel,
        customData: input.customData,
        user: input.user,
        flow,
        flowVersion: version,
      },
      ctx,
      NO_WAIT,
    );
    const settled = await this.callsOf(sessionId, state, ctx);
    this.noteTurn(chatbot.workspaceId!, [result, ...settled.results]);
    return {
      sessionId,
      visitorId,
      chatbotName: chatbot.fields.name,
      workspaceId: chatbot.workspaceId!,
      ...turnOf([...(events as ConversationEvent[]), ...settled.events], settled.state),
    };
  }

  /** `onToken`: an agent's answer is streamed piece by piece (a flow's replies come whole). */
  sendMessage(
    botId: string,
    sessionId: string,
    message: string,
    req: VisitorRequest,
    onToken?: TokenSink,
  ): Promise<ChatTurn> {
    return this.decide(
      botId,
      sessionId,
      req,
      (now) => ({ type: 'SendMessage', message, responseId: newId(), now }),
      onToken,
    );
  }

  escalate(botId: string, sessionId: string, reason: string, req: VisitorRequest): Promise<ChatTurn> {
    return this.decide(botId, sessionId, req, (now) => ({ type: 'Escalate', reason, now }));
  }

  end(botId: string, sessionId: string, req: VisitorRequest): Promise<ChatTurn> {
    return this.decide(botId, sessionId, req, (now) => ({ type: 'EndConversation', now }));
  }

  private async decide(
    botId: string,
    sessionId: string,
    req: VisitorRequest,
    command: (now: Date) => ConversationCommand,
    onToken?: TokenSink,
  ): Promise<ChatTurn> {
    const chatbot = await this.usableChatbot(botId);
    const session = await this.sessionOf(botId, sessionId);
    const ctx = visitorContext(session.visitorId!, session.workspaceId!, req);
    if (waitsForAgent(session)) {
      const agentCommand = command(this.deps.aggregates.now());
      if (agentCommand.type === 'SendMessage') return this.agentTurn(chatbot, session, agentCommand, ctx, onToken);
    }
    // A call left unanswered (the process stopped mid-call) is made before the visitor's turn.
    const before = await this.callsOf(sessionId, session, ctx);
    const { events, state, result } = await this.deps.aggregates.handle(
      conversationStream(sessionId),
      conversationDecider,
      await this.withCallMade({ ...command(this.deps.aggregates.now()), chatbotId: botId }, before.state),
      ctx,
      NO_WAIT,
    );
    const after = await this.callsOf(sessionId, state, ctx);
    this.noteTurn(session.workspaceId!, [...before.results, result, ...after.results]);
    return turnOf([...before.events, ...(events as ConversationEvent[]), ...after.events], after.state);
  }

  /**
   * One visitor message to the agent (an agent bot's, or a flow's at an ai step): one model call
   * (none once a limit is reached or without a usable connection), then the message and what the call
   * came to in one append. A failed call loses nothing: the message is recorded and the visitor
   * passed to a person. When the agent hands the visitor back to the flow, the flow's http
   * calls that follow are made as after any turn.
   */
  private async agentTurn(
    chatbot: ChatbotState,
    session: ConversationState,
    command: Extract<ConversationCommand, { type: 'SendMessage' }>,
    ctx: CommandContext,
    onToken?: TokenSink,
  ): Promise<ChatTurn> {
    // Checked before the call, so a completed conversation costs no tokens.
    if (session.status === 'completed')
      throw new ConflictError('This conversation is already completed', 'CONVERSATION_COMPLETED');
    const outcome = await this.agentOutcome(chatbot, session, command, onToken);
    const { events, state, result, occurredAt } = await this.deps.aggregates.handle(
      conversationStream(session.sessionId!),
      conversationDecider,
      {
        type: 'RecordAgentTurn',
        message: command.message,
        responseId: command.responseId,
        now: this.deps.aggregates.now(),
        chatbotId: chatbot.chatbotId!,
        outcome,
      },
      ctx,
      NO_WAIT,
    );
    // Counted at once for the next turn's budget check, which reads no view.
    for (const e of events as ConversationEvent[])
      if (e.type === 'AgentAnswered')
        this.deps.aiTokens.recorded(session.workspaceId!, new Date(occurredAt!), e.data.tokensIn + e.data.tokensOut);
    const after = await this.callsOf(session.sessionId!, state, ctx);
    this.noteTurn(session.workspaceId!, [result, ...after.results]);
    return turnOf([...(events as ConversationEvent[]), ...after.events], after.state);
  }

  private async agentOutcome(
    chatbot: ChatbotState,
    session: ConversationState,
    command: Extract<ConversationCommand, { type: 'SendMessage' }>,
    onToken?: TokenSink,
  ): Promise<AgentTurnOutcome> {
    const agent = chatbot.agent;
    if (!agent) return unusableAgent('The chatbot no longer has an agent');
    // Nothing reaches the model once a limit is reached: the month's budget, the conversation's own.
    const reached = await budgetReachedBeforeCall(this.deps, agent, session.workspaceId!, this.deps.aggregates.now(), {
      tokens: session.agentTokens,
      answers: session.agentAnswers,
    });
    if (reached) return limitOutcome(agent.handoff, reached);
    const history = [...session.history, { type: 'user' as const, message: command.message, at: '' }];
    return callAgentModel(this.deps, agent, session.workspaceId!, history, onToken);
  }

  /**
   * A message that leads the flow to an http call: the call is made first and recorded with the
   * message in one append: one write instead of two (the visitor waits for the call either way). Should the flow have moved on meanwhile, the message is recorded alone and its
   * own call made after it (callsOf).
   */
  private async withCallMade(command: ConversationCommand, state: ConversationState): Promise<ConversationCommand> {
    if (command.type !== 'SendMessage') return command;
    const request = callAfterMessage(state, command);
    if (!request) return command;
    const result = await this.deps.flowHttp.call(request, this.deps.flowSigningSecrets(state.chatbotId!));
    return { ...command, call: { request, result, keptJson: keptJsonOf(result), now: this.deps.aggregates.now() } };
  }

  /** Makes the http calls the flow waits for, one after the other, recording each result. */
  private async callsOf(
    sessionId: string,
    start: ConversationState,
    ctx: CommandContext,
  ): Promise<{ events: ConversationEvent[]; state: ConversationState; results: Array<AppendResult | null> }> {
    const events: ConversationEvent[] = [];
    const results: Array<AppendResult | null> = [];
    let state = start;
    for (let calls = 0; calls < MAX_CALLS_PER_TURN; calls++) {
      const request = pendingHttpRequest(state);
      if (!request) break;
      const result = await this.deps.flowHttp.call(request, this.deps.flowSigningSecrets(state.chatbotId!));
      const handled = await this.deps.aggregates.handle(
        conversationStream(sessionId),
        conversationDecider,
        { type: 'RecordHttpResult', result, keptJson: keptJsonOf(result), now: this.deps.aggregates.now() },
        ctx,
        NO_WAIT,
      );
      events.push(...(handled.events as ConversationEvent[]));
      results.push(handled.result);
      state = handled.state;
    }
    return { events, state, results };
  }

  /**
   * Read-your-writes for a whole turn, kept by its readers: the turn's last append (which covers
   * the earlier ones) is noted for the workspace, and a read of the workspace's views waits until
   * they include it (DESIGN.md decision 7). The visitor's answer is built from the turn's events.
   */
  private noteTurn(workspaceId: string, results: Array<AppendResult | null>): void {
    const last = results.reduce<AppendResult | null>(
      (a, b) => (b && (!a || comparePositions(b.position, a.position) > 0) ? b : a),
      null,
    );
    if (last) this.deps.aheadOfViews.note(workspaceId, last.position);
  }

  /** A session of this chatbot, or 404: a session id under another bot's URL is unknown. */
  private async sessionOf(botId: string, sessionId: string): Promise<ConversationState> {
    if (!ID.test(sessionId)) throw new NotFoundError('Session not found');
    const { state } = await this.deps.aggregates.load(conversationStream(sessionId), conversationDecider);
    if (state.status === 'none' || state.chatbotId !== botId) throw new NotFoundError('Session not found');
    return state;
  }
}

function turnOf(events: ConversationEvent[], state: ConversationState): ChatTurn {
  const messages = botEntriesOf(events).map((m) =>
    m.sources ? { message: m.message, sources: m.sources } : { message: m.message },
  );
  return { messages, done: isCompletion(events), input: awaitedInput(state) };
}

/** The answer's JSON, when small enough to keep with the conversation. */
function keptJsonOf(result: HttpResult): unknown {
  if (!result.ok || result.json === undefined) return undefined;
  const text = JSON.stringify(result.json);
  return text.length <= FLOW_HTTP_KEPT_JSON ? result.json : undefined;
}

/**
 * Visitor chat commands. Each checks the chatbot (gone → 404, disabled → 403) from its own
 * stream, then decides on the conversation stream; the conversation keeps the flow it started
 * with, so an edit to the chatbot does not derail sessions in progress.
 */
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { chatbotStream, chatbotDecider, publishedFlow, type ChatbotState } from '../domain/chatbot/chatbot.js';
import type { Flow } from '../domain/chatbot/flow.js';
import {
  conversationStream,
  botMessagesOf,
  conversationDecider,
  isCompletion,
  type ConversationCommand,
  type ConversationState,
} from '../domain/conversation/conversation.js';
import type { ConversationEvent } from '../domain/conversation/conversationEvents.js';
import type { VisitorUser } from '../domain/conversation/visitorInput.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { newId } from './ids.js';

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

export interface ChatTurn {
  messages: string[];
  done: boolean;
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

export interface ConversationCommandsDeps {
  aggregates: AggregateStore;
}

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
    const { events } = await this.deps.aggregates.handle(
      conversationStream(sessionId),
      conversationDecider,
      {
        type: 'StartConversation',
        now: this.deps.aggregates.now(),
        sessionId,
        chatbotId: botId,
        workspaceId: chatbot.workspaceId!,
        chatbotName: chatbot.fields.name,
        aiAgent: null,
        visitorId,
        channel: input.channel,
        customData: input.customData,
        user: input.user,
        flow: publishedFlow(chatbot).flow as Flow,
      },
      visitorContext(visitorId, chatbot.workspaceId!, req),
    );
    return {
      sessionId,
      visitorId,
      chatbotName: chatbot.fields.name,
      workspaceId: chatbot.workspaceId!,
      ...turnOf(events as ConversationEvent[]),
    };
  }

  sendMessage(botId: string, sessionId: string, message: string, req: VisitorRequest): Promise<ChatTurn> {
    return this.decide(botId, sessionId, req, (now) => ({ type: 'SendMessage', message, responseId: newId(), now }));
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
  ): Promise<ChatTurn> {
    await this.usableChatbot(botId);
    const session = await this.sessionOf(botId, sessionId);
    const ctx = visitorContext(session.visitorId!, session.workspaceId!, req);
    const { events } = await this.deps.aggregates.handle(
      conversationStream(sessionId),
      conversationDecider,
      { ...command(this.deps.aggregates.now()), chatbotId: botId },
      ctx,
    );
    return turnOf(events as ConversationEvent[]);
  }

  /** A session of this chatbot, or 404: a session id under another bot's URL is unknown. */
  private async sessionOf(botId: string, sessionId: string): Promise<ConversationState> {
    if (!ID.test(sessionId)) throw new NotFoundError('Session not found');
    const { state } = await this.deps.aggregates.load(conversationStream(sessionId), conversationDecider);
    if (state.status === 'none' || state.chatbotId !== botId) throw new NotFoundError('Session not found');
    return state;
  }
}

function turnOf(events: ConversationEvent[]): ChatTurn {
  return { messages: botMessagesOf(events), done: isCompletion(events) };
}

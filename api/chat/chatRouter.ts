/**
 * The public visitor chat API at /api/v1/chat (docs/chat-api.md). No API key: any site may embed
 * the widget, so CORS is open, bodies are small, and every address is rate-limited, with a
 * tighter limit on starting sessions (each one is a stream of events).
 */
import { Router, type RequestHandler, type Response } from 'express';
import { jsonBody } from '../http/jsonBody.js';
import cors from 'cors';
import type { RateLimiter, RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';
import { TooManyRequestsError } from '../../domain/errors.js';
import { validateChannel, validateCustomData, validateMessage } from '../../domain/conversation/visitorInput.js';
import { validateReason, validateUser, validateVisitorId } from '../../domain/conversation/visitorInput.js';
import type { ConversationCommands, ChatTurn, VisitorRequest } from '../../commands/conversationCommands.js';
import { addRoute } from '../http/route.js';
import { answerAsEventStream, wantsEventStream } from './eventStreamAnswer.js';
import { rateLimitKeyOf } from '../http/clientAddressKey.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import {
  DEFAULT_CHAT_COLORS,
  botParams,
  doneResult,
  escalateBody,
  messageBody,
  sessionParams,
  sessionStarted,
  startSessionBody,
  turnResult,
} from './chatSchemas.js';

export const CHAT_MOUNT = '/api/v1/chat';

export interface ChatLimits {
  /** Chat requests per client address per minute. */
  requestsPerMinute: number;
  /** Sessions a client address may start per hour. */
  sessionStartsPerHour: number;
  /** Largest JSON body, in bytes. */
  bodyBytes: number;
}

/**
 * The chat API promises no limit, so these only stop floods: a client (a test suite, a busy shop
 * behind one NAT address) that starts a few hundred sessions must never see a 429.
 */
export const CHAT_LIMITS: ChatLimits = { requestsPerMinute: 600, sessionStartsPerHour: 1000, bodyBytes: 16 * 1024 };

/** Counts per client address; IPv6 clients per /64 (see rateLimitKeyOf). */
function limitPerAddress(limiter: RateLimiter, message: string): RequestHandler {
  return async (req, _res, next) => {
    try {
      const decision = await limiter.consume(rateLimitKeyOf(req.ip));
      next(decision.allowed ? undefined : new TooManyRequestsError(message, decision.resetSeconds));
    } catch (err) {
      next(err);
    }
  };
}

/** A workspace's colors as its branding view holds them; null when it has no document yet. */
export interface ChatBranding {
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

/** What the visitor chat API uses, handed over by the composition root. */
export interface ChatApiDeps {
  conversations: ConversationCommands;
  rateLimiters: RateLimiterFactory;
  /** The workspace's branding (the workspace_branding view), for the widget's colors. */
  brandingOf(workspaceId: string): Promise<ChatBranding | null>;
}

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/**
 * The colors the widget gets. Branding is decoration: a view that cannot be read, or a value
 * that is not #RRGGBB, falls back to the defaults rather than failing a session that has
 * already been started (its events are appended by then).
 */
async function colorsOf(brandingOf: ChatApiDeps['brandingOf'], workspaceId: string) {
  const b = await brandingOf(workspaceId).catch(() => null);
  const pick = (v: unknown, fallback: string) => (typeof v === 'string' && HEX_COLOR.test(v) ? v : fallback);
  return {
    primaryColor: pick(b?.primaryColor, DEFAULT_CHAT_COLORS.primaryColor),
    secondaryColor: pick(b?.secondaryColor, DEFAULT_CHAT_COLORS.secondaryColor),
  };
}

function visitorRequest(res: Response): VisitorRequest {
  return { requestId: res.locals.requestId, ip: res.locals.clientIp, userAgent: res.locals.userAgent };
}

/** The bot's messages; the last one, when it asks a question, says how it may be answered. */
const asBot = (turn: ChatTurn) => ({
  messages: turn.messages.map(({ message, sources }, i) => ({
    type: 'bot' as const,
    message,
    ...(sources ? { sources } : {}),
    ...(turn.input && i === turn.messages.length - 1 ? { input: turn.input } : {}),
  })),
  done: turn.done,
});

export function chatRouter(
  { conversations, rateLimiters, brandingOf }: ChatApiDeps,
  registry: OpenApiRegistry,
  limits: ChatLimits = CHAT_LIMITS,
): Router {
  const router = Router();
  const requests = rateLimiters.create({ name: 'chat-ip', points: limits.requestsPerMinute, durationSeconds: 60 });
  const starts = rateLimiters.create({
    name: 'chat-start-ip',
    points: limits.sessionStartsPerHour,
    durationSeconds: 3600,
  });

  router.use(
    cors({
      origin: '*',
      methods: ['POST'],
      allowedHeaders: ['Content-Type'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Count the request before reading its body, so a flood costs us as little as possible.
  router.use(limitPerAddress(requests, 'Too many chat requests from this address. Try again later.'));
  // Bodies are JSON, sent as application/json (the widget does); anything else is 415.
  router.use(...jsonBody({ limit: limits.bodyBytes }));

  const tags = ['Visitor chat'];
  const security = 'none' as const;
  const errors = {
    400: { description: 'Bad body' },
    403: { description: 'Chatbot disabled' },
    404: { description: 'Unknown chatbot or session' },
    429: { description: 'Rate limited' },
  };

  addRoute(
    router,
    registry,
    CHAT_MOUNT,
    {
      method: 'post',
      path: '/:botId/sessions',
      summary: 'Start a chat session (emits conversation.started)',
      tags,
      security,
      params: botParams,
      body: startSessionBody,
      responses: {
        201: {
          description:
            "The session, the bot's first messages, and the chatbot's name and workspace colors for the widget",
          schema: sessionStarted,
        },
        ...errors,
      },
    },
    async ({ params, body, req, res }) => {
      const input = {
        visitorId: validateVisitorId(body.visitorId),
        channel: validateChannel(body.channel),
        customData: validateCustomData(body.customData),
        user: validateUser(body.user),
      };
      const decision = await starts.consume(rateLimitKeyOf(req.ip));
      if (!decision.allowed)
        throw new TooManyRequestsError(
          'Too many chat sessions started from this address. Try again later.',
          decision.resetSeconds,
        );
      const started = await conversations.start(params.botId, input, visitorRequest(res));
      // The widget's one call at start also brings what it needs to look like its brand.
      const branding = await colorsOf(brandingOf, started.workspaceId);
      return {
        status: 201,
        body: {
          sessionId: started.sessionId,
          visitorId: started.visitorId,
          ...asBot(started),
          chatbot: { name: started.chatbotName },
          branding,
        },
      };
    },
  );

  addRoute(
    router,
    registry,
    CHAT_MOUNT,
    {
      method: 'post',
      path: '/:botId/sessions/:sessionId/messages',
      summary: 'Send a visitor message; the first creates the response record',
      tags,
      security,
      params: sessionParams,
      body: messageBody,
      responses: {
        200: {
          description:
            "The bot's replies. With `Accept: text/event-stream`, an agent's answer streams as `token` events ({text}) and ends with a `done` event carrying this JSON",
          schema: turnResult,
        },
        409: { description: 'Session already completed' },
        ...errors,
      },
    },
    async ({ params, body, req, res }) => {
      const message = validateMessage(body.message);
      const send = (onToken?: (text: string) => void) =>
        conversations.sendMessage(params.botId, params.sessionId, message, visitorRequest(res), onToken);
      if (!wantsEventStream(req)) return { body: asBot(await send()) };
      await answerAsEventStream(res, async (onToken) => asBot(await send(onToken)));
    },
  );

  addRoute(
    router,
    registry,
    CHAT_MOUNT,
    {
      method: 'post',
      path: '/:botId/sessions/:sessionId/escalate',
      summary: 'Hand the conversation to a person (resolution escalated)',
      tags,
      security,
      params: sessionParams,
      body: escalateBody,
      responses: {
        200: { description: 'Completed', schema: doneResult },
        409: { description: 'Session already completed' },
        ...errors,
      },
    },
    async ({ params, body, res }) => {
      await conversations.escalate(params.botId, params.sessionId, validateReason(body.reason), visitorRequest(res));
      return { body: { done: true } };
    },
  );

  addRoute(
    router,
    registry,
    CHAT_MOUNT,
    {
      method: 'post',
      path: '/:botId/sessions/:sessionId/end',
      summary: 'End the conversation (resolution ended)',
      tags,
      security,
      params: sessionParams,
      responses: {
        200: { description: 'Completed', schema: doneResult },
        409: { description: 'Session already completed' },
        ...errors,
      },
    },
    async ({ params, res }) => {
      await conversations.end(params.botId, params.sessionId, visitorRequest(res));
      return { body: { done: true } };
    },
  );

  return router;
}

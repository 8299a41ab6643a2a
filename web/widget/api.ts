/** Client for the visitor chat API (docs/chat-api.md). */
import { inputOf } from './inputs.js';
import { hexColor } from './options.js';
import { withSources } from './sources.js';
import type { Brand, ChatMessage, VisitorUser } from './types.js';
// The Node SDK's parser: pure, no imports, the event-stream rules in one place.
import { ServerSentEventParser, type ServerSentEvent } from '../../sdks/node/src/core/serverSentEvents.js';

/** status 0: the request never got an HTTP answer (offline, DNS, CORS, timeout). */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface StartBody {
  visitorId: string;
  channel: 'web';
  customData: Record<string, string>;
  user?: VisitorUser;
}

export interface StartResult {
  sessionId: string;
  visitorId?: string;
  messages: ChatMessage[];
  done: boolean;
  brand: Brand;
}

export interface ReplyResult {
  messages: ChatMessage[];
  done: boolean;
}

const TIMEOUT_MS = 20000;

/**
 * A streamed answer that stopped before its `done` event, after `partial` had come. The service
 * finishes and records the answer whatever happens to the connection, so sending the message
 * again would record it twice: the widget keeps what came and says the answer was cut off.
 */
export class StreamCutError extends ApiError {
  constructor(public partial: string) {
    super(0, 'answer cut off');
  }
}

/** The message with its question's input when it carries one the widget can offer. */
export function withInput(m: ChatMessage, raw: unknown): ChatMessage {
  const input = inputOf(raw);
  if (input) m.input = input;
  return m;
}

function botMessages(list: unknown): ChatMessage[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((m) => m && typeof m.message === 'string')
    .map((m) => withSources(withInput({ type: 'bot', message: m.message as string }, m.input), m.sources));
}

/** The chatbot's name and workspace colors; what is missing or malformed is left out. */
export function brandOf(d: any): Brand {
  const name = d.chatbot && d.chatbot.name;
  const b = d.branding || {};
  return {
    name: typeof name === 'string' && name.trim() ? name.trim() : undefined,
    primaryColor: hexColor(b.primaryColor),
    secondaryColor: hexColor(b.secondaryColor),
  };
}

/** The request's answer (headers), or ApiError(0) when none came within TIMEOUT_MS. */
async function request(url: string, body: unknown, accept: string, ctrl?: AbortController): Promise<Response> {
  const timer = ctrl && setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: ctrl && ctrl.signal,
    });
  } catch {
    throw new ApiError(0, 'network error');
  } finally {
    clearTimeout(timer as ReturnType<typeof setTimeout>);
  }
}

const controller = () => (typeof AbortController === 'function' ? new AbortController() : undefined);

async function post(url: string, body: unknown): Promise<any> {
  return jsonOf(await request(url, body, 'application/json', controller()));
}

/** A JSON answer's body; an error answer as ApiError with its status and message. */
async function jsonOf(res: Response): Promise<any> {
  let data: any = null;
  try {
    data = await res.json();
  } catch {
    // empty or non-JSON body
  }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || res.statusText);
  if (!data || typeof data !== 'object') throw new ApiError(0, 'bad response');
  return data;
}

export function createApi(apiBase: string, botId: string) {
  const root = `${apiBase}/api/v1/chat/${encodeURIComponent(botId)}/sessions`;
  return {
    async start(body: StartBody): Promise<StartResult> {
      const d = await post(root, body);
      if (typeof d.sessionId !== 'string') throw new ApiError(0, 'bad response');
      return {
        sessionId: d.sessionId,
        visitorId: typeof d.visitorId === 'string' ? d.visitorId : undefined,
        messages: botMessages(d.messages),
        done: d.done === true,
        brand: brandOf(d),
      };
    },
    async send(sessionId: string, message: string): Promise<ReplyResult> {
      return replyOf(await post(`${root}/${encodeURIComponent(sessionId)}/messages`, { message }));
    },
    /**
     * Sends the message asking for a streamed answer: `onToken` gets each piece of an agent's
     * answer as it comes, and the result is the whole answer (the `done` event). A flow's
     * replies come whole. An `error` event means the service could not answer and recorded
     * nothing, so the message is sent once more as plain JSON; a stream cut before `done` is a
     * StreamCutError with what came.
     */
    async stream(sessionId: string, message: string, onToken: (text: string) => void): Promise<ReplyResult> {
      const url = `${root}/${encodeURIComponent(sessionId)}/messages`;
      const ctrl = controller();
      const res = await request(url, { message }, 'text/event-stream', ctrl);
      if (!res.ok || !/^text\/event-stream/i.test(res.headers.get('content-type') || ''))
        return replyOf(await jsonOf(res));
      let partial = '';
      let failed = false;
      const take = (e: ServerSentEvent): ReplyResult | undefined => {
        let data: any;
        try {
          data = JSON.parse(e.data);
        } catch {
          return;
        }
        if (e.event === 'token' && data && typeof data.text === 'string') {
          partial += data.text;
          onToken(data.text);
        } else if (e.event === 'done' && data && typeof data === 'object') return replyOf(data);
        else if (e.event === 'error') failed = true;
      };
      const found = await readEvents(res, take, ctrl).catch(() => undefined);
      if (found) return found;
      if (failed) return this.send(sessionId, message);
      throw new StreamCutError(partial);
    },
  };
}

const replyOf = (d: any): ReplyResult => ({ messages: botMessages(d.messages), done: d.done === true });

/**
 * Feeds the body's events to `take` as they arrive until it answers something; each wait for
 * the next piece may take TIMEOUT_MS. Browsers without a readable body get the events at the end.
 */
async function readEvents<T>(
  res: Response,
  take: (e: ServerSentEvent) => T | undefined,
  ctrl?: AbortController,
): Promise<T | undefined> {
  const parser = new ServerSentEventParser();
  const each = (text: string) => {
    for (const e of parser.push(text)) {
      const found = take(e);
      if (found !== undefined) return found;
    }
  };
  if (!res.body || typeof TextDecoder !== 'function') return each(await res.text());
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const timer = ctrl && setTimeout(() => ctrl.abort(), TIMEOUT_MS);
    const { done, value } = await reader.read().finally(() => clearTimeout(timer as ReturnType<typeof setTimeout>));
    const found = each(done ? decoder.decode() : decoder.decode(value, { stream: true }));
    if (found !== undefined || done) {
      if (!done) reader.cancel().catch(() => {});
      return found;
    }
  }
}

export type ChatApi = ReturnType<typeof createApi>;

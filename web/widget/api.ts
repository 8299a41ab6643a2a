/** Client for the visitor chat API (docs/chat-api.md). */
import { inputOf } from './inputs.js';
import { hexColor } from './options.js';
import type { Brand, ChatMessage, VisitorUser } from './types.js';

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
    .map((m) => withInput({ type: 'bot', message: m.message as string }, m.input));
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

async function post(url: string, body: unknown): Promise<any> {
  const ctrl = typeof AbortController === 'function' ? new AbortController() : undefined;
  const timer = ctrl && setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: ctrl && ctrl.signal,
    });
  } catch {
    throw new ApiError(0, 'network error');
  } finally {
    clearTimeout(timer as ReturnType<typeof setTimeout>);
  }
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
      const d = await post(`${root}/${encodeURIComponent(sessionId)}/messages`, { message });
      return { messages: botMessages(d.messages), done: d.done === true };
    },
  };
}

export type ChatApi = ReturnType<typeof createApi>;

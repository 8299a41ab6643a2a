/** Shapes shared by the widget modules. */
import type { AnswerInput } from './inputs.js';
import type { CitedSource } from './sources.js';

export type EmbedType = 'bubble' | 'inline' | 'fullpage';

export interface ChatMessage {
  type: 'bot' | 'user';
  message: string;
  /** On a bot message that asks a question: how it may be answered. */
  input?: AnswerInput;
  /** On an agent's answer: the documents it cites. */
  sources?: CitedSource[];
}

export interface VisitorUser {
  id?: string;
  email?: string;
  name?: string;
}

/** Options as a host page passes them (loosely typed: it is untrusted input). */
export interface WidgetOptions {
  customData?: Record<string, unknown>;
  user?: Record<string, unknown>;
  apiBase?: string;
  title?: string;
  primaryColor?: string;
  container?: Element | string;
}

/** Options after validation. */
export interface Settings {
  botId: string;
  embed: EmbedType;
  apiBase: string;
  /** Set by the page: wins over the chatbot's own name (Brand.name). */
  title?: string;
  /** Set by the page: wins over the workspace's color (Brand.primaryColor). */
  primaryColor?: string;
  customData: Record<string, string>;
  user?: VisitorUser;
  container?: Element | string;
}

/** How the chat API says the widget should look: the chatbot's name, its workspace's colors. */
export interface Brand {
  name?: string;
  primaryColor?: string;
  secondaryColor?: string;
}

export interface WidgetHandle {
  open(): void;
  close(): void;
  destroy(): void;
}

/** What survives a page reload. */
export interface StoredSession {
  sessionId: string;
  messages: ChatMessage[];
  done: boolean;
  updatedAt: number;
}

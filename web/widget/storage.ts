/**
 * Visitor id and per-bot session persistence. localStorage when the browser allows it
 * (a reload, a new tab or the next page of a shop resumes the same conversation), an
 * in-memory map otherwise (sandboxed iframes, blocked storage).
 */
import { brandOf, withInput } from './api.js';
import { withSources } from './sources.js';
import type { Brand, ChatMessage, StoredSession } from './types.js';

const VISITOR_KEY = 'confab:visitor';
const sessionKey = (botId: string) => `confab:session:${botId}`;
const openKey = (botId: string) => `confab:open:${botId}`;
const brandKey = (botId: string) => `confab:brand:${botId}`;
/** A conversation idle longer than this starts over. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const memory: Record<string, string> = {};

function backend(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const s = window[kind];
    s.setItem('confab:probe', '1');
    s.removeItem('confab:probe');
    return s;
  } catch {
    return null;
  }
}

function get(key: string, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): string | null {
  const s = backend(kind);
  return s ? s.getItem(key) : key in memory ? memory[key] : null;
}

function set(key: string, value: string | null, kind: 'localStorage' | 'sessionStorage' = 'localStorage') {
  const s = backend(kind);
  try {
    if (value === null) s ? s.removeItem(key) : delete memory[key];
    else s ? s.setItem(key, value) : (memory[key] = value);
  } catch {
    // quota exceeded: the conversation still works, it just will not survive a reload
  }
}

export function newId(): string {
  const c = window.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && c.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = (Math.random() * 256) | 0;
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
}

export function getVisitorId(): string {
  let id = get(VISITOR_KEY);
  if (!id) {
    id = newId();
    set(VISITOR_KEY, id);
  }
  return id;
}

export function setVisitorId(id: string) {
  set(VISITOR_KEY, id);
}

function isMessage(m: any): m is ChatMessage {
  return m && (m.type === 'bot' || m.type === 'user') && typeof m.message === 'string';
}

export function loadSession(botId: string): StoredSession | null {
  try {
    const s = JSON.parse(get(sessionKey(botId)) || 'null');
    if (
      s &&
      typeof s.sessionId === 'string' &&
      Array.isArray(s.messages) &&
      s.messages.every(isMessage) &&
      typeof s.updatedAt === 'number' &&
      Date.now() - s.updatedAt < SESSION_TTL_MS
    ) {
      // The question's input goes through the same checks as an API answer: a reload offers its buttons again.
      const messages = s.messages.map((m: ChatMessage) =>
        withSources(withInput({ type: m.type, message: m.message }, m.input), m.sources),
      );
      return { sessionId: s.sessionId, messages, done: s.done === true, updatedAt: s.updatedAt };
    }
  } catch {
    // corrupt entry: start over
  }
  clearSession(botId);
  return null;
}

export function saveSession(botId: string, s: StoredSession) {
  s.updatedAt = Date.now();
  set(sessionKey(botId), JSON.stringify(s));
}

export function clearSession(botId: string) {
  set(sessionKey(botId), null);
}

/** Whether the bubble was open, per tab, so it stays open while the visitor browses. */
export function loadOpen(botId: string): boolean {
  return get(openKey(botId), 'sessionStorage') === '1';
}

export function saveOpen(botId: string, open: boolean) {
  set(openKey(botId), open ? '1' : null, 'sessionStorage');
}

/**
 * The bot's name and colors from its last session start, so a returning visitor (whose
 * session resumes without a start request) and a closed bubble's launcher wear them at once.
 * Read back through the same checks as an API answer.
 */
export function loadBrand(botId: string): Brand {
  try {
    const b = JSON.parse(get(brandKey(botId)) || '{}');
    return brandOf({ chatbot: { name: b && b.name }, branding: b });
  } catch {
    return {};
  }
}

export function saveBrand(botId: string, brand: Brand) {
  set(brandKey(botId), JSON.stringify(brand));
}

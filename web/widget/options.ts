/** Validation of what the host page passes to ConfabWidget(). */
import type { EmbedType, Settings, VisitorUser, WidgetOptions } from './types.js';

export const DEFAULT_COLOR = '#2563eb';
const EMBEDS: EmbedType[] = ['bubble', 'inline', 'fullpage'];

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

// The chat API's limits (domain/conversation/visitorInput.ts): data over them is clipped
// here so an embedder's oversized customData cannot stop the conversation from starting.
const MAX_KEYS = 20;
const MAX_KEY = 64;
const MAX_VALUE = 500;
const MAX_USER_FIELD = 200;
const RESERVED = ['__proto__', 'constructor', 'prototype'];

export function cleanCustomData(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (input && typeof input === 'object') {
    for (const k of Object.keys(input)) {
      if (Object.keys(out).length >= MAX_KEYS) break;
      if (!k || k.length > MAX_KEY || RESERVED.indexOf(k) >= 0) continue;
      const v = scalar((input as Record<string, unknown>)[k]);
      if (v !== undefined) out[k] = v.slice(0, MAX_VALUE);
    }
  }
  return out;
}

export function cleanUser(input: unknown): VisitorUser | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const out: VisitorUser = {};
  for (const k of ['id', 'email', 'name'] as const) {
    const v = scalar((input as Record<string, unknown>)[k]);
    if (v) out[k] = v.slice(0, MAX_USER_FIELD);
  }
  return Object.keys(out).length ? out : undefined;
}

function cleanColor(c: unknown): string {
  if (typeof c === 'string' && c.trim()) {
    try {
      if (window.CSS && CSS.supports('color', c.trim())) return c.trim();
    } catch {
      // fall through
    }
  }
  return DEFAULT_COLOR;
}

/** Black or white, whichever reads better on a #rgb / #rrggbb background. */
export function textOn(color: string): string {
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return '#fff';
  let hex = m[1];
  if (hex.length === 3) hex = hex.replace(/./g, '$&$&');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.4 ? '#111' : '#fff';
}

export function toSettings(
  botId: unknown,
  embedType: unknown,
  options: WidgetOptions | undefined,
  scriptBase: string,
): Settings {
  if (typeof botId !== 'string' || !botId.trim()) throw new Error('ConfabWidget: botId is required');
  const o = options && typeof options === 'object' ? options : {};
  const embed = EMBEDS.indexOf(embedType as EmbedType) >= 0 ? (embedType as EmbedType) : 'bubble';
  if (embed === 'inline' && !o.container) throw new Error("ConfabWidget: 'inline' needs options.container");
  const base = typeof o.apiBase === 'string' && o.apiBase ? o.apiBase : scriptBase;
  return {
    botId: botId.trim(),
    embed,
    apiBase: base.replace(/\/+$/, ''),
    title: typeof o.title === 'string' && o.title.trim() ? o.title.trim() : 'Chat',
    primaryColor: cleanColor(o.primaryColor),
    customData: cleanCustomData(o.customData),
    user: cleanUser(o.user),
    container: o.container,
  };
}

/** The element an inline widget renders into, or null while the page has not parsed it yet. */
export function resolveContainer(c: Element | string | undefined): Element | null {
  if (!c) return null;
  if (typeof c === 'string') return document.querySelector(c); // throws on an invalid selector
  return c instanceof Element ? c : null;
}

/** Validation of what the host page passes to ConfabWidget(). */
import type { EmbedType, Settings, VisitorUser, WidgetOptions } from './types.js';

/** The workspace branding's default primary color, until the chat API has said otherwise. */
export const DEFAULT_COLOR = '#4F46E5';
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

/** The page's color option, when it is one the browser understands. */
function cleanColor(c: unknown): string | undefined {
  if (typeof c === 'string' && c.trim()) {
    try {
      if (window.CSS && CSS.supports('color', c.trim())) return c.trim();
    } catch {
      // fall through
    }
  }
  return undefined;
}

/** A #RRGGBB color as the chat API sends it, or undefined. */
export function hexColor(v: unknown): string | undefined {
  return typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v) ? v : undefined;
}

/** WCAG relative luminance of #rgb / #rrggbb; undefined for any other notation. */
function luminance(color: string): number | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return undefined;
  const hex = m[1].length === 3 ? m[1].replace(/./g, '$&$&') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colors (1 when either is not hex: assume the worst). */
export function contrast(a: string, b: string): number {
  const x = luminance(a);
  const y = luminance(b);
  if (x === undefined || y === undefined) return 1;
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Text color on a brand color: white when it reads at 4.5:1 (the usual look of a brand
 * button), else near-black #111 when that does, else black, which always does once white
 * fails (the two cross near 4.58:1). Non-hex page colors get white.
 */
export function textOn(color: string): string {
  if (luminance(color) === undefined || contrast(color, '#fff') >= 4.5) return '#fff';
  return contrast(color, '#111') >= 4.5 ? '#111' : '#000';
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
    title: typeof o.title === 'string' && o.title.trim() ? o.title.trim() : undefined,
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

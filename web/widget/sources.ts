/**
 * The documents an agent's answer cites: read from the chat API's bot message (untrusted, so
 * checked) and shown under the answer as a numbered list, each title a link when it is a web
 * page. Titles reach the page as text only; a link is only ever http(s).
 */
import { h } from './dom.js';
import type { ChatMessage } from './types.js';

export interface CitedSource {
  /** The number the answer cites it by ([1]). */
  ref: number;
  title: string;
  url: string | null;
}

/** The message with the sources it cites, when it cites any. */
export function withSources(m: ChatMessage, raw: unknown): ChatMessage {
  if (!Array.isArray(raw)) return m;
  const list: CitedSource[] = raw
    .filter((s) => s && typeof s.title === 'string' && s.title)
    .map((s, i) => ({
      ref: s.ref > 0 ? Math.floor(s.ref) : i + 1,
      title: s.title,
      url: typeof s.url === 'string' && /^https?:\/\//i.test(s.url) ? s.url : null,
    }));
  if (list.length) m.sources = list;
  return m;
}

/** "Sources" and the numbered titles, for under the answer's text. */
export function sourceList(list: CitedSource[]): HTMLElement {
  const ol = h('ol', { 'aria-label': 'Sources' });
  for (const s of list)
    ol.append(
      h(
        'li',
        { value: String(s.ref) },
        s.url
          ? h(
              'a',
              { href: s.url, target: '_blank', rel: 'noopener' },
              s.title,
              h('span', { class: 'sr' }, ' (new tab)'),
            )
          : s.title,
      ),
    );
  return h('div', { class: 'cs' }, h('span', { class: 'cl', 'aria-hidden': 'true' }, 'Sources'), ol);
}

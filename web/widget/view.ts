/**
 * The widget's DOM, inside an open shadow root. Server text only ever reaches the page
 * through textContent; the only markup strings are the static icons below.
 */
import { CSS } from './styles.js';
import { textOn } from './options.js';
import type { ChatMessage, Settings } from './types.js';

const ICON_CHAT =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2z"/></svg>';
const ICON_CLOSE =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z"/></svg>';
const ICON_SEND = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 21 23 12 2 3v7l15 2-15 2z"/></svg>';

type Attrs = Record<string, string>;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const k of Object.keys(attrs)) el.setAttribute(k, attrs[k]);
  for (const kid of kids) el.append(kid);
  return el;
}

function icon<T extends HTMLElement>(el: T, svg: string): T {
  el.innerHTML = svg; // static markup, never server data
  return el;
}

export interface ViewEvents {
  submit(text: string): void;
  restart(): void;
  toggle(open: boolean): void;
}

export type View = ReturnType<typeof createView>;

export function createView(s: Settings, on: ViewEvents) {
  const host = h('confab-widget' as 'div', { 'data-embed': s.embed, 'data-bot': s.botId });
  const shadow = host.attachShadow({ mode: 'open' });

  const bubble = s.embed === 'bubble';
  const root = h('div', { class: `r ${s.embed}` });
  root.style.setProperty('--p', s.primaryColor);
  root.style.setProperty('--op', textOn(s.primaryColor));

  const title = h('h2', { class: 't', id: 'cf-title' }, s.title);
  const head = h('div', { class: 'h' }, title);
  const log = h('div', {
    class: 'log',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': 'Conversation',
    tabindex: '0',
  });
  const typing = h('div', { class: 'ty', hidden: '' }, h('i'), h('i'), h('i'), h('span', { class: 'sr' }, 'Typing…'));
  typing.setAttribute('role', 'status');

  const errText = h('span');
  const retry = h('button', { type: 'button' }, 'Retry');
  const error = h('div', { class: 'n err', role: 'alert', hidden: '' }, errText, retry);

  const restart = h('button', { type: 'button' }, 'Start a new chat');
  const ended = h('div', { class: 'n end', hidden: '' }, h('span', {}, 'This conversation has ended.'), restart);

  const input = h('input', {
    class: 'i',
    id: 'cf-input',
    name: 'message',
    type: 'text',
    autocomplete: 'off',
    maxlength: '2000',
    placeholder: 'Type your message…',
  });
  const send = icon(h('button', { class: 's', type: 'submit', 'aria-label': 'Send' }), ICON_SEND);
  const form = h('form', { class: 'f' }, h('label', { class: 'sr', for: 'cf-input' }, 'Message'), input, send);

  const panel = h('div', { class: 'p', id: 'cf-panel', 'aria-labelledby': 'cf-title' });
  panel.setAttribute('role', bubble ? 'dialog' : 'region');
  panel.append(head, log, typing, error, ended, form);

  let launcher: HTMLButtonElement | undefined;
  if (bubble) {
    launcher = icon(
      h('button', {
        class: 'l',
        type: 'button',
        'aria-label': 'Open chat',
        'aria-expanded': 'false',
        'aria-controls': 'cf-panel',
      }),
      ICON_CHAT,
    );
    launcher.addEventListener('click', () => on.toggle(panel.hidden));
    head.append(icon(h('button', { class: 'x', type: 'button', 'aria-label': 'Close chat' }), ICON_CLOSE));
    head.lastChild!.addEventListener('click', () => on.toggle(false));
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !panel.hidden) {
        e.stopPropagation();
        on.toggle(false);
      }
    });
    panel.hidden = true;
    root.append(launcher);
  }
  root.append(panel);
  // A constructed stylesheet also works under a page CSP without 'unsafe-inline' styles.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.append(h('style', {}, CSS));
  }
  shadow.append(root);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    on.submit(input.value);
  });
  restart.addEventListener('click', () => on.restart());

  let onRetry: (() => void) | undefined;
  retry.addEventListener('click', () => onRetry && onRetry());

  let busy = false;
  let done = false;
  const sync = () => {
    input.disabled = done;
    input.readOnly = busy;
    send.disabled = busy || done;
    input.placeholder = done ? 'Conversation ended' : 'Type your message…';
    ended.hidden = !done;
    log.setAttribute('aria-busy', String(busy));
  };

  const scroll = () => {
    log.scrollTop = log.scrollHeight;
  };

  return {
    host,
    shadow,
    input,
    render(messages: ChatMessage[]) {
      log.textContent = '';
      messages.forEach((m) => this.add(m));
    },
    add(m: ChatMessage): HTMLElement {
      const who = h('span', { class: 'sr' }, m.type === 'bot' ? 'Bot: ' : 'You: ');
      const el = h('p', { class: `m ${m.type}` }, who, m.message);
      log.append(el);
      scroll();
      return el;
    },
    setBusy(on: boolean) {
      busy = on;
      typing.hidden = !on;
      sync();
      if (on) scroll();
    },
    setDone(on: boolean) {
      done = on;
      sync();
    },
    showError(text: string, retryFn?: () => void) {
      errText.textContent = text;
      onRetry = retryFn;
      retry.hidden = !retryFn;
      error.hidden = false;
    },
    clearError() {
      error.hidden = true;
      onRetry = undefined;
    },
    isOpen: () => !panel.hidden,
    setOpen(open: boolean) {
      panel.hidden = !open;
      root.classList.toggle('open', open);
      if (launcher) {
        launcher.setAttribute('aria-expanded', String(open));
        launcher.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
      }
    },
    /** Focus where the visitor can act: the input, or "Start a new chat" once ended. */
    focus() {
      (done ? restart : input).focus();
    },
    focusLauncher() {
      if (launcher) launcher.focus();
    },
    /** Whether keyboard focus is somewhere inside the widget. */
    hasFocus: () => !!shadow.activeElement,
  };
}

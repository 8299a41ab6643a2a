/**
 * The widget's DOM, inside an open shadow root. Server text only ever reaches the page
 * through textContent; the only markup strings are the static icons below.
 */
import { CSS } from './styles.js';
import { h } from './dom.js';
import { answerControls, type AnswerControls } from './answerControls.js';
import { type AnswerInput, fieldFor } from './inputs.js';
import { contrast, DEFAULT_COLOR, textOn } from './options.js';
import { sourceList } from './sources.js';
import type { Brand, ChatMessage, Settings } from './types.js';

const ICON_CHAT =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2z"/></svg>';
const ICON_CLOSE =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z"/></svg>';
const ICON_SEND = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 21 23 12 2 3v7l15 2-15 2z"/></svg>';

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

  const avatar = h('span', { class: 'av', 'aria-hidden': 'true' });
  const title = h('h2', { class: 't', id: 'cf-title' });
  const head = h('div', { class: 'h' }, avatar, title);
  const log = h('div', {
    class: 'log',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': 'Conversation',
    tabindex: '0',
  });
  // The dots are for the eyes only, as the log's last bubble; the status line says it once
  // to a screen reader.
  const typing = h('div', { class: 'ty', hidden: '', 'aria-hidden': 'true' }, h('i'), h('i'), h('i'));
  log.append(typing);
  const status = h('div', { class: 'sr', role: 'status', 'aria-live': 'polite' });
  let typingText = 'Typing…';

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
  // No browser validation: the chatbot judges answers and says what is wrong in its own words.
  const form = h(
    'form',
    { class: 'f', novalidate: '' },
    h('label', { class: 'sr', for: 'cf-input' }, 'Message'),
    input,
    send,
  );
  // What the current question accepts (a number's range, a date's forms), under the log.
  const hint = h('p', { class: 'hint', id: 'cf-hint', hidden: '' });

  const panel = h('div', { class: 'p', id: 'cf-panel', 'aria-labelledby': 'cf-title' });
  panel.setAttribute('role', bubble ? 'dialog' : 'region');
  panel.append(head, log, status, error, ended, hint, form);

  // The launcher is the bubble's one open/close control: it turns into a "×" while the panel
  // is open (on phones, where the panel fills the screen, it sits in the panel's header).
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
  // The chatbot is disabled or unknown: nothing can be sent, so nothing invites typing.
  let unavailable = false;
  let placeholder = input.placeholder;
  // The buttons of the question being asked, if any: only the latest question has them.
  let controls: AnswerControls | null = null;
  const sync = () => {
    input.disabled = done || unavailable;
    input.readOnly = busy;
    input.placeholder = unavailable ? 'Chat is not available' : placeholder;
    hint.hidden = done || unavailable || !hint.textContent;
    send.disabled = busy || done || unavailable;
    // Once ended, the way on ("Start a new chat") takes the composer's place.
    form.hidden = done;
    ended.hidden = !done;
    log.setAttribute('aria-busy', String(busy));
  };

  // The log follows the newest message. Bars that appear under it (typing, error, "ended"),
  // a phone keyboard or a resize shrink it; while the visitor is at the bottom, stay there so
  // the last message is never left hidden under them.
  let pinned = true;
  const scroll = () => {
    log.scrollTop = log.scrollHeight;
    pinned = true;
  };
  log.addEventListener('scroll', () => {
    pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 8;
  });
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => pinned && scroll()).observe(log);

  return {
    host,
    shadow,
    input,
    /** Name and colors: the page's options first, then the chatbot's own, then defaults. */
    brand(b: Brand) {
      const name = s.title || b.name || 'Chat';
      title.textContent = name;
      avatar.textContent = (Array.from(name)[0] || '').toUpperCase();
      typingText = b.name ? `${b.name} is typing…` : 'Typing…';
      const color = s.primaryColor || b.primaryColor || DEFAULT_COLOR;
      root.style.setProperty('--p', color);
      root.style.setProperty('--op', textOn(color));
      // Focus rings on white need 3:1; a pale brand color gets a dark ring instead.
      root.style.setProperty('--ring', contrast(color, '#fff') >= 3 ? color : '#1d2330');
    },
    render(messages: ChatMessage[]) {
      controls = null;
      log.textContent = '';
      log.append(typing);
      messages.forEach((m) => this.add(m));
    },
    add(m: ChatMessage): HTMLElement {
      const who = h('span', { class: 'sr' }, m.type === 'bot' ? 'Bot: ' : 'You: ');
      // Cited sources go under the text, in the same bubble (a list cannot sit in a <p>).
      const el = h(m.sources ? 'div' : 'p', { class: `m ${m.type}` }, who, m.message);
      if (m.sources) el.append(sourceList(m.sources));
      log.insertBefore(el, typing);
      scroll();
      return el;
    },
    /**
     * An answer being written: the typing dots give way to a bubble that grows piece by piece
     * (as text). The live log would read every piece aloud, so the bubble is hidden from
     * screen readers; the finished answer is added with add() and announced once.
     */
    draft() {
      typing.hidden = true;
      const text = document.createTextNode('');
      const el = h('p', { class: 'm bot', 'aria-hidden': 'true' }, text);
      log.insertBefore(el, typing);
      scroll();
      return {
        el,
        append(piece: string) {
          text.data += piece;
          if (pinned) scroll();
        },
      };
    },
    /**
     * Offers the answer controls of the question just asked (none: the question is answered or
     * there is none) and sets the text field up for it: type, keyboard, autofill, hint.
     */
    offer(ask?: AnswerInput, question = '') {
      const hadFocus = !!controls && controls.el.contains(shadow.activeElement);
      if (controls) controls.el.remove();
      controls = ask ? answerControls(ask, question, on.submit) : null;
      if (controls) log.insertBefore(controls.el, typing);
      const f = fieldFor(ask);
      input.type = f.type;
      input.inputMode = f.inputMode;
      input.autocomplete = f.autocomplete as AutoFill;
      placeholder = f.placeholder;
      hint.textContent = f.hint;
      if (f.hint) input.setAttribute('aria-describedby', 'cf-hint');
      else input.removeAttribute('aria-describedby');
      sync();
      // The button that was clicked is gone: keep the keyboard in the widget.
      if (hadFocus) input.focus();
      scroll();
    },
    setBusy(on: boolean) {
      if (on && !busy) status.textContent = typingText;
      if (!on) status.textContent = '';
      busy = on;
      typing.hidden = !on;
      sync();
      if (on) scroll();
    },
    setDone(on: boolean) {
      done = on;
      sync();
      scroll();
    },
    setUnavailable(on: boolean) {
      unavailable = on;
      sync();
    },
    showError(text: string, retryFn?: () => void) {
      errText.textContent = text;
      onRetry = retryFn;
      retry.hidden = !retryFn;
      error.hidden = false;
      scroll();
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
        icon(launcher, open ? ICON_CLOSE : ICON_CHAT);
      }
      // A panel rendered while hidden has no height to scroll in; show its newest message.
      if (open) scroll();
    },
    /** Focus where the visitor can act: the input, "Start a new chat" once ended, or the log (with the notice) when nothing can be sent. */
    focus() {
      (done ? restart : unavailable ? log : controls ? controls.first : input).focus();
    },
    focusLauncher() {
      if (launcher) launcher.focus();
    },
    /** Whether keyboard focus is somewhere inside the widget. */
    hasFocus: () => !!shadow.activeElement,
  };
}

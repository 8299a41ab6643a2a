/** One widget instance: ties the view to the chat API and to stored session state. */
import { ApiError, StreamCutError, createApi } from './api.js';
import {
  clearSession,
  getVisitorId,
  loadBrand,
  loadOpen,
  loadSession,
  saveBrand,
  saveOpen,
  saveSession,
  setVisitorId,
} from './storage.js';
import { resolveContainer } from './options.js';
import { createView } from './view.js';
import type { ChatMessage, Settings, StoredSession, WidgetHandle } from './types.js';

export interface Instance {
  settings: Settings;
  handle: WidgetHandle;
  /** The element the host was put into, once mounted. */
  target(): Element | null;
}

const retryable = (e: unknown) =>
  !(e instanceof ApiError) || e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500;

/** 403: the chatbot is disabled; 404: there is no such chatbot. Either way, nothing can be sent. */
const unavailable = (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 404);

function failure(e: unknown, what: string): string {
  if (e instanceof ApiError && e.status === 403) return 'Chat is not available right now.';
  if (e instanceof ApiError && e.status === 404) return 'This chat could not be found.';
  return e instanceof ApiError && e.status === 0 ? `Connection problem: ${what}.` : `Something went wrong: ${what}.`;
}

export function createWidget(s: Settings, onDestroy: () => void): Instance {
  const api = createApi(s.apiBase, s.botId);
  let session: StoredSession | null = loadSession(s.botId);
  let busy = false;
  let destroyed = false;
  let target: Element | null = null;

  const view = createView(s, {
    submit: (text) => send(text),
    restart() {
      clearSession(s.botId);
      session = null;
      start(true);
    },
    toggle: (open) => (open ? handle.open() : handle.close()),
  });
  // Last known name and colors now; the next session start brings the current ones.
  view.brand(loadBrand(s.botId));

  /** The buttons and text field of the question the conversation waits at: the last message, when it asks one. */
  function offerPending(messages: ChatMessage[], done: boolean) {
    const last = messages[messages.length - 1];
    if (!done && last && last.type === 'bot' && last.input) view.offer(last.input, last.message);
    else view.offer();
  }

  function persist() {
    if (session) saveSession(s.botId, session);
  }

  function start(focus = false) {
    if (busy || destroyed) return;
    busy = true;
    view.clearError();
    view.render([]);
    view.offer();
    view.setDone(false);
    view.setUnavailable(false);
    view.setBusy(true);
    void api
      .start({ visitorId: getVisitorId(), channel: 'web', customData: s.customData, user: s.user })
      .then((r) => {
        if (destroyed) return;
        if (r.visitorId) setVisitorId(r.visitorId);
        saveBrand(s.botId, r.brand);
        view.brand(r.brand);
        session = { sessionId: r.sessionId, messages: r.messages, done: r.done, updatedAt: 0 };
        persist();
        view.render(r.messages);
        offerPending(r.messages, r.done);
        view.setDone(r.done);
      })
      .catch((e) => {
        view.setUnavailable(unavailable(e));
        view.showError(failure(e, 'the chat did not start'), retryable(e) ? () => start(true) : undefined);
      })
      .then(() => {
        busy = false;
        view.setBusy(false);
        if (focus && !destroyed && view.isOpen()) view.focus();
      });
  }

  function send(raw: string) {
    const text = raw.trim();
    if (busy || destroyed || !text) return;
    if (!session) return start(true);
    if (session.done) return;
    const current = session;
    const hadFocus = view.hasFocus();
    let restarted = false;
    busy = true;
    view.clearError();
    const bubble = view.add({ type: 'user', message: text });
    view.input.value = '';
    // Answered: the question's buttons go, the field is plain again until the next question.
    view.offer();
    view.setBusy(true);
    // An agent's answer grows in a draft bubble from its first piece; the whole answer replaces it.
    let draft: ReturnType<typeof view.draft> | undefined;
    const onToken = (piece: string) => {
      if (destroyed) return;
      draft = draft || view.draft();
      draft.append(piece);
    };
    const answered = (replies: ChatMessage[], done: boolean) => {
      if (draft) draft.el.remove();
      const mine: ChatMessage = { type: 'user', message: text };
      current.messages.push(mine, ...replies);
      current.done = done;
      persist();
      replies.forEach((m) => view.add(m));
      offerPending(current.messages, done);
      view.setDone(done);
    };
    void api
      .stream(current.sessionId, text, onToken)
      .then((r) => {
        if (!destroyed) answered(r.messages, r.done);
      })
      .catch((e) => {
        if (destroyed) return;
        if (e instanceof StreamCutError) {
          // The service took the message and records its answer whole; only the way here broke.
          // Keep what came, and say so rather than send the message a second time.
          answered(e.partial ? [{ type: 'bot', message: `${e.partial}…` }] : [], false);
          view.showError('Connection problem: the answer was cut off.');
          return;
        }
        if (draft) draft.el.remove();
        // The message did not go through: take it back out of the transcript and give the
        // visitor their text again.
        bubble.remove();
        offerPending(current.messages, current.done);
        if (!view.input.value) view.input.value = raw;
        if (e instanceof ApiError && (e.status === 404 || e.status === 409)) {
          // The stored session is gone or already completed on the server: begin a new one.
          clearSession(s.botId);
          session = null;
          busy = false;
          restarted = true;
          return start(hadFocus);
        }
        // 403: the chatbot was disabled during the conversation.
        view.setUnavailable(unavailable(e));
        view.showError(failure(e, 'message not sent'), retryable(e) ? () => send(view.input.value || raw) : undefined);
      })
      .then(() => {
        if (restarted) return;
        busy = false;
        view.setBusy(false);
        if (hadFocus && !destroyed && view.isOpen()) view.focus();
      });
  }

  const handle: WidgetHandle = {
    open() {
      if (destroyed) return;
      const was = view.isOpen();
      view.setOpen(true);
      if (s.embed === 'bubble') saveOpen(s.botId, true);
      if (!session && !busy) start(true);
      else if (!was || s.embed !== 'bubble') view.focus();
    },
    close() {
      if (destroyed || !view.isOpen()) return;
      const hadFocus = view.hasFocus();
      view.setOpen(false);
      if (s.embed === 'bubble') {
        saveOpen(s.botId, false);
        if (hadFocus) view.focusLauncher();
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      view.host.remove();
      onDestroy();
    },
  };

  if (session) {
    view.render(session.messages);
    offerPending(session.messages, session.done);
    view.setDone(session.done);
  }
  if (s.embed === 'bubble') {
    if (loadOpen(s.botId)) {
      view.setOpen(true);
      if (!session) start();
    }
  } else if (!session) {
    start();
  }

  function mount() {
    if (destroyed) return;
    target = s.embed === 'inline' ? resolveContainer(s.container) : document.body;
    if (!target) {
      console.error('ConfabWidget: container not found', s.container);
      return;
    }
    target.appendChild(view.host);
  }
  if (document.readyState === 'loading' && (s.embed !== 'inline' || !resolveContainer(s.container))) {
    document.addEventListener('DOMContentLoaded', mount, { once: true });
  } else {
    mount();
  }

  return { settings: s, handle, target: () => target };
}

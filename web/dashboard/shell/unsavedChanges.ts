/**
 * Unsaved work and leaving it. A page with a draft says so with `useUnsavedChanges(dirty, what)`;
 * while any draft is unsaved, every way out asks first:
 * - closing the tab, reloading, or going to another site: the browser's own beforeunload prompt;
 * - a link or navigate() inside the dashboard: the router's `aroundNav` (guardedNav below) holds
 *   the navigation until the person answers the LeaveDialog;
 * - the browser's Back and Forward buttons: a popstate cannot be refused, so the address the page
 *   still shows is pushed back, and Leave then goes where the button meant to go.
 * The shell also reads `hasUnsavedChanges()` when the session ends (SessionEndedDialog.tsx).
 */
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { AroundNavHandler } from 'wouter-preact';

const drafts = new Set<{ what: string }>();

/** While `dirty`, leaving the page asks first; `what` names the draft ("the flow"). */
export function useUnsavedChanges(dirty: boolean, what: string): void {
  // A layout effect: registered in the same commit that shows the edit, so not even a Back
  // pressed on the very next frame can slip past.
  useLayoutEffect(() => {
    if (!dirty) return;
    const draft = { what };
    drafts.add(draft);
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      drafts.delete(draft);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, what]);
}

export const hasUnsavedChanges = (): boolean => drafts.size > 0;

/** For a navigation after which the drafts mean nothing (their chatbot was just deleted). */
export function discardUnsavedChanges(): void {
  drafts.clear();
}

export interface LeaveRequest {
  /** The drafts that would be lost, e.g. ["the flow"]. */
  what: string[];
  leave(): void;
}

let pending: LeaveRequest | null = null;
const listeners = new Set<() => void>();

function setPending(next: LeaveRequest | null): void {
  pending = next;
  listeners.forEach((l) => l());
}

/** Runs `leave` at once when nothing is unsaved; otherwise once the person agrees. */
function ask(leave: () => void): void {
  if (drafts.size === 0) return leave();
  setPending({ what: [...new Set([...drafts].map((d) => d.what))], leave });
}

/** The question on screen (LeaveDialog), with its two answers. */
export function useLeaveRequest(): { request: LeaveRequest | null; stay(): void; leave(): void } {
  const [request, setRequest] = useState(pending);
  useEffect(() => {
    const update = () => setRequest(pending);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return {
    request,
    stay: () => setPending(null),
    leave() {
      const go = pending?.leave;
      setPending(null);
      drafts.clear();
      go?.();
    },
  };
}

/** wouter's `aroundNav`: every in-app navigation (Link, navigate) goes through here. */
export const guardedNav: AroundNavHandler = (navigate, to, options) => ask(() => navigate(to, options));

let shownUrl = '';
let installed = false;

/**
 * Back and Forward. Must run before the router first renders: this popstate listener has to come
 * before wouter's, so that a refused step never reaches the router.
 */
export function installLeaveGuard(): void {
  if (installed) return;
  installed = true;
  shownUrl = location.href;
  const remember = () => (shownUrl = location.href);
  // wouter dispatches these after every history.pushState/replaceState (its own navigations too).
  addEventListener('pushState', remember);
  addEventListener('replaceState', remember);
  let following = false;
  addEventListener('popstate', (e) => {
    if (following || drafts.size === 0) {
      following = false;
      remember();
      return;
    }
    e.stopImmediatePropagation();
    // Show the page's own address again; the step the button made is now the entry just behind
    // it, whether it was Back or Forward, so history.back() completes it.
    history.pushState(history.state, '', shownUrl);
    ask(() => {
      following = true;
      history.back();
    });
  });
}

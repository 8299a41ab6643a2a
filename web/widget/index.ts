/**
 * Entry of public/widget.js: defines window.ConfabWidget(botId, embedType, options).
 *
 *   <script src="https://confab.example/widget.js"></script>
 *   <script>ConfabWidget('<botId>', 'bubble', { customData: { plan: 'gold' } })</script>
 *
 * A page may also queue calls before the script has loaded:
 *   window.ConfabWidget = window.ConfabWidget || function () { (ConfabWidget.q = ConfabWidget.q || []).push(arguments) };
 */
import { resolveContainer, toSettings } from './options.js';
import { createWidget, type Instance } from './widget.js';
import type { WidgetHandle, WidgetOptions } from './types.js';

type Entry = ((botId: string, embedType?: string, options?: WidgetOptions) => WidgetHandle) & {
  q?: ArrayLike<unknown>[];
  version?: string;
  __confab?: true;
};

declare global {
  interface Window {
    ConfabWidget?: Entry;
  }
}

/** The API lives where this script was loaded from; captured now, currentScript is null later. */
function scriptBase(): string {
  const cur = document.currentScript as HTMLScriptElement | null;
  let src = cur && cur.src;
  if (!src) {
    const tags = document.querySelectorAll<HTMLScriptElement>('script[src*="widget.js"]');
    src = tags.length ? tags[tags.length - 1].src : '';
  }
  try {
    return new URL(src || location.href).origin;
  } catch {
    return location.origin;
  }
}

function sameContainer(a: Instance, container: Element | string | undefined): boolean {
  const mine = a.settings.container;
  if (mine === container) return true;
  const x = a.target() || resolveContainer(mine);
  return !!x && x === resolveContainer(container);
}

function install() {
  const existing = window.ConfabWidget;
  if (existing && existing.__confab) return; // the script was included twice: keep the first
  const base = scriptBase();
  const live: Instance[] = [];

  const ConfabWidget: Entry = (botId, embedType, options) => {
    const s = toSettings(botId, embedType, options, base);
    const dup = live.filter(
      (w) =>
        w.settings.botId === s.botId &&
        w.settings.embed === s.embed &&
        (s.embed !== 'inline' || sameContainer(w, s.container)),
    )[0];
    if (dup) return dup.handle;
    const inst: Instance = createWidget(s, () => {
      const i = live.indexOf(inst);
      if (i >= 0) live.splice(i, 1);
    });
    live.push(inst);
    return inst.handle;
  };
  ConfabWidget.__confab = true;
  ConfabWidget.version = '1';
  window.ConfabWidget = ConfabWidget;

  const queued = existing && existing.q;
  if (queued) {
    for (const args of Array.from(queued)) {
      try {
        ConfabWidget.apply(null, Array.from(args) as Parameters<Entry>);
      } catch (e) {
        console.error(e);
      }
    }
  }
}

install();

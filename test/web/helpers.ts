// Shared pieces of the widget tests: the bundle build, a host-page server on its own origin and
// page helpers. The chat API is always the real service (test/support/testApp.ts).
import { createServer, type Server } from 'node:http';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const bundlePath = `${root}public/widget.js`;

/** Builds public/widget.js with the project's build script; returns its stdout. */
export function buildBundle(): string {
  const r = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`buildWeb failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A static server for host pages: GET /<name> answers pages[name] as text/html. */
export async function startHostServer(pages: Record<string, string>) {
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return res.writeHead(204).end();
    const html = pages[(req.url ?? '/').split('?')[0].slice(1)];
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  const url = await listen(server);
  return { url, pages, close: () => close(server) };
}

/** Host page markup: hostile page CSS, a #chat container and the widget script. */
export function hostPage(widgetSrc: string, call: string, extraHead = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  button, input, div { color: red !important; font-size: 40px !important }
  body { margin: 0; font-family: serif }
  #chat { width: 420px; height: 560px; margin: 20px }
</style>${extraHead}</head><body>
<h1>Shop</h1>
<div id="chat"></div>
<script src="${widgetSrc}"></script>
<script>window.handle = ${call};</script>
</body></html>`;
}

/** Texts of the transcript bubbles, without the screen-reader prefixes. */
export function transcript(page: Page, scope = 'confab-widget'): Promise<{ type: string; text: string }[]> {
  return page.evaluate((scope) => {
    const hosts = Array.from(document.querySelectorAll(scope));
    const host = hosts[0] as HTMLElement | undefined;
    const log = host?.shadowRoot?.querySelector('[role=log]');
    if (!log) return [];
    return Array.from(log.querySelectorAll('.m')).map((el) => {
      const clone = el.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('.sr').forEach((n) => n.remove());
      return { type: el.classList.contains('user') ? 'user' : 'bot', text: clone.textContent ?? '' };
    });
  }, scope);
}

/** Waits until the transcript has at least n bot messages. */
export async function waitForBotMessages(page: Page, n: number, timeout = 10_000) {
  await page.waitForFunction(
    (n) => {
      const root = document.querySelector('confab-widget')?.shadowRoot;
      return !!root && root.querySelectorAll('[role=log] .m.bot').length >= n;
    },
    n,
    { timeout },
  );
}

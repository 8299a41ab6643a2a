// Shared pieces of the widget browser tests: a host-page server on its own origin, a stand-in
// for the visitor chat API (CONTRACT.md §4) for widget-only tests, and page helpers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
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

export interface FakeSession {
  id: string;
  visitorId: string;
  body: any;
  step: number;
  answers: Record<string, string>;
  done: boolean;
}

const FLOW = [
  { type: 'message', text: 'Hi there! <b>Welcome</b> to the shop.' },
  { type: 'question', text: 'What is your name?', variable: 'name' },
  { type: 'question', text: 'Thanks {{name}}! What is your email?', variable: 'email' },
  { type: 'message', text: 'Thank you, we will be in touch.' },
];

/**
 * Stand-in for the chat API with the default flow. While `failMessages` is set, message
 * requests fail at the network level (socket destroyed; a flag rather than a count because
 * Chromium silently retries a request whose reused connection drops); `sessions` exposes what
 * the widget sent.
 */
export async function startFakeChatApi() {
  const sessions = new Map<string, FakeSession>();
  const state = { failMessages: false, sessionPosts: 0, delayMs: 0 };
  let seq = 0;

  function advance(s: FakeSession) {
    const out: { type: 'bot'; message: string }[] = [];
    while (s.step < FLOW.length) {
      const st = FLOW[s.step];
      out.push({ type: 'bot', message: st.text.replace(/\{\{(\w+)\}\}/g, (_, v) => s.answers[v] ?? '') });
      if (st.type === 'question') return out;
      s.step++;
    }
    s.done = true;
    return out;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    const url = req.url ?? '/';
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (req.method === 'GET' && url === '/widget.js') {
      res.writeHead(200, { 'content-type': 'application/javascript' });
      return res.end(readFileSync(bundlePath));
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    let m = /^\/api\/v1\/chat\/([^/]+)\/sessions$/.exec(url);
    if (m && req.method === 'POST') {
      state.sessionPosts++;
      if (m[1] === 'missing') return json(404, { error: 'chatbot not found' });
      const s: FakeSession = { id: `s${++seq}`, visitorId: body.visitorId ?? `v${seq}`, body, step: 0, answers: {}, done: false };
      sessions.set(s.id, s);
      return json(201, { sessionId: s.id, visitorId: s.visitorId, messages: advance(s), done: s.done });
    }
    m = /^\/api\/v1\/chat\/([^/]+)\/sessions\/([^/]+)\/messages$/.exec(url);
    if (m && req.method === 'POST') {
      if (state.failMessages) return req.socket.destroy();
      const s = sessions.get(m[2]);
      if (!s) return json(404, { error: 'session not found' });
      if (s.done) return json(409, { error: 'session completed' });
      const st = FLOW[s.step];
      if (st.type === 'question' && st.variable) s.answers[st.variable] = String(body.message);
      s.step++;
      return json(200, { messages: advance(s), done: s.done });
    }
    json(404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500).end(String(e));
    });
  });
  const url = await listen(server);
  return { url, sessions, state, close: () => close(server) };
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

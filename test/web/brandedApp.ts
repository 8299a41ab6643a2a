// The service with two branded workspaces and a shop-like host page on another origin, shared
// by the branding, layout and accessibility tests of the widget. Colors are set through the
// workspace branding API (PATCH /api/v1/workspace/branding), as a workspace admin would.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { buildBundle, startHostServer } from './helpers.js';

export const TEAL = '#0F766E'; // white text reads on it
export const YELLOW = '#FDE047'; // only dark text reads on it

export const FLOW = {
  steps: [
    { type: 'message', text: "Hi! I'm Aria, Acme's assistant. I can help with orders, returns and sizing." },
    { type: 'question', text: "What's your name?", variable: 'name' },
    { type: 'question', text: 'Thanks, {{name}}! What is your order number?', variable: 'order' },
    {
      type: 'message',
      text:
        'Got it: order {{order}}. A teammate will email you within one business day with its status and the ' +
        'tracking details. Thanks for shopping with Acme, and have a great day!',
    },
  ],
};

export const MESSAGES_URL = /\/api\/v1\/chat\/[^/]+\/sessions\/[^/]+\/messages$/;
export const SESSIONS_URL = /\/api\/v1\/chat\/[^/]+\/sessions$/;

/** Sets colors through the branding API with the workspace's admin key, as its owner would. */
async function setColors(app: TestApp, apiKey: string, changes: Record<string, unknown>) {
  const r = await app.api('PATCH', '/api/v1/workspace/branding', { apiKey, body: changes });
  assert.is(r.status, 200, JSON.stringify(r.body));
}

async function createBot(app: TestApp, apiKey: string, name: string): Promise<string> {
  const r = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name, flow: FLOW } });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}

/** A plain storefront page, as a customer's site would look around the widget. */
function shopPage(widgetSrc: string, call: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Outfitters</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; background: #faf9f7 }
  header { padding: 18px 32px; background: #fff; border-bottom: 1px solid #e7e4df; font-weight: bold }
  main { max-width: 960px; margin: 0 auto; padding: 32px; display: flex; gap: 40px; flex-wrap: wrap }
  section { flex: 1 1 360px }
  #chat { flex: 0 0 380px; height: 520px }
</style></head><body>
<header>Acme Outfitters</header>
<main><section><h1>Trail Runner Jacket</h1><p>Light, packable and waterproof. Taped seams,
two zip pockets and a hood that stays put in the wind.</p><p><strong>$129.00</strong></p></section>
<div id="chat"></div></main>
<script src="${widgetSrc}"></script>
<script>window.handle = ${call};</script>
</body></html>`;
}

export async function startBrandedApp() {
  buildBundle(); // the service serves public/widget.js
  const app = await startTestApp();
  const acme = await app.createWorkspace('pro', { name: 'Acme' });
  await setColors(app, acme.apiKey, { primaryColor: TEAL });
  const sunny = await app.createWorkspace('pro', { name: 'Sunny' });
  await setColors(app, sunny.apiKey, { primaryColor: YELLOW });
  const plain = await app.createWorkspace('pro', { name: 'Plain' });
  const bots = {
    aria: await createBot(app, acme.apiKey, 'Aria from Acme'),
    sunny: await createBot(app, sunny.apiKey, 'Sunny helper'),
    plain: await createBot(app, plain.apiKey, 'Plain bot'),
  };
  const src = `${app.baseUrl}/widget.js`;
  const call = (bot: string, embed: string, extra = '') =>
    `ConfabWidget(${JSON.stringify(bot)}, '${embed}', {${extra}})`;
  const host = await startHostServer({
    inline: shopPage(src, call(bots.aria, 'inline', `container: '#chat'`)),
    bubble: shopPage(src, call(bots.aria, 'bubble')),
    fullpage: shopPage(src, call(bots.aria, 'fullpage')),
    sunny: shopPage(src, call(bots.sunny, 'bubble')),
    plain: shopPage(src, call(bots.plain, 'inline', `container: '#chat'`)),
  });
  const browser: Browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const diagnostics: string[] = [];

  return {
    app,
    bots,
    diagnostics,
    /** A fresh visitor (own storage) on one of the host pages. */
    async open(pageName: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
      const ctx = await browser.newContext({ viewport });
      contexts.push(ctx);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => diagnostics.push(`pageerror: ${e.message}`));
      page.on('requestfailed', (r) =>
        diagnostics.push(`requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
      );
      await page.goto(`${host.url}/${pageName}`);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await host.close();
      await app.close();
    },
  };
}

export type BrandedApp = Awaited<ReturnType<typeof startBrandedApp>>;

/** Evaluates an expression with `root` bound to the first widget's shadow root. */
export const inShadow = <T>(page: Page, expr: string): Promise<T> =>
  page.evaluate(
    `(() => { const root = document.querySelector('confab-widget').shadowRoot; return ${expr}; })()`,
  ) as Promise<T>;

/** Waits until the widget is idle (no request in flight) with at least n bot messages. */
export async function settled(page: Page, n: number) {
  await page.waitForFunction((n) => {
    const log = document.querySelector('confab-widget')?.shadowRoot?.querySelector('[role=log]');
    return !!log && log.getAttribute('aria-busy') === 'false' && log.querySelectorAll('.m.bot').length >= n;
  }, n);
}

/** Types a message into the widget and waits for the bot's answer to it. */
export async function say(page: Page, text: string, botMessagesAfter: number) {
  const input = page.locator('confab-widget input');
  await input.fill(text);
  await input.press('Enter');
  await settled(page, botMessagesAfter);
}

/** WCAG contrast ratio of two computed `rgb(r, g, b)` colors. */
export function contrastOf(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

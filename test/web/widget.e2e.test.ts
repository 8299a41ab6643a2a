// End to end: the real service (test/support/testApp.ts) serves /widget.js and the visitor
// chat API; a host page on another origin, with hostile CSS, embeds the widget; a visitor
// talks to the default flow with the keyboard; the External API then shows the response
// with the visitor's answers and the storefront's customData.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestApp } from '../support/testApp.js';
import { buildBundle, hostPage, startHostServer, transcript } from './helpers.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

let app: App;
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostServer>>;
let apiKey = '';
let botId = '';
const contexts: BrowserContext[] = [];
/** Session starts (POST .../sessions) each page made, counted from before its first load. */
const sessionStarts = new WeakMap<Page, number>();
/** What the browser reported (failed requests, console errors), shown when a test fails. */
const diagnostics: string[] = [];

async function external(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.baseUrl}/api/v1/external/v1${path}`, {
    method,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

async function open(pageName: string, viewport = { width: 1024, height: 768 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => diagnostics.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && diagnostics.push(`console: ${m.text()}`));
  page.on('requestfailed', (r) =>
    diagnostics.push(`requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
  );
  sessionStarts.set(page, 0);
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/chat\/[^/]+\/sessions$/.test(r.url())) {
      sessionStarts.set(page, (sessionStarts.get(page) ?? 0) + 1);
    }
  });
  await page.goto(`${host.url}/${pageName}`);
  return page;
}

const why = () => (diagnostics.length ? `\n${diagnostics.join('\n')}` : '');

/** Resolves once the widget has rendered at least `min` bot messages and no request is in flight. */
async function settled(page: Page, min: number) {
  try {
    await page.waitForFunction(
      (min) => {
        const root = document.querySelector('confab-widget')?.shadowRoot;
        const log = root?.querySelector('[role=log]');
        return !!log && log.getAttribute('aria-busy') === 'false' && log.querySelectorAll('.m.bot').length >= min;
      },
      min,
      { timeout: 15_000 },
    );
  } catch {
    const alert = await page.evaluate(
      () => document.querySelector('confab-widget')?.shadowRoot?.querySelector('[role=alert]')?.textContent,
    );
    throw new Error(`widget did not show ${min} bot messages (alert: ${alert ?? 'none'})${why()}`);
  }
  return (await transcript(page)).filter((m) => m.type === 'bot').length;
}

test.before(async () => {
  buildBundle(); // the service serves public/widget.js
  app = await startTestApp();
  ({ apiKey } = await app.createWorkspace('pro'));
  const created = await external('POST', '/chatbots', { name: 'Shop bot' });
  assert.ok(created.status === 200 || created.status === 201, `create chatbot: ${created.status} ${created.text}`);
  botId = created.json.data.id;
  assert.type(botId, 'string');

  const src = `${app.baseUrl}/widget.js`;
  const call = (embed: string, extra = '') => `ConfabWidget(${JSON.stringify(botId)}, '${embed}', { ${extra} })`;
  host = await startHostServer({
    inline: hostPage(src, call('inline', `container: '#chat', customData: { platform: 'test', storeHash: 'abc123' }`)),
    bubble: hostPage(src, call('bubble', `customData: { platform: 'test', storeHash: 'abc123' }`)),
  });
  browser = await launchBrowser();
});

test.before.each(() => {
  diagnostics.length = 0;
});

test.after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await host?.close();
  await app?.close();
});

test('the service serves the widget bundle', async () => {
  const res = await fetch(`${app.baseUrl}/widget.js`);
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /javascript/);
  assert.match(await res.text(), 'ConfabWidget');
});

test('a visitor completes the default flow inline; reload restores it; the response carries answers and customData', async () => {
  const page = await open('inline');
  let bots = await settled(page, 1);
  assert.ok(bots >= 1, 'greeting shown');

  // Hostile page CSS stays outside the shadow root.
  const looks = await page.evaluate(() => {
    const root = document.querySelector('confab-widget')!.shadowRoot!;
    return [root.querySelector('input')!, root.querySelector('.m')!].map((el) => {
      const cs = getComputedStyle(el);
      return `${cs.color} ${cs.fontSize}`;
    });
  });
  for (const l of looks) assert.not.match(l, /rgb\(255, 0, 0\)|40px/, `host CSS leaked: ${l}`);

  // The visitor types with the keyboard and presses Enter.
  const name = 'Ada Lovelace';
  const email = 'ada@example.com';
  await page.locator('confab-widget input').click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  bots = await settled(page, bots + 1);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await settled(page, bots + 1);
  await page.locator('confab-widget .end').waitFor({ state: 'visible', timeout: 15_000 });
  const finished = await transcript(page);
  assert.match(finished[finished.length - 1].text, /thank/i, 'thank-you shown last');
  assert.equal(
    finished.filter((m) => m.type === 'user').map((m) => m.text),
    [name, email],
  );
  assert.ok(
    await page.evaluate(() => document.querySelector('confab-widget')!.shadowRoot!.querySelector('input')!.disabled),
  );

  // Reload: same transcript, no new session.
  await page.reload();
  await settled(page, finished.filter((m) => m.type === 'bot').length);
  assert.equal(await transcript(page), finished, 'transcript restored after reload');
  assert.is(sessionStarts.get(page), 1, 'one session for the first load, none after the reload');
  assert.ok(await page.locator('confab-widget .end').isVisible());

  // The External API shows exactly one response, with the answers and the customData.
  let list: Awaited<ReturnType<typeof external>> | undefined;
  for (let i = 0; i < 50; i++) {
    list = await external('GET', `/chatbots/${botId}/responses`);
    if (list.status === 200 && list.json?.data?.length >= 1 && list.json.data[0].answerVariables?.email) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.is(list!.status, 200, list!.text);
  assert.is(list!.json.data.length, 1, `one response: ${list!.text}`);
  assert.is(list!.json.total, 1);
  const item = list!.json.data[0];
  assert.equal(item.answerVariables, { name, email });
  let customData = item.customData;
  if (customData === undefined) {
    const one = await external('GET', `/chatbots/${botId}/responses/${item._id}`);
    assert.is(one.status, 200, one.text);
    customData = one.json.data.customData;
  }
  assert.equal(customData, { platform: 'test', storeHash: 'abc123' });
});

test('bubble: Enter on the launcher opens the panel, Escape closes it', async () => {
  const page = await open('bubble');
  const launcher = page.locator('confab-widget button[aria-label]').first();
  await launcher.waitFor({ timeout: 15_000 }).catch(() => {
    throw new Error(`no launcher${why()}`);
  });
  assert.is(await launcher.getAttribute('aria-expanded'), 'false');
  await launcher.focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('confab-widget [role=dialog]');
  await panel.waitFor({ state: 'visible' });
  assert.is(await launcher.getAttribute('aria-expanded'), 'true');
  await settled(page, 1);
  await page.waitForFunction(
    () => document.querySelector('confab-widget')!.shadowRoot!.activeElement?.tagName === 'INPUT',
  );

  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  assert.is(await launcher.getAttribute('aria-expanded'), 'false');
});

test('bubble: on a 375px wide screen the open panel fills it', async () => {
  const page = await open('bubble', { width: 375, height: 700 });
  await page.locator('confab-widget button[aria-expanded]').click();
  const panel = page.locator('confab-widget [role=dialog]');
  await panel.waitFor({ state: 'visible' });
  await settled(page, 1);
  assert.equal(await panel.boundingBox(), { x: 0, y: 0, width: 375, height: 700 });
});

test.run();

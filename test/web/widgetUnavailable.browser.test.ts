/**
 * The chat widget when nothing can be sent (UI audit: the notice said "not available" while the
 * message box and Send stayed enabled): a disabled chatbot (403), an unknown one (404), and a
 * chatbot disabled during a conversation. The composer is disabled and says why, the keyboard
 * lands on the conversation with the notice, and the page passes axe at desktop and phone size.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { expectAccessible, screenshotBothSizes, DESKTOP } from '../support/pageChecks.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { buildBundle, startHostServer, waitForBotMessages } from './helpers.js';

let app: TestApp;
let apiKey = '';
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostServer>>;
const bots = { off: '', live: '', later: '' };

/** A plain shop page with the widget: the widget, not hostile host CSS, is what is judged here. */
function shopPage(src: string, call: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; font: 16px system-ui, sans-serif; color: #1f2937 } main { padding: 24px } #chat { max-width: 420px; height: 520px }</style>
</head><body><main><h1>Help centre</h1><div id="chat"></div></main>
<script src="${src}"></script><script>window.handle = ${call};</script></body></html>`;
}

async function createBot(name: string, disabled = false): Promise<string> {
  const r = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name } });
  assert.is(r.status, 201, JSON.stringify(r.body));
  if (disabled)
    assert.is(
      (await app.api('PUT', `/api/v1/external/v1/chatbots/${r.body.data.id}`, { apiKey, body: { disabled: true } }))
        .status,
      200,
    );
  return r.body.data.id;
}

test.before(async () => {
  buildBundle();
  app = await startTestApp();
  ({ apiKey } = await app.createWorkspace('pro'));
  bots.off = await createBot('Closed bot', true);
  bots.live = await createBot('Open bot');
  bots.later = await createBot('Closing bot');
  const src = `${app.baseUrl}/widget.js`;
  const inline = (id: string) => `ConfabWidget(${JSON.stringify(id)}, 'inline', { container: '#chat' })`;
  host = await startHostServer({
    disabled: shopPage(src, inline(bots.off)),
    unknown: shopPage(src, inline('000000000000000000000000')),
    later: shopPage(src, inline(bots.later)),
    bubble: shopPage(src, `ConfabWidget(${JSON.stringify(bots.off)}, 'bubble')`),
  });
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await host?.close();
  await app?.close();
});

async function open(name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`${host.url}/${name}`);
  return page;
}

/** The composer as a visitor meets it. */
const composer = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('confab-widget')!.shadowRoot!;
    const input = root.querySelector('input')!;
    return {
      input: input.disabled,
      send: root.querySelector<HTMLButtonElement>('button.s')!.disabled,
      placeholder: input.placeholder,
      value: input.value,
    };
  });

const notice = (page: Page) => page.locator('confab-widget [role=alert] span');

test('a disabled chatbot: the notice, and no message box or Send to press', async () => {
  const page = await open('disabled');
  await notice(page).waitFor();
  assert.is(await notice(page).textContent(), 'Chat is not available right now.');
  assert.equal(await composer(page), { input: true, send: true, placeholder: 'Chat is not available', value: '' });
  await expectAccessible(page, 'widget of a disabled chatbot');
  await screenshotBothSizes(page, 'widget-unavailable');
  await page.context().close();
});

test('an unknown chatbot: the same, with its own notice', async () => {
  const page = await open('unknown');
  await notice(page).waitFor();
  assert.match((await notice(page).textContent()) ?? '', /could not be found/);
  const c = await composer(page);
  assert.ok(c.input && c.send, 'nothing to send to');
  await screenshotBothSizes(page, 'widget-unknown');
  await page.context().close();
});

test('bubble of a disabled chatbot: opening it puts the keyboard on the conversation, not on a dead box', async () => {
  const page = await open('bubble');
  await page.locator('confab-widget button.l').click();
  await notice(page).waitFor();
  await page.waitForFunction(
    () => document.querySelector('confab-widget')!.shadowRoot!.activeElement?.getAttribute('role') === 'log',
  );
  assert.ok((await composer(page)).input);
  await page.context().close();
});

test('disabled during a conversation: the next message is refused, kept in the box, and the box is closed', async () => {
  const page = await open('later');
  await waitForBotMessages(page, 2);
  const input = page.locator('confab-widget input');
  await input.fill('Ann');
  await input.press('Enter');
  await waitForBotMessages(page, 3);
  assert.is(
    (await app.api('PUT', `/api/v1/external/v1/chatbots/${bots.later}`, { apiKey, body: { disabled: true } })).status,
    200,
  );
  await input.fill('ann@example.com');
  await input.press('Enter');
  await notice(page).waitFor();
  assert.is(await notice(page).textContent(), 'Chat is not available right now.');
  const c = await composer(page);
  assert.equal({ input: c.input, send: c.send, value: c.value }, { input: true, send: true, value: 'ann@example.com' });
  await page.context().close();
});

test.run();

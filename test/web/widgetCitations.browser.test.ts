/**
 * Cited sources in the widget, in Chromium against the real service, the stand-in model and an
 * HTTPS page the knowledge is fetched from: an agent's streamed answer shows "Sources" under its
 * text with the cited documents by their numbers; a web page is a link that opens in a new tab
 * (noopener), pasted text is plain text; a title with markup shows as text; the sources are
 * still there after a reload. Axe clean; screenshots at both sizes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { expectAccessible, screenshotBothSizes, DESKTOP } from '../support/pageChecks.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openAiStandIn.js';
import { startHttpsReceiver, type HttpsReceiver } from '../support/httpsReceiver.js';
import { eventually } from '../support/waiting.js';
import { buildBundle, startHostServer, waitForBotMessages } from './helpers.js';

let app: TestApp;
let standIn: OpenAiStandIn;
let receiver: HttpsReceiver;
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostServer>>;
let botId = '';

const HELP_PAGE =
  '<html><head><title>Delivery help</title></head><body><h1>Delivery</h1><p>Parcels arrive within three working days.</p></body></html>';
const TEXT_TITLE = 'Returns <b>policy</b>';

function shopPage(src: string, call: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; font: 16px system-ui, sans-serif; color: #1f2937 } main { padding: 24px } #chat { max-width: 420px; height: 560px }</style>
</head><body><main><h1>Help centre</h1><div id="chat"></div></main>
<script src="${src}"></script><script>window.handle = ${call};</script></body></html>`;
}

test.before(async () => {
  buildBundle();
  standIn = await startOpenAiStandIn();
  receiver = await startHttpsReceiver({
    respond: (req) =>
      req.path === '/help'
        ? { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: HELP_PAGE }
        : { status: 404, body: 'not found' },
  });
  app = await startTestApp(
    { LLM_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' },
    { knowledgeCertificateAuthority: receiver.caPem },
  );
  const { apiKey } = await app.createWorkspace('pro');
  const ext = async (method: string, path: string, body?: unknown) => {
    const r = await app.api(method, `/api/v1/external/v1${path}`, { apiKey, body });
    assert.ok(r.status < 300, JSON.stringify(r.body));
    return r.body.data;
  };
  const text = await ext('POST', '/knowledge/sources', {
    type: 'text',
    title: TEXT_TITLE,
    text: '# Returns\n\nParcels may be returned within 30 days, free of charge.',
  });
  const page = await ext('POST', '/knowledge/sources', { type: 'url', url: `${receiver.url}/help` });
  for (const id of [text.id, page.id])
    await eventually(
      async () => ((await ext('GET', `/knowledge/sources/${id}`)).status === 'ready' ? true : null),
      20_000,
      `source ${id} ready`,
    );
  const connection = await ext('POST', '/model-connections', {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  botId = (await ext('POST', '/chatbots', { name: 'Ava' })).id;
  await ext('PUT', `/chatbots/${botId}/agent`, {
    name: 'Ava',
    instructions: 'Help shoppers.',
    connectionId: connection.id,
    greeting: 'Hi! Ask me anything about your order.',
    knowledge: { sourceIds: [text.id, page.id] },
  });
  host = await startHostServer({
    shop: shopPage(
      `${app.baseUrl}/widget.js`,
      `ConfabWidget(${JSON.stringify(botId)}, 'inline', { container: '#chat' })`,
    ),
  });
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await host?.close();
  await app?.close();
  await standIn?.close();
  await receiver?.close();
});

/** The last bot message's sources as shown: number, title, and the link's attributes when it is one. */
const shownSources = (page: Page) =>
  page.evaluate(() => {
    const log = document.querySelector('confab-widget')!.shadowRoot!.querySelector('[role=log]')!;
    const last = Array.from(log.querySelectorAll('.m.bot')).pop()!;
    const list = last.querySelector('ol');
    return {
      label: list?.getAttribute('aria-label') ?? null,
      heading: last.querySelector('.cs .cl')?.textContent ?? null,
      items: Array.from(list?.querySelectorAll('li') ?? []).map((li) => {
        const a = li.querySelector('a');
        return {
          ref: (li as HTMLLIElement).value,
          title: a ? a.firstChild!.textContent : li.textContent,
          href: a?.getAttribute('href') ?? null,
          target: a?.getAttribute('target') ?? null,
          rel: a?.getAttribute('rel') ?? null,
          markup: li.querySelector('b') !== null,
        };
      }),
    };
  });

test("an answer's cited sources under its text: numbered, the web page a link, markup as text; kept after a reload", async () => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(`${host.url}/shop`);
  await waitForBotMessages(page, 1);
  standIn.script({ kind: 'text', text: 'You may return parcels within 30 days [1]; they arrive in three days [2].' });
  const input = page.locator('confab-widget input');
  await input.fill('parcels returns delivery');
  await input.press('Enter');
  await waitForBotMessages(page, 2);
  await page.waitForFunction(
    () => !!document.querySelector('confab-widget')!.shadowRoot!.querySelector('.m.bot:not([aria-hidden]) .cs'),
  );

  const shown = await shownSources(page);
  assert.is(shown.label, 'Sources');
  assert.is(shown.heading, 'Sources');
  assert.equal(shown.items.map((i) => i.ref).sort(), [1, 2]);
  const link = shown.items.find((i) => i.href)!;
  assert.equal(
    [link.title, link.href, link.target, link.rel],
    ['Delivery help', `${receiver.url}/help`, '_blank', 'noopener'],
  );
  const plain = shown.items.find((i) => !i.href)!;
  assert.is(plain.title, TEXT_TITLE, 'the title with markup is text');
  assert.not.ok(plain.markup, 'no element made from the title');
  // A keyboard reaches the link; a screen reader hears that it opens a new tab.
  const a = page.locator('confab-widget').getByRole('link', { name: 'Delivery help (new tab)' });
  await a.focus();
  assert.ok(
    await a.evaluate(
      (el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el,
    ),
  );

  await expectAccessible(page, 'widget with cited sources');
  await screenshotBothSizes(page, 'widget-citations');

  await page.reload();
  await waitForBotMessages(page, 2);
  assert.equal((await shownSources(page)).items, shown.items, 'the sources are stored with the conversation');
  assert.equal(problems, []);
  await page.context().close();
});

test.run();

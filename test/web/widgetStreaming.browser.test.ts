/**
 * The widget with an AI agent, in Chromium against the real service and the stand-in model:
 * the typing dots until the first piece, then the answer growing as text (an intermediate,
 * partial state is seen), replaced by the whole answer, which screen readers get once; an
 * answer with markup in it shows as text; an `error` event mid-stream falls back to a plain JSON
 * send; a stream cut before its end keeps what came and says so. Axe clean; screenshots.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { expectAccessible, screenshotBothSizes, DESKTOP, SCREENSHOTS_DIR } from '../support/pageChecks.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../support/openAiStandIn.js';
import { buildBundle, startHostServer, transcript, waitForBotMessages } from './helpers.js';

let app: TestApp;
let standIn: OpenAiStandIn;
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostServer>>;
let botId = '';

const ANSWER = 'We ship to every country in the European Union within three working days.';

function shopPage(src: string, call: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; font: 16px system-ui, sans-serif; color: #1f2937 } main { padding: 24px } #chat { max-width: 420px; height: 520px }</style>
</head><body><main><h1>Help centre</h1><div id="chat"></div></main>
<script src="${src}"></script><script>window.handle = ${call};</script></body></html>`;
}

test.before(async () => {
  buildBundle();
  standIn = await startOpenAiStandIn({ pieceLength: 4, pieceDelayMs: 60 });
  app = await startTestApp({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  const { apiKey } = await app.createWorkspace('pro');
  const ext = async (method: string, path: string, body: unknown) => {
    const r = await app.api(method, `/api/v1/external/v1${path}`, { apiKey, body });
    assert.ok(r.status < 300, JSON.stringify(r.body));
    return r.body.data;
  };
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
});

async function open(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`${host.url}/shop`);
  await waitForBotMessages(page, 1);
  return page;
}

/** Waits for `n` bot messages, none of them still being written. */
async function waitForAnswers(page: Page, n: number) {
  await waitForBotMessages(page, n);
  await page.waitForFunction(
    () => !document.querySelector('confab-widget')!.shadowRoot!.querySelector('[aria-hidden=true].m'),
  );
}

async function ask(page: Page, text: string) {
  const input = page.locator('confab-widget input');
  await input.fill(text);
  await input.press('Enter');
}

/** What the log shows now: the typing dots, the growing bubble (hidden from screen readers), the finished bot messages. */
const logState = (page: Page) =>
  page.evaluate(() => {
    const log = document.querySelector('confab-widget')!.shadowRoot!.querySelector('[role=log]')!;
    const draft = log.querySelector<HTMLElement>('.m.bot[aria-hidden=true]');
    return {
      typing: !log.querySelector<HTMLElement>('.ty')!.hidden,
      draft: draft ? draft.textContent : null,
      announced: Array.from(log.querySelectorAll('.m.bot:not([aria-hidden])')).map((el) =>
        (el.textContent ?? '').replace(/^Bot: /, ''),
      ),
    };
  });

test('typing until the first piece, the answer growing as text, then the whole answer once', async () => {
  const page = await open();
  // The model takes a moment before its first piece: the dots show meanwhile.
  standIn.script({ kind: 'delay', ms: 700, then: { kind: 'text', text: ANSWER } });
  await ask(page, 'Do you ship to Spain?');
  await page.waitForFunction(() => {
    const log = document.querySelector('confab-widget')!.shadowRoot!.querySelector('[role=log]')!;
    return !log.querySelector<HTMLElement>('.ty')!.hidden;
  });
  const before = await logState(page);
  assert.equal(before, { typing: true, draft: null, announced: ['Hi! Ask me anything about your order.'] });

  // Part of the answer, no more: seen while it is being written.
  const partial = await page.waitForFunction(
    (full) => {
      const d = document
        .querySelector('confab-widget')!
        .shadowRoot!.querySelector<HTMLElement>('[role=log] .m.bot[aria-hidden=true]');
      const t = d?.textContent ?? '';
      return t.length >= 8 && t.length < full.length - 8 ? t : false;
    },
    ANSWER,
    { timeout: 10_000 },
  );
  const mid = await logState(page);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}widget-streaming-partial-desktop.png` });
  assert.ok(ANSWER.startsWith(String(await partial.jsonValue())), 'the bubble shows the start of the answer');
  assert.is(mid.typing, false, 'the dots give way to the growing answer');
  assert.equal(mid.announced, ['Hi! Ask me anything about your order.'], 'nothing is announced while it grows');

  await waitForBotMessages(page, 2);
  await page.waitForFunction(() => {
    const log = document.querySelector('confab-widget')!.shadowRoot!.querySelector('[role=log]')!;
    return !log.querySelector('[aria-hidden=true].m') && log.getAttribute('aria-busy') === 'false';
  });
  const after = await logState(page);
  assert.equal(after, { typing: false, draft: null, announced: ['Hi! Ask me anything about your order.', ANSWER] });
  assert.equal((await transcript(page)).slice(-2), [
    { type: 'user', text: 'Do you ship to Spain?' },
    { type: 'bot', text: ANSWER },
  ]);
  assert.is(standIn.requests.at(-1)!.body.stream, true, 'the service streamed from the model');
  await expectAccessible(page, 'widget after a streamed answer');
  await screenshotBothSizes(page, 'widget-streamed-answer');
  await page.context().close();
});

test('an answer with markup in it is shown as text, never run', async () => {
  const page = await open();
  const evil = 'Try this: <img src=x onerror="window.__pwned=1"> <b>bold</b>';
  standIn.script({ kind: 'text', text: evil });
  await ask(page, 'Show me HTML');
  await waitForBotMessages(page, 2);
  await page.waitForFunction(
    () => !document.querySelector('confab-widget')!.shadowRoot!.querySelector('[aria-hidden=true].m'),
  );
  assert.is((await transcript(page)).at(-1)!.text, evil);
  const injected = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned,
    elements: document.querySelector('confab-widget')!.shadowRoot!.querySelectorAll('[role=log] img, [role=log] b')
      .length,
  }));
  assert.equal(injected, { pwned: undefined, elements: 0 });
  await page.context().close();
});

/** Answers the next streamed send from the page with `body` instead of the service. */
async function answerNextStreamWith(page: Page, body: string) {
  let used = false;
  await page.route(`${app.baseUrl}/api/v1/chat/*/sessions/*/messages`, async (route) => {
    const streamed = (route.request().headers().accept ?? '').includes('text/event-stream');
    if (used || !streamed) return route.continue();
    used = true;
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' },
      body,
    });
  });
}

test('an error event mid-stream: the message is sent again as plain JSON and its answer shown', async () => {
  const page = await open();
  await answerNextStreamWith(
    page,
    'event: token\ndata: {"text":"Half an ans"}\n\nevent: error\ndata: {"error":"The answer could not be completed"}\n\n',
  );
  const before = standIn.requests.length;
  standIn.script({ kind: 'text', text: 'The recovered answer.' });
  await ask(page, 'Where is my order?');
  await waitForBotMessages(page, 2);
  await page.waitForFunction(
    () => !document.querySelector('confab-widget')!.shadowRoot!.querySelector('[aria-hidden=true].m'),
  );
  assert.equal((await transcript(page)).slice(1), [
    { type: 'user', text: 'Where is my order?' },
    { type: 'bot', text: 'The recovered answer.' },
  ]);
  assert.is(standIn.requests.length, before + 1, 'the service answered once');
  assert.not.ok(standIn.requests.at(-1)!.body.stream, 'the second send was plain JSON');
  assert.is(await page.locator('confab-widget [role=alert]').isHidden(), true);
  await page.context().close();
});

test('a stream cut before its end keeps what came and says the answer was cut off', async () => {
  const page = await open();
  await answerNextStreamWith(
    page,
    'event: token\ndata: {"text":"We ship to"}\n\nevent: token\ndata: {"text":" every coun"}\n\n',
  );
  await ask(page, 'Shipping?');
  const notice = page.locator('confab-widget [role=alert] span');
  await notice.waitFor();
  assert.is(await notice.textContent(), 'Connection problem: the answer was cut off.');
  assert.equal((await transcript(page)).slice(1), [
    { type: 'user', text: 'Shipping?' },
    { type: 'bot', text: 'We ship to every coun…' },
  ]);
  assert.is(await page.locator('confab-widget [role=alert] button').isHidden(), true, 'no retry: it would send twice');
  // The conversation goes on.
  standIn.script({ kind: 'text', text: 'Anything else?' });
  await ask(page, 'Thanks');
  await waitForAnswers(page, 3);
  assert.is((await transcript(page)).at(-1)!.text, 'Anything else?');
  await expectAccessible(page, 'widget after a cut answer');
  await screenshotBothSizes(page, 'widget-streamed-cut');
  await page.context().close();
});

test.run();

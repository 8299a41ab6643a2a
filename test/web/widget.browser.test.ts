// The widget in headless Chromium against the real service (test/support/testApp.ts), which
// serves /widget.js and the visitor chat API (docs/chat-api.md); host pages live on another
// origin. Rendering, isolation, keyboard use, resume, failure handling. Network failures and
// slow answers are made with Playwright routing (a real browser-level failure or delay), never
// with a stand-in server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { buildBundle, hostPage, startHostServer, transcript, waitForBotMessages } from './helpers.js';

let app: TestApp;
let apiKey = '';
let browser: Browser;
let host: Awaited<ReturnType<typeof startHostServer>>;
const contexts: BrowserContext[] = [];
/** Chatbot ids by role, created in test.before. */
const bots = { shop: '', bubble: '', fullpage: '', queued: '', disabled: '' };
/** POST .../sessions requests each page made, counted from before its first load. */
const sessionStarts = new WeakMap<Page, string[]>();
/** What the browser reported (page errors, failed requests), shown when a test fails. */
const diagnostics: string[] = [];

const FLOW = {
  steps: [
    { type: 'message', text: 'Hi there! <b>Welcome</b> to the shop.' },
    { type: 'question', text: 'What is your name?', variable: 'name' },
    { type: 'question', text: 'Thanks {{name}}! What is your email?', variable: 'email' },
    { type: 'message', text: 'Thank you, we will be in touch.' },
  ],
};

const SESSIONS_URL = /\/api\/v1\/chat\/[^/]+\/sessions$/;
const MESSAGES_URL = /\/api\/v1\/chat\/[^/]+\/sessions\/[^/]+\/messages$/;

async function createBot(name: string): Promise<string> {
  const r = await app.api('POST', '/api/v1/external/v1/chatbots', { apiKey, body: { name, flow: FLOW } });
  assert.ok(r.status === 200 || r.status === 201, `create chatbot: ${r.status} ${JSON.stringify(r.body)}`);
  assert.type(r.body.data.id, 'string');
  return r.body.data.id;
}

async function open(pageName: string, viewport = { width: 1024, height: 768 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => diagnostics.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) =>
    diagnostics.push(`requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
  );
  sessionStarts.set(page, []);
  page.on('request', (r) => {
    if (r.method() === 'POST' && SESSIONS_URL.test(r.url())) sessionStarts.get(page)!.push(r.url());
  });
  await page.goto(`${host.url}/${pageName}`);
  return page;
}

const starts = (page: Page) => sessionStarts.get(page)!.length;

const inShadow = <T>(page: Page, fn: string): Promise<T> =>
  page.evaluate(
    `(() => { const root = document.querySelector('confab-widget').shadowRoot; return ${fn}; })()`,
  ) as Promise<T>;

/** The session the widget persisted for a bot, as it stores it (localStorage). */
const stored = (
  page: Page,
  botId: string,
): Promise<{ sessionId: string; messages: unknown[]; done: boolean; updatedAt: number } | null> =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) || 'null'), `confab:session:${botId}`);

/** The conversation's events on the server. */
const conversation = (sessionId: string) => app.services.events.readStream(`conversation-${sessionId}`);

/** The response record of a session, through the External API (its read model may lag a little). */
async function responseOf(botId: string, sessionId: string, until: (r: any) => boolean) {
  let last: unknown;
  for (let i = 0; i < 100; i++) {
    const list = await app.api('GET', `/api/v1/external/v1/chatbots/${botId}/responses`, { apiKey });
    last = list.body;
    const item = list.status === 200 ? list.body.data.find((r: any) => r.chatSessionId === sessionId) : undefined;
    if (item) {
      const one = await app.api('GET', `/api/v1/external/v1/chatbots/${botId}/responses/${item._id}`, { apiKey });
      assert.is(one.status, 200, JSON.stringify(one.body));
      if (until(one.body.data)) return one.body.data;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no matching response for session ${sessionId}: ${JSON.stringify(last)}`);
}

const why = () => (diagnostics.length ? `\n${diagnostics.join('\n')}` : '');

test.before(async () => {
  buildBundle(); // the service serves public/widget.js
  app = await startTestApp();
  ({ apiKey } = await app.createWorkspace('pro'));
  bots.shop = await createBot('Shop bot');
  bots.bubble = await createBot('Bubble bot');
  bots.fullpage = await createBot('Fullpage bot');
  bots.queued = await createBot('Queued bot');
  bots.disabled = await createBot('Disabled bot');
  const off = await app.api('PUT', `/api/v1/external/v1/chatbots/${bots.disabled}`, {
    apiKey,
    body: { disabled: true },
  });
  assert.is(off.status, 200, JSON.stringify(off.body));

  const src = `${app.baseUrl}/widget.js`;
  const id = (botId: string) => JSON.stringify(botId);
  const inline = `ConfabWidget(${id(bots.shop)}, 'inline', { container: '#chat', title: 'Shop help', customData: { platform: 'test', storeHash: 'abc123', n: 5, bad: {} }, user: { id: 7, email: 'c@example.com', extra: 'x' } })`;
  host = await startHostServer({
    inline: hostPage(src, inline),
    twice: hostPage(
      src,
      `[${inline}, ${inline}, ConfabWidget(${id(bots.shop)}, 'inline', { container: document.getElementById('chat') })]`,
    ),
    bubble: hostPage(src, `ConfabWidget(${id(bots.bubble)}, 'bubble', { primaryColor: '#ffcc00' })`),
    fullpage: hostPage(src, `ConfabWidget(${id(bots.fullpage)}, 'fullpage')`),
    missing: hostPage(src, `ConfabWidget('missing', 'inline', { container: '#chat' })`),
    disabled: hostPage(src, `ConfabWidget(${id(bots.disabled)}, 'inline', { container: '#chat' })`),
    queued: `<!doctype html><body><div id="chat"></div><script>
      window.ConfabWidget = window.ConfabWidget || function () { (ConfabWidget.q = ConfabWidget.q || []).push(arguments) };
      ConfabWidget(${id(bots.queued)}, 'inline', { container: '#chat' });
    </script><script src="${src}"></script></body>`,
  });
  assert.is.not(new URL(host.url).origin, new URL(app.baseUrl).origin, 'host pages on another origin');
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

test('inline: greets, isolates styles, sends options, renders server text as text', async () => {
  const page = await open('inline');
  await waitForBotMessages(page, 2).catch((e) => {
    throw new Error(`${e.message}${why()}`);
  });
  // API base came from the script tag's origin, not the page's.
  assert.equal(sessionStarts.get(page), [`${app.baseUrl}/api/v1/chat/${bots.shop}/sessions`]);

  // The server recorded the options the page passed, cleaned by the widget.
  const s = (await stored(page, bots.shop))!;
  assert.type(s.sessionId, 'string');
  const events = await conversation(s.sessionId);
  assert.equal(
    events.map((e) => e.type),
    ['ConversationStarted'],
  );
  const started = events[0].data as any;
  assert.is(started.chatbotId, bots.shop);
  assert.equal(started.customData, { platform: 'test', storeHash: 'abc123', n: '5' });
  assert.equal(started.user, { id: '7', email: 'c@example.com' });
  assert.is(started.channel, 'web');
  assert.type(started.visitorId, 'string');
  assert.is(started.visitorId, await page.evaluate(() => localStorage.getItem('confab:visitor')));

  const t = await transcript(page);
  assert.equal(t, [
    { type: 'bot', text: 'Hi there! <b>Welcome</b> to the shop.' },
    { type: 'bot', text: 'What is your name?' },
  ]);
  assert.is(await inShadow(page, `root.querySelectorAll('b').length`), 0, 'server markup not parsed');
  assert.is(await inShadow(page, `root.querySelector('h2').textContent`), 'Shop help');

  // Hostile page CSS does not reach inside.
  const styles = await inShadow<string[]>(
    page,
    `[root.querySelector('input'), root.querySelector('.m'), root.querySelector('button[type=submit]')].map(el => getComputedStyle(el).color + ' ' + getComputedStyle(el).fontSize)`,
  );
  for (const st of styles) {
    assert.not.match(st, 'rgb(255, 0, 0)');
    assert.not.match(st, '40px');
  }
  // a11y landmarks
  assert.is(await inShadow(page, `root.querySelector('[role=log]').getAttribute('aria-live')`), 'polite');
  assert.is(await inShadow(page, `root.querySelector('input').labels[0].textContent`), 'Message');
});

test('inline: keyboard conversation to the end, then a reload resumes it', async () => {
  const page = await open('inline');
  await waitForBotMessages(page, 2);
  await page.locator('confab-widget input').click();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Enter');
  await waitForBotMessages(page, 3);
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Enter');
  await waitForBotMessages(page, 4);
  await page.locator('confab-widget .end').waitFor({ state: 'visible' });
  assert.ok(await inShadow(page, `root.querySelector('input').disabled`), 'input disabled when done');

  const before = await transcript(page);
  assert.equal(before, [
    { type: 'bot', text: 'Hi there! <b>Welcome</b> to the shop.' },
    { type: 'bot', text: 'What is your name?' },
    { type: 'user', text: 'Ada' },
    { type: 'bot', text: 'Thanks Ada! What is your email?' },
    { type: 'user', text: 'ada@example.com' },
    { type: 'bot', text: 'Thank you, we will be in touch.' },
  ]);

  // The server completed the conversation; the External API has the answers and what the page passed.
  const { sessionId } = (await stored(page, bots.shop))!;
  const events = await conversation(sessionId);
  assert.is(events.at(-1)!.type, 'ConversationCompleted');
  assert.is((events.at(-1)!.data as any).resolution, 'resolved');
  const response = await responseOf(bots.shop, sessionId, (r) => r.status === 'completed');
  assert.equal(response.answerVariables, { name: 'Ada', email: 'ada@example.com' });
  assert.equal(response.customData, { platform: 'test', storeHash: 'abc123', n: '5' });
  assert.equal(response.user, { id: '7', email: 'c@example.com' });
  assert.is(response.turnCount, 2);

  await page.reload();
  await waitForBotMessages(page, 4);
  assert.equal(await transcript(page), before);
  assert.is(starts(page), 1, 'no new session on reload');
  assert.is((await stored(page, bots.shop))!.sessionId, sessionId);
  assert.ok(await inShadow(page, `root.querySelector('input').disabled`));

  // "Start a new chat" begins a fresh session.
  await page.locator('confab-widget .end button').click();
  await page.waitForFunction(
    () => !document.querySelector('confab-widget')!.shadowRoot!.querySelector('input')!.disabled,
  );
  await waitForBotMessages(page, 2);
  assert.is((await transcript(page)).length, 2);
  assert.is(starts(page), 2);
  const fresh = (await stored(page, bots.shop))!.sessionId;
  assert.is.not(fresh, sessionId);
  assert.equal(
    (await conversation(fresh)).map((e) => e.type),
    ['ConversationStarted'],
  );
});

test('calling ConfabWidget twice for the same bot and container makes one widget', async () => {
  const page = await open('twice');
  await waitForBotMessages(page, 2);
  assert.is(starts(page), 1, 'one session for the three calls');
  assert.is(await page.evaluate(() => document.querySelectorAll('confab-widget').length), 1);
  assert.ok(
    await page.evaluate(
      () =>
        (window as any).handle[0] === (window as any).handle[1] &&
        (window as any).handle[1] === (window as any).handle[2],
    ),
  );
  // destroy removes it; a new call then creates a new one
  await page.evaluate(() => (window as any).handle[0].destroy());
  assert.is(await page.evaluate(() => document.querySelectorAll('confab-widget').length), 0);
  await page.evaluate((botId) => (window as any).ConfabWidget(botId, 'inline', { container: '#chat' }), bots.shop);
  assert.is(await page.evaluate(() => document.querySelectorAll('confab-widget').length), 1);
});

test('network failure: retry affordance, unsent text kept, typing indicator while in flight', async () => {
  const page = await open('inline');
  await waitForBotMessages(page, 2);
  const input = page.locator('confab-widget input');
  await input.fill('Grace');

  // The browser fails the request before it leaves (as when the network drops).
  await page.route(MESSAGES_URL, (r: Route) => r.abort('internetdisconnected'));
  await input.press('Enter');
  await page.locator('confab-widget [role=alert]').waitFor({ state: 'visible' });
  assert.match((await page.locator('confab-widget [role=alert] span').textContent()) ?? '', /Connection problem/);
  assert.is(await page.locator('confab-widget [role=alert] button').textContent(), 'Retry');
  assert.ok(await page.locator('confab-widget [role=alert] button').isVisible());
  assert.is(await input.inputValue(), 'Grace', 'text kept');
  assert.is((await transcript(page)).filter((m) => m.type === 'user').length, 0);
  const { sessionId } = (await stored(page, bots.shop))!;
  assert.equal(
    (await conversation(sessionId)).map((e) => e.type),
    ['ConversationStarted'],
    'nothing reached the server',
  );
  await page.unroute(MESSAGES_URL);

  // Retry, with the answer held back a moment: the typing indicator shows meanwhile.
  const delayed = async (r: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await r.continue();
  };
  await page.route(MESSAGES_URL, delayed);
  await page.locator('confab-widget [role=alert] button').click();
  await page.locator('confab-widget .ty').waitFor({ state: 'visible' });
  assert.ok(await inShadow(page, `root.querySelector('[role=log]').getAttribute('aria-busy') === 'true'`));
  await waitForBotMessages(page, 3);
  await page.unroute(MESSAGES_URL, delayed);
  await page.locator('confab-widget .ty').waitFor({ state: 'hidden' });
  assert.ok(await page.locator('confab-widget [role=alert]').isHidden());
  assert.is(await input.inputValue(), '');
  const users = (await transcript(page)).filter((m) => m.type === 'user');
  assert.equal(users, [{ type: 'user', text: 'Grace' }]);
  assert.is((await transcript(page)).at(-1)!.text, 'Thanks Grace! What is your email?');

  // The server got the message exactly once.
  const recorded = (await conversation(sessionId)).filter((e) => e.type === 'MessagesRecorded');
  assert.is(recorded.length, 1);
  assert.equal((recorded[0].data as any).answerVariables, { name: 'Grace' });
});

test('a stored session the server no longer knows (404) starts a fresh one', async () => {
  const page = await open('inline');
  await waitForBotMessages(page, 2);
  // A session id of the server's shape that it never issued, stored the way the widget stores it.
  const bogus = randomBytes(12).toString('hex');
  assert.equal(await conversation(bogus), []);
  await page.evaluate(
    ([key, bogus]) => {
      const s = JSON.parse(localStorage.getItem(key)!);
      s.sessionId = bogus;
      localStorage.setItem(key, JSON.stringify(s));
    },
    [`confab:session:${bots.shop}`, bogus],
  );
  await page.reload();
  await waitForBotMessages(page, 2);
  assert.is(starts(page), 1);
  const input = page.locator('confab-widget input');
  await input.fill('Linus');
  const refused = page.waitForResponse((r) => MESSAGES_URL.test(r.url()) && r.url().includes(bogus));
  await input.press('Enter');
  assert.is((await refused).status(), 404, 'the server does not know the session');
  await page.waitForFunction(
    ([key, bogus]) => {
      const s = JSON.parse(localStorage.getItem(key) || 'null');
      return s && s.sessionId !== bogus;
    },
    [`confab:session:${bots.shop}`, bogus],
  );
  assert.is(starts(page), 2);
  await waitForBotMessages(page, 2);
  assert.is(await input.inputValue(), 'Linus', 'text kept for the new conversation');
  assert.ok(await page.locator('confab-widget [role=alert]').isHidden());
  const fresh = (await stored(page, bots.shop))!.sessionId;
  assert.equal(
    (await conversation(fresh)).map((e) => e.type),
    ['ConversationStarted'],
  );
  assert.equal(await conversation(bogus), []);
});

test('unknown bot: an error without a retry loop', async () => {
  const page = await open('missing');
  await page.locator('confab-widget [role=alert]').waitFor({ state: 'visible' });
  assert.match((await page.locator('confab-widget [role=alert] span').textContent()) ?? '', /could not be found/);
  assert.ok(await page.locator('confab-widget [role=alert] button').isHidden());
  assert.is(starts(page), 1, 'asked once, no retry loop');
});

test('disabled bot: not available, without a retry loop', async () => {
  const page = await open('disabled');
  await page.locator('confab-widget [role=alert]').waitFor({ state: 'visible' });
  assert.match((await page.locator('confab-widget [role=alert] span').textContent()) ?? '', /not available/);
  assert.ok(await page.locator('confab-widget [role=alert] button').isHidden());
  assert.is(starts(page), 1, 'asked once, no retry loop');
});

test('calls queued before the script loaded run once it loads', async () => {
  const page = await open('queued');
  await waitForBotMessages(page, 2);
  assert.ok(await page.evaluate(() => (window as any).ConfabWidget.__confab === true));
  assert.equal(sessionStarts.get(page), [`${app.baseUrl}/api/v1/chat/${bots.queued}/sessions`]);
});

test('bubble: keyboard open/close, focus, aria, lazy session, colours', async () => {
  const page = await open('bubble');
  const launcher = page.locator('confab-widget button.l');
  await launcher.waitFor();
  assert.is(await launcher.getAttribute('aria-label'), 'Open chat');
  assert.is(await launcher.getAttribute('aria-expanded'), 'false');
  assert.ok(await page.locator('confab-widget .p').isHidden());
  assert.is(starts(page), 0, 'no session before the visitor opens the chat');
  // dark text on a light primary colour
  assert.is(await inShadow(page, `getComputedStyle(root.querySelector('button.l')).color`), 'rgb(17, 17, 17)');

  await launcher.focus();
  await page.keyboard.press('Enter');
  await page.locator('confab-widget .p').waitFor({ state: 'visible' });
  assert.is(await launcher.getAttribute('aria-expanded'), 'true');
  await waitForBotMessages(page, 2);
  await page.waitForFunction(
    () => document.querySelector('confab-widget')!.shadowRoot!.activeElement?.tagName === 'INPUT',
  );
  assert.is(starts(page), 1);
  const { sessionId } = (await stored(page, bots.bubble))!;

  await page.keyboard.press('Escape');
  await page.locator('confab-widget .p').waitFor({ state: 'hidden' });
  assert.is(await launcher.getAttribute('aria-expanded'), 'false');
  assert.is(
    await inShadow(page, `root.activeElement && root.activeElement.className`),
    'l',
    'focus back on the launcher',
  );

  // the handle works too, and an open bubble stays open across a reload
  await page.evaluate(() => (window as any).handle.open());
  await page.reload();
  await page.locator('confab-widget .p').waitFor({ state: 'visible' });
  await waitForBotMessages(page, 2);
  assert.is(starts(page), 1, 'resumed, not restarted');
  assert.is((await stored(page, bots.bubble))!.sessionId, sessionId);
  await page.evaluate(() => (window as any).handle.close());
  assert.ok(await page.locator('confab-widget .p').isHidden());
});

test('bubble: the panel fills a 375px wide screen; desktop keeps it docked', async () => {
  const phone = await open('bubble', { width: 375, height: 667 });
  await phone.locator('confab-widget button.l').click();
  const panel = phone.locator('confab-widget .p');
  await panel.waitFor({ state: 'visible' });
  await waitForBotMessages(phone, 2);
  assert.equal(await panel.boundingBox(), { x: 0, y: 0, width: 375, height: 667 });
  // the launcher, now a "×" in the panel's header, closes it where the panel covers the screen
  await phone.locator('confab-widget button.l').click();
  await panel.waitFor({ state: 'hidden' });

  const desk = await open('bubble', { width: 1280, height: 800 });
  await desk.locator('confab-widget button.l').click();
  await waitForBotMessages(desk, 2);
  const box = (await desk.locator('confab-widget .p').boundingBox())!;
  assert.is(box.width, 380);
  assert.is(box.x + box.width, 1280 - 20);
});

test('fullpage fills the viewport', async () => {
  const page = await open('fullpage', { width: 800, height: 600 });
  await waitForBotMessages(page, 2);
  assert.equal(sessionStarts.get(page), [`${app.baseUrl}/api/v1/chat/${bots.fullpage}/sessions`]);
  assert.equal(await page.locator('confab-widget .p').boundingBox(), { x: 0, y: 0, width: 800, height: 600 });
});

test.run();

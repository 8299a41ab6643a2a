// The widget in headless Chromium against a stand-in chat API (test/web/helpers.ts): rendering,
// isolation, keyboard use, resume, failure handling. The real service is covered by
// widget.e2e.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { buildBundle, hostPage, startFakeChatApi, startHostServer, transcript, waitForBotMessages } from './helpers.js';

let browser: Browser;
let api: Awaited<ReturnType<typeof startFakeChatApi>>;
let host: Awaited<ReturnType<typeof startHostServer>>;
const contexts: BrowserContext[] = [];

const INLINE = `ConfabWidget('bot1', 'inline', { container: '#chat', title: 'Shop help', customData: { platform: 'test', storeHash: 'abc123', n: 5, bad: {} }, user: { id: 7, email: 'c@example.com', extra: 'x' } })`;

async function open(pageName: string, viewport = { width: 1024, height: 768 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e));
  await page.goto(`${host.url}/${pageName}`);
  return page;
}

const inShadow = <T>(page: Page, fn: string): Promise<T> =>
  page.evaluate(`(() => { const root = document.querySelector('confab-widget').shadowRoot; return ${fn}; })()`) as Promise<T>;

test.before(async () => {
  buildBundle();
  api = await startFakeChatApi();
  const src = `${api.url}/widget.js`;
  host = await startHostServer({
    inline: hostPage(src, INLINE),
    twice: hostPage(src, `[${INLINE}, ${INLINE}, ConfabWidget('bot1', 'inline', { container: document.getElementById('chat') })]`),
    bubble: hostPage(src, `ConfabWidget('bot2', 'bubble', { primaryColor: '#ffcc00' })`),
    fullpage: hostPage(src, `ConfabWidget('bot3', 'fullpage')`),
    missing: hostPage(src, `ConfabWidget('missing', 'inline', { container: '#chat' })`),
    queued: `<!doctype html><body><div id="chat"></div><script>
      window.ConfabWidget = window.ConfabWidget || function () { (ConfabWidget.q = ConfabWidget.q || []).push(arguments) };
      ConfabWidget('bot4', 'inline', { container: '#chat' });
    </script><script src="${src}"></script></body>`,
  });
  browser = await launchBrowser();
});

test.after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await api?.close();
  await host?.close();
});

test('inline: greets, isolates styles, sends options, renders server text as text', async () => {
  const before = api.state.sessionPosts;
  const page = await open('inline');
  await waitForBotMessages(page, 2);
  assert.is(api.state.sessionPosts, before + 1);
  // API base came from the script tag's origin, not the page's.
  const s = [...api.sessions.values()].at(-1)!;
  assert.equal(s.body.customData, { platform: 'test', storeHash: 'abc123', n: '5' });
  assert.equal(s.body.user, { id: '7', email: 'c@example.com' });
  assert.is(s.body.channel, 'web');
  assert.type(s.body.visitorId, 'string');

  const t = await transcript(page);
  assert.equal(t, [
    { type: 'bot', text: 'Hi there! <b>Welcome</b> to the shop.' },
    { type: 'bot', text: 'What is your name?' },
  ]);
  assert.is(await inShadow(page, `root.querySelectorAll('b').length`), 0, 'server markup not parsed');
  assert.is(await inShadow(page, `root.querySelector('h2').textContent`), 'Shop help');

  // Hostile page CSS does not reach inside.
  const styles = await inShadow<string[]>(page, `[root.querySelector('input'), root.querySelector('.m'), root.querySelector('button[type=submit]')].map(el => getComputedStyle(el).color + ' ' + getComputedStyle(el).fontSize)`);
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
  const posts = api.state.sessionPosts;
  await page.locator('confab-widget input').click();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Enter');
  await waitForBotMessages(page, 3);
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Enter');
  await waitForBotMessages(page, 4);
  await page.locator('confab-widget .end').waitFor({ state: 'visible' });
  assert.ok(await inShadow(page, `root.querySelector('input').disabled`), 'input disabled when done');
  const s = [...api.sessions.values()].at(-1)!;
  assert.equal(s.answers, { name: 'Ada', email: 'ada@example.com' });

  const before = await transcript(page);
  assert.equal(before.map((m) => m.type), ['bot', 'bot', 'user', 'bot', 'user', 'bot']);
  await page.reload();
  await waitForBotMessages(page, 4);
  assert.equal(await transcript(page), before);
  assert.is(api.state.sessionPosts, posts, 'no new session on reload');
  assert.ok(await inShadow(page, `root.querySelector('input').disabled`));

  // "Start a new chat" begins a fresh session.
  await page.locator('confab-widget .end button').click();
  await page.waitForFunction(() => !document.querySelector('confab-widget')!.shadowRoot!.querySelector('input')!.disabled);
  await waitForBotMessages(page, 2);
  assert.is((await transcript(page)).length, 2);
  assert.is(api.state.sessionPosts, posts + 1);
});

test('calling ConfabWidget twice for the same bot and container makes one widget', async () => {
  const page = await open('twice');
  await waitForBotMessages(page, 2);
  assert.is(await page.evaluate(() => document.querySelectorAll('confab-widget').length), 1);
  assert.ok(await page.evaluate(() => (window as any).handle[0] === (window as any).handle[1] && (window as any).handle[1] === (window as any).handle[2]));
  // destroy removes it; a new call then creates a new one
  await page.evaluate(() => (window as any).handle[0].destroy());
  assert.is(await page.evaluate(() => document.querySelectorAll('confab-widget').length), 0);
  await page.evaluate(() => (window as any).ConfabWidget('bot1', 'inline', { container: '#chat' }));
  assert.is(await page.evaluate(() => document.querySelectorAll('confab-widget').length), 1);
});

test('network failure: retry affordance, unsent text kept, typing indicator while in flight', async () => {
  const page = await open('inline');
  await waitForBotMessages(page, 2);
  const input = page.locator('confab-widget input');
  await input.fill('Grace');
  api.state.failMessages = true;
  await input.press('Enter');
  await page.locator('confab-widget [role=alert]').waitFor({ state: 'visible' });
  assert.is(await input.inputValue(), 'Grace', 'text kept');
  assert.is((await transcript(page)).filter((m) => m.type === 'user').length, 0);

  api.state.failMessages = false;
  api.state.delayMs = 400;
  await page.locator('confab-widget [role=alert] button').click();
  await page.locator('confab-widget .ty').waitFor({ state: 'visible' });
  assert.ok(await inShadow(page, `root.querySelector('[role=log]').getAttribute('aria-busy') === 'true'`));
  await waitForBotMessages(page, 3);
  api.state.delayMs = 0;
  assert.ok(await page.locator('confab-widget .ty').isHidden());
  assert.ok(await page.locator('confab-widget [role=alert]').isHidden());
  assert.is(await input.inputValue(), '');
  const users = (await transcript(page)).filter((m) => m.type === 'user');
  assert.equal(users, [{ type: 'user', text: 'Grace' }]);
});

test('a stored session the server no longer knows (404) starts a fresh one', async () => {
  const page = await open('inline');
  await waitForBotMessages(page, 2);
  await page.evaluate(() => {
    const key = 'confab:session:bot1';
    const s = JSON.parse(localStorage.getItem(key)!);
    s.sessionId = 'gone';
    localStorage.setItem(key, JSON.stringify(s));
  });
  await page.reload();
  await waitForBotMessages(page, 2);
  const posts = api.state.sessionPosts;
  const input = page.locator('confab-widget input');
  await input.fill('Linus');
  await input.press('Enter');
  await page.waitForFunction(() => {
    const s = JSON.parse(localStorage.getItem('confab:session:bot1') || 'null');
    return s && s.sessionId !== 'gone';
  });
  assert.is(api.state.sessionPosts, posts + 1);
  await waitForBotMessages(page, 2);
  assert.is(await input.inputValue(), 'Linus', 'text kept for the new conversation');
});

test('unknown bot: an error without a retry loop', async () => {
  const page = await open('missing');
  await page.locator('confab-widget [role=alert]').waitFor({ state: 'visible' });
  assert.match(await page.locator('confab-widget [role=alert] span').textContent() ?? '', /could not be found/);
  assert.ok(await page.locator('confab-widget [role=alert] button').isHidden());
});

test('calls queued before the script loaded run once it loads', async () => {
  const page = await open('queued');
  await waitForBotMessages(page, 2);
  assert.ok(await page.evaluate(() => (window as any).ConfabWidget.__confab === true));
});

test('bubble: keyboard open/close, focus, aria, lazy session, colours', async () => {
  const posts = api.state.sessionPosts;
  const page = await open('bubble');
  const launcher = page.locator('confab-widget button.l');
  await launcher.waitFor();
  assert.is(await launcher.getAttribute('aria-label'), 'Open chat');
  assert.is(await launcher.getAttribute('aria-expanded'), 'false');
  assert.ok(await page.locator('confab-widget .p').isHidden());
  assert.is(api.state.sessionPosts, posts, 'no session before the visitor opens the chat');
  // dark text on a light primary colour
  assert.is(await inShadow(page, `getComputedStyle(root.querySelector('button.l')).color`), 'rgb(17, 17, 17)');

  await launcher.focus();
  await page.keyboard.press('Enter');
  await page.locator('confab-widget .p').waitFor({ state: 'visible' });
  assert.is(await launcher.getAttribute('aria-expanded'), 'true');
  await waitForBotMessages(page, 2);
  await page.waitForFunction(() => document.querySelector('confab-widget')!.shadowRoot!.activeElement?.tagName === 'INPUT');
  assert.is(api.state.sessionPosts, posts + 1);

  await page.keyboard.press('Escape');
  await page.locator('confab-widget .p').waitFor({ state: 'hidden' });
  assert.is(await launcher.getAttribute('aria-expanded'), 'false');
  assert.is(await inShadow(page, `root.activeElement && root.activeElement.className`), 'l', 'focus back on the launcher');

  // the handle works too, and an open bubble stays open across a reload
  await page.evaluate(() => (window as any).handle.open());
  await page.reload();
  await page.locator('confab-widget .p').waitFor({ state: 'visible' });
  assert.is(api.state.sessionPosts, posts + 1, 'resumed, not restarted');
  await page.evaluate(() => (window as any).handle.close());
  assert.ok(await page.locator('confab-widget .p').isHidden());
});

test('bubble: the panel fills a 375px wide screen; desktop keeps it docked', async () => {
  const phone = await open('bubble', { width: 375, height: 667 });
  await phone.locator('confab-widget button.l').click();
  const panel = phone.locator('confab-widget .p');
  await panel.waitFor({ state: 'visible' });
  assert.equal(await panel.boundingBox(), { x: 0, y: 0, width: 375, height: 667 });
  // the header close button works where the launcher is covered
  await phone.locator('confab-widget button.x').click();
  await panel.waitFor({ state: 'hidden' });

  const desk = await open('bubble', { width: 1280, height: 800 });
  await desk.locator('confab-widget button.l').click();
  const box = (await desk.locator('confab-widget .p').boundingBox())!;
  assert.is(box.width, 380);
  assert.is(box.x + box.width, 1280 - 20);
});

test('fullpage fills the viewport', async () => {
  const page = await open('fullpage', { width: 800, height: 600 });
  await waitForBotMessages(page, 2);
  assert.equal(await page.locator('confab-widget .p').boundingBox(), { x: 0, y: 0, width: 800, height: 600 });
});

test.run();

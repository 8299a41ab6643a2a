// The widget wears its workspace's brand (docs/branding.md), in headless Chromium against the
// real service: the chatbot's name in the header and the workspace's primary color, both from
// the session start it already makes; one close control for the bubble; the last message in
// view once a chat ends; a readable column on a wide screen; a typing indicator while a reply
// is pending. Slow replies are made by holding requests in Playwright routing until the test
// has looked, never by waiting a fixed time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page, Route } from 'playwright-core';
import {
  contrastOf,
  inShadow,
  MESSAGES_URL,
  say,
  SESSIONS_URL,
  settled,
  startBrandedApp,
  type BrandedApp,
} from './brandedApp.js';

let t: BrandedApp;
const why = () => (t.diagnostics.length ? `\n${t.diagnostics.join('\n')}` : '');

test.before(async () => {
  t = await startBrandedApp();
});

test.before.each(() => {
  if (t) t.diagnostics.length = 0;
});

test.after(async () => {
  await t?.close();
});

const style = (page: Page, selector: string, prop: string) =>
  inShadow<string>(page, `getComputedStyle(root.querySelector(${JSON.stringify(selector)})).${prop}`);

test('the header names the chatbot and the controls wear the workspace color, from the one start request', async () => {
  const page = await t.open('bubble');
  const starts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && SESSIONS_URL.test(r.url()) && starts.push(r.url()));
  const started = page.waitForResponse((r) => SESSIONS_URL.test(r.url()));
  await page.locator('confab-widget button.l').click();
  const body = await (await started).json();
  assert.equal([body.chatbot, body.branding.primaryColor], [{ name: 'Aria from Acme' }, '#0F766E']);
  await settled(page, 2).catch((e) => {
    throw new Error(`${e.message}${why()}`);
  });

  assert.is(await inShadow(page, `root.querySelector('h2').textContent`), 'Aria from Acme');
  assert.is(await page.getByRole('dialog', { name: 'Aria from Acme' }).count(), 1, 'the panel is labelled by the name');
  for (const sel of ['button.l', 'button.s', '.h']) {
    assert.is(await style(page, sel, 'backgroundColor'), 'rgb(15, 118, 110)', `${sel} in the brand color`);
    assert.is(await style(page, sel, 'color'), 'rgb(255, 255, 255)', `${sel} text white on teal`);
  }
  assert.is(starts.length, 1, 'no request beyond the session start');

  // A returning visitor resumes without a start request and still sees the name and colors.
  await page.reload();
  await settled(page, 2);
  assert.is(await inShadow(page, `root.querySelector('h2').textContent`), 'Aria from Acme');
  assert.is(await style(page, 'button.l', 'backgroundColor'), 'rgb(15, 118, 110)');
  assert.is(starts.length, 1, 'resumed, not restarted');
});

test('a pale brand color gets dark text that reads at 4.5:1 or better', async () => {
  const page = await t.open('sunny');
  await page.locator('confab-widget button.l').click();
  await settled(page, 2);
  assert.is(await inShadow(page, `root.querySelector('h2').textContent`), 'Sunny helper');
  for (const sel of ['.h', 'button.s']) {
    const [bg, fg] = [await style(page, sel, 'backgroundColor'), await style(page, sel, 'color')];
    assert.is(bg, 'rgb(253, 224, 71)');
    assert.ok(contrastOf(bg, fg) >= 4.5, `${sel}: ${fg} on ${bg} is ${contrastOf(bg, fg).toFixed(2)}:1`);
  }
});

test('a workspace that set no colors gets the default primary color', async () => {
  const page = await t.open('plain');
  await settled(page, 2);
  assert.is(await inShadow(page, `root.querySelector('h2').textContent`), 'Plain bot');
  assert.is(await style(page, 'button.s', 'backgroundColor'), 'rgb(79, 70, 229)');
});

/** Visible buttons inside the widget whose accessible name says "close". */
const closeControls = (page: Page) =>
  page.locator('confab-widget').getByRole('button', { name: /close/i }).filter({ visible: true });

test('bubble: one close control, the launcher turned into "×", with aria-expanded', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await t.open('bubble', viewport);
    const launcher = page.locator('confab-widget button.l');
    assert.equal(
      [await launcher.getAttribute('aria-label'), await launcher.getAttribute('aria-expanded')],
      ['Open chat', 'false'],
    );
    assert.is(await closeControls(page).count(), 0);
    await launcher.click();
    await settled(page, 2);
    assert.is(await closeControls(page).count(), 1, `one close control at ${viewport.width}px`);
    assert.equal(
      [await launcher.getAttribute('aria-label'), await launcher.getAttribute('aria-expanded')],
      ['Close chat', 'true'],
    );
    assert.is(await page.getByRole('button', { name: 'Open chat' }).count(), 0, 'no second, stale "Open chat" control');
    if (viewport.width < 480) {
      // The panel covers the screen: the control sits in its header, not under the panel.
      const [head, x] = [await page.locator('confab-widget .h').boundingBox(), await launcher.boundingBox()];
      assert.ok(head && x && x.y >= head.y && x.y + x.height <= head.y + head.height, 'inside the header');
      assert.ok(
        await launcher.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = (el.getRootNode() as ShadowRoot).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return !!hit && el.contains(hit);
        }),
        'not covered by the panel',
      );
    }
    await closeControls(page).click();
    await page.locator('confab-widget .p').waitFor({ state: 'hidden' });
    assert.equal(
      [await launcher.getAttribute('aria-label'), await launcher.getAttribute('aria-expanded')],
      ['Open chat', 'false'],
    );
  }
});

test('inline: when the chat ends, its last message is scrolled into view above the "ended" bar', async () => {
  const page = await t.open('inline');
  await settled(page, 2);
  await say(page, 'Ada', 3);
  await say(page, 'A-1001', 4);
  await page.locator('confab-widget .end').waitFor({ state: 'visible' });
  const geo = await inShadow<{ log: DOMRect; last: DOMRect; overflow: boolean; atEnd: boolean; text: string }>(
    page,
    `(() => {
    const log = root.querySelector('[role=log]');
    const last = Array.from(log.querySelectorAll('.m.bot')).pop();
    return { log: log.getBoundingClientRect().toJSON(), last: last.getBoundingClientRect().toJSON(),
      overflow: log.scrollHeight > log.clientHeight, atEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 1,
      text: last.textContent };
  })()`,
  );
  assert.ok(geo.overflow, 'the conversation is longer than the log (else nothing could be clipped)');
  assert.match(geo.text, 'Thanks for shopping with Acme');
  assert.ok(geo.atEnd, 'the log is scrolled to its end');
  assert.ok(
    geo.last.top >= geo.log.top && geo.last.bottom <= geo.log.bottom,
    `last message ${JSON.stringify(geo.last)} within the log ${JSON.stringify(geo.log)}`,
  );
});

test('full page on a 1280px screen: the conversation reads in a centered column of at most 760px', async () => {
  const page = await t.open('fullpage', { width: 1280, height: 800 });
  await settled(page, 2);
  await say(page, 'Grace', 3);
  const boxes = await inShadow<{ left: number; right: number }[]>(
    page,
    `Array.from(root.querySelectorAll('.m, input, button.s')).map((el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right }; })`,
  );
  const left = Math.min(...boxes.map((b) => b.left));
  const right = Math.max(...boxes.map((b) => b.right));
  assert.ok(right - left <= 760, `column ${left}..${right} is ${right - left}px wide`);
  assert.ok(right - left >= 600, `the column still uses the room: ${right - left}px`);
  assert.ok(Math.abs((left + right) / 2 - 640) <= 2, `centered: ${left}..${right}`);
  const panel = await page.locator('confab-widget .p').boundingBox();
  assert.equal(panel, { x: 0, y: 0, width: 1280, height: 800 }, 'the page itself is still filled');
});

test('a typing indicator shows while a reply is pending, is announced once, and goes', async () => {
  const page = await t.open('inline');
  await settled(page, 2);
  // Everything the status region says, as a screen reader would hear it change.
  await inShadow(
    page,
    `(() => {
    const s = root.querySelector('[role=status]');
    window.said = [];
    new MutationObserver(() => s.textContent && window.said.push(s.textContent)).observe(s, { childList: true, characterData: true, subtree: true });
  })()`,
  );
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(MESSAGES_URL, hold);
  await page.locator('confab-widget input').fill('Ada');
  await page.locator('confab-widget input').press('Enter');
  await page.locator('confab-widget .ty').waitFor({ state: 'visible' });
  const status = page.locator('confab-widget [role=status]');
  assert.is(await status.getAttribute('aria-live'), 'polite');
  assert.is(await status.textContent(), 'Aria from Acme is typing…');
  assert.is(
    await inShadow(page, `root.querySelector('.ty').getAttribute('aria-hidden')`),
    'true',
    'the dots themselves are not read',
  );
  assert.is.not(await style(page, '.ty i', 'animationName'), 'none', 'the dots move');

  release();
  await settled(page, 3);
  await page.unroute(MESSAGES_URL, hold);
  await page.locator('confab-widget .ty').waitFor({ state: 'hidden' });
  assert.is(await status.textContent(), '');
  assert.equal(await page.evaluate(() => (window as any).said), ['Aria from Acme is typing…'], 'announced once');

  // With reduced motion the dots stand still.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  assert.is(await style(page, '.ty i', 'animationName'), 'none');
});

test.run();

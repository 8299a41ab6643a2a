// How the branded widget looks and reads: an axe-core scan of each open state (no serious or
// critical violation) and screenshots at desktop (1280×800) and phone (390×844) sizes, written
// to test/web/screenshots/ (gitignored) for a person to look at.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';
import { MESSAGES_URL, say, settled, startBrandedApp, type BrandedApp } from './brandedApp.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let t: BrandedApp;

test.before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  t = await startBrandedApp();
});

test.after(async () => {
  await t?.close();
});

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: unknown[];
}

/** Runs axe-core on the page; answers the serious and critical violations, and how many widget nodes it checked. */
async function scan(page: Page): Promise<{ bad: Finding[]; widgetNodes: number }> {
  await page.addScriptTag({ path: AXE });
  // A string, not a function: the test loader's helpers (__name) do not exist in the page.
  return page.evaluate(`(async () => {
    const r = await axe.run(document, { resultTypes: ['violations', 'passes'] });
    // A node inside a shadow root is targeted as [host selector, inner selector].
    const inWidget = (n) => Array.isArray(n.target[0]) && String(n.target[0][0]).startsWith('confab-widget');
    const widgetNodes = r.passes.reduce((sum, p) => sum + p.nodes.filter(inWidget).length, 0);
    const bad = r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target) }));
    return { bad, widgetNodes };
  })()`) as Promise<{ bad: Finding[]; widgetNodes: number }>;
}

async function expectAccessible(page: Page, what: string) {
  const { bad, widgetNodes } = await scan(page);
  assert.ok(widgetNodes > 10, `${what}: axe looked inside the widget (${widgetNodes} nodes)`);
  assert.equal(bad, [], `${what}: ${JSON.stringify(bad, null, 1)}`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png` });

test('bubble, desktop and phone: closed launcher, open mid-conversation, typing', async () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const page = await t.open('bubble', viewport);
    await page.locator('confab-widget button.l').waitFor();
    await shot(page, `${size}-bubble-closed`);
    await page.locator('confab-widget button.l').click();
    await settled(page, 2);
    await say(page, 'Ada', 3);
    await expectAccessible(page, `${size} bubble open`);
    await shot(page, `${size}-bubble-open`);

    // A reply held back: the typing indicator in its place.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route(MESSAGES_URL, hold);
    await page.locator('confab-widget input').fill('A-1001');
    await page.locator('confab-widget input').press('Enter');
    await page.locator('confab-widget .ty').waitFor({ state: 'visible' });
    await expectAccessible(page, `${size} bubble typing`);
    await shot(page, `${size}-bubble-typing`);
    release();
    await settled(page, 4);
    await page.unroute(MESSAGES_URL, hold);
    await page.locator('confab-widget .end').waitFor({ state: 'visible' });
    await expectAccessible(page, `${size} bubble ended`);
    await shot(page, `${size}-bubble-ended`);
  }
});

test('inline on a product page, to the end of the chat', async () => {
  const page = await t.open('inline', DESKTOP);
  await settled(page, 2);
  await say(page, 'Ada', 3);
  await say(page, 'A-1001', 4);
  await page.locator('confab-widget .end').waitFor({ state: 'visible' });
  await expectAccessible(page, 'inline ended');
  await shot(page, 'desktop-inline-ended');
});

test('full page, desktop and phone', async () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const page = await t.open('fullpage', viewport);
    await settled(page, 2);
    await say(page, 'Grace', 3);
    await expectAccessible(page, `${size} full page`);
    await shot(page, `${size}-fullpage`);
  }
});

test('a pale brand color (yellow) stays readable', async () => {
  const page = await t.open('sunny', DESKTOP);
  await page.locator('confab-widget button.l').click();
  await settled(page, 2);
  await say(page, 'Ada', 3);
  await page.locator('confab-widget input').focus();
  await expectAccessible(page, 'yellow bubble');
  await shot(page, 'desktop-bubble-yellow');
});

test.run();

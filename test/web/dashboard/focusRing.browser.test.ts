/**
 * Keyboard focus is visible on every kind of dashboard button (the UI audit found none on primary
 * and secondary buttons: their box-shadow replaced the focus ring). Each button is reached with
 * Tab, so the browser's own :focus-visible applies, and its computed ring is compared with the
 * same button unfocused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import {
  chatThrough,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

let env: DashboardEnv;
let owner: SignedInWorkspace;
let botId = '';

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Focus Foods' });
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: owner.apiKey,
    body: { name: 'Order helper' },
  });
  botId = bot.body.data.id;
  await chatThrough(env.app, botId, ['Ann', 'ann@example.com']);
});
test.after(async () => {
  await env?.close();
});

interface Ring {
  outline: string;
  shadow: string;
}

const ringOf = (page: Page): Promise<Ring> =>
  page.evaluate(() => {
    const s = getComputedStyle(document.activeElement as Element);
    return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, shadow: s.boxShadow };
  });

/** Tabs from the top of the page until the element with this exact text has focus. */
async function tabTo(page: Page, text: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  assert.unreachable(`Tab never reached "${text}"`);
}

/** The element's ring unfocused, then reached by Tab: the focused one must be a real, visible ring. */
async function expectRing(page: Page, text: string, variant: string): Promise<void> {
  const target = page.locator(`.btn-${variant}`, { hasText: text }).first();
  await target.evaluate((el) => (el as HTMLElement).blur());
  const idle = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, shadow: s.boxShadow };
  });
  await tabTo(page, text);
  assert.ok(await page.evaluate(() => document.activeElement!.matches(':focus-visible')), `${text}: keyboard focus`);
  const focused = await ringOf(page);
  assert.not.equal(focused, idle, `${text} (${variant}): focus changes how it looks`);
  const [style, width] = focused.outline.split(' ');
  assert.is(style, 'solid', `${text}: a solid outline (${focused.outline})`);
  assert.ok(parseFloat(width!) >= 2, `${text}: at least 2 px (${focused.outline})`);
}

test('primary, secondary, ghost and danger buttons all show a ring when reached by keyboard', async () => {
  const overview = await openDashboard(env, owner, '/');
  await settled(overview.page);
  await expectRing(overview.page, 'View all', 'secondary');
  await checkPage(overview, 'focus-secondary-view-all');
  await overview.page.context().close();

  const list = await openDashboard(env, owner, '/chatbots');
  await settled(list.page);
  await expectRing(list.page, 'New chatbot', 'primary');
  await checkPage(list, 'focus-primary-new-chatbot');
  await expectRing(list.page, 'Duplicate', 'ghost');
  await list.page.context().close();

  const bot = await openDashboard(env, owner, `/chatbots/${botId}`);
  await settled(bot.page);
  await expectRing(bot.page, 'Disable', 'secondary');
  await expectRing(bot.page, 'Delete', 'danger');
  await checkPage(bot, 'focus-danger-delete');
  await bot.page.context().close();
});

test('a focused button in a dialog footer shows its ring too (Cancel, Create)', async () => {
  const opened = await openDashboard(env, owner, '/api-keys');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.waitFor();
  for (const [text, variant] of [
    ['Cancel', 'secondary'],
    ['Create key', 'primary'],
  ] as const) {
    const button = dialog.locator(`.btn-${variant}`, { hasText: text });
    const idle = await button.evaluate((el) => getComputedStyle(el).outlineStyle);
    // Tab moves within the dialog (the page behind is inert) until the button has focus.
    for (let i = 0; i < 12 && !(await button.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    assert.ok(await button.evaluate((el) => el === document.activeElement), `${text} reached`);
    assert.is(idle, 'none');
    assert.is((await ringOf(page)).outline.split(' ')[0], 'solid', `${text} in the dialog`);
  }
  await checkPage(opened, 'focus-dialog-footer');
  await page.context().close();
});

test.run();

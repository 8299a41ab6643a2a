/**
 * One-time secrets stay until the person says they have them (the UI audit lost a new API key
 * and a webhook signing secret to one Escape or a click beside the dialog). Escape, twice in a
 * row, and a click on the backdrop leave the dialog open; there is no × to miss-click; only the
 * explicit "I have copied/saved …" button closes it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { reportedSetUp } from '../../support/reportedSetUp.js';
import { WEBHOOK_ENV } from '../../api/dashboard/dashboardFixtures.js';
import {
  startDashboardEnv,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

let env: DashboardEnv;
let owner: SignedInWorkspace;

test.before(
  reportedSetUp(async () => {
    env = await startDashboardEnv(WEBHOOK_ENV);
    owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Keepsake Co' });
    await env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey, body: { name: 'Support bot' } });
  }),
);
test.after(async () => {
  await env?.close();
});

/** Every casual way out of a dialog, none of which may close this one. */
async function tryToDismiss(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // The backdrop: a point of the dialog element outside its content box.
  const box = (await dialog.boundingBox())!;
  await page.mouse.click(Math.max(2, box.x - 8), Math.max(2, box.y - 8));
  await page.waitForTimeout(200);
  assert.ok(await dialog.isVisible(), 'still open after Escape, Escape and a click beside it');
  assert.is(await dialog.getByRole('button', { name: 'Close' }).count(), 0, 'no × to close it by accident');
}

/**
 * Opens the dialog again with `reopen` and answers every dialog title rendered meanwhile, frame
 * by frame: a secret dialog must not come back for even one frame before the form replaces it.
 */
async function titlesWhileReopening(page: Page, reopen: () => Promise<void>): Promise<string[]> {
  await page.evaluate(() => {
    const seen: string[] = ((window as any).__titles = []);
    new MutationObserver(() =>
      document.querySelectorAll('dialog[open] .modal-title').forEach((h) => seen.push(h.textContent ?? '')),
    ).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await reopen();
  return page.evaluate(() => (window as any).__titles as string[]);
}

test('a new API key stays on screen until "I have copied the key"', async () => {
  const opened = await openDashboard(env, owner, '/api-keys');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog', { name: 'Create an API key' }).getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy your API key' });
  await dialog.waitFor();
  const key = await dialog.getByLabel('API key').inputValue();
  assert.match(key, /^cfb_/);
  await tryToDismiss(page, dialog);
  assert.is(await dialog.getByLabel('API key').inputValue(), key, 'the same key, still readable');
  await checkPage(opened, 'secret-api-key');
  await dialog.getByRole('button', { name: 'I have copied the key' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // Opened again: the form from its first frame, never the last key, and Escape closes it.
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  const titles = await titlesWhileReopening(page, async () => {
    await page.getByRole('button', { name: 'Create key' }).click();
    await form.waitFor();
  });
  assert.ok(
    titles.length > 0 && !titles.includes('Copy your API key'),
    `titles rendered on reopening: ${titles.join(' | ')}`,
  );
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'hidden' });
  await page.context().close();
});

test('a webhook signing secret stays on screen until "I have saved the secret"', async () => {
  const opened = await openDashboard(env, owner, '/webhooks');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByLabel('Endpoint URL').fill('https://127.0.0.1/hooks/keepsake');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save your signing secret' });
  await dialog.waitFor();
  const secret = await dialog.getByLabel('Signing secret').inputValue();
  assert.match(secret, /^[0-9a-f]{64}$/);
  await tryToDismiss(page, dialog);
  await checkPage(opened, 'secret-webhook');
  await dialog.getByRole('button', { name: 'I have saved the secret' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // An ordinary dialog still closes with Escape, and opens as the form from its first frame.
  const titles = await titlesWhileReopening(page, async () => {
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    await page.getByRole('dialog', { name: 'Add a webhook endpoint' }).waitFor();
  });
  assert.ok(
    titles.length > 0 && !titles.includes('Save your signing secret'),
    `titles rendered on reopening: ${titles.join(' | ')}`,
  );
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Add a webhook endpoint' }).waitFor({ state: 'hidden' });
  await page.context().close();
});

test.run();

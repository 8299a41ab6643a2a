/**
 * Validation messages where they belong, in the form's words (UI audit: raw server messages with
 * internal field names, and a website error about a logo). Obvious mistakes are caught before
 * sending (no request leaves the page); what only the server knows comes back under its field,
 * with the field's label. Each form is scanned and screenshotted with its message on screen.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { mediaClient } from '../../support/mediaHarness.js';
import { PNG } from '../../support/mediaSamples.js';
import {
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

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Plainspoken Co' });
  await mediaClient(env.app).uploaded(owner.apiKey, PNG, { name: 'dot.png', type: 'image/png' });
});
test.after(async () => {
  await env?.close();
});

/** Counts the writes a page sends from now on. */
function watchWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && writes.push(`${r.method()} ${r.url()}`));
  return writes;
}

const fieldError = (scope: Page | Locator, text: string | RegExp) => scope.locator('.field-error', { hasText: text });

test('organization: a website that is no address is named with its label, nothing is sent', async () => {
  const opened = await openDashboard(env, owner, '/organization');
  const { page } = opened;
  await settled(page);
  const writes = watchWrites(page);
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Save organization' }).click();
  await fieldError(page, 'Website must be a full web address, such as https://example.com.').waitFor();
  // The keyboard moves to the field to fix (in the frame after the message shows).
  await page.waitForFunction(() =>
    (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.startsWith('Website'),
  );
  assert.not.match(await page.locator('main').innerText(), /logo/i, 'no word about a logo');
  assert.equal(writes, []);
  await checkPage(opened, 'form-organization-website');
  await page.getByLabel('Website').fill('https://plainspoken.example');
  assert.is(await page.locator('.field-error').count(), 0, 'fixed: the message goes at once');
  await page.getByRole('button', { name: 'Save organization' }).click();
  await page.getByText('Organization saved.').waitFor();
  await page.context().close();
});

test('a background item: a slide duration out of range and an ad link that is no address', async () => {
  const opened = await openDashboard(env, owner, '/branding');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: 'Edit item 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit background item' });
  const writes = watchWrites(page);
  await dialog.getByLabel('Ad link').fill('spring sale');
  await dialog.getByLabel('Slide duration (seconds)').fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await fieldError(dialog, 'Ad link must be a full web address, such as https://example.com.').waitFor();
  await fieldError(dialog, 'Slide duration must be from 3 to 30.').waitFor();
  assert.equal(writes, []);
  await checkPage(opened, 'form-media-item');
  await dialog.getByLabel('Ad link').fill('https://plainspoken.example/spring');
  await dialog.getByLabel('Slide duration (seconds)').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Background item saved.').waitFor();
  await page.context().close();
});

test('account: a wrong current password is said at that field, in words', async () => {
  const opened = await openDashboard(env, owner, '/account');
  const { page } = opened;
  await settled(page);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('another-long-password');
  await page.getByLabel('Repeat new password').fill('another-long-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await fieldError(page, /^(The current|Current) password is incorrect\.$/).waitFor();
  assert.is(await page.getByText('currentPassword').count(), 0, 'no internal field name');
  await checkPage(opened, 'form-current-password', { allow: /\b400\b/ });
  await page.context().close();
});

test('chatbot details: an empty name is caught before sending', async () => {
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: owner.apiKey,
    body: { name: 'Greeter' },
  });
  const opened = await openDashboard(env, owner, `/chatbots/${bot.body.data.id}`);
  const { page } = opened;
  await page.getByRole('tab', { name: 'Settings' }).click();
  const writes = watchWrites(page);
  await page.getByLabel('Name', { exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await fieldError(page, 'Name cannot be empty.').waitFor();
  assert.equal(writes, []);
  await checkPage(opened, 'form-chatbot-name');
  await page.context().close();
});

test.run();

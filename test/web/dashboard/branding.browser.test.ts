/**
 * Branding, Organization and Ad analytics through the UI in Chromium: claim a subdomain with
 * live availability, restyle the sign-in page with a live preview, manage the background
 * gallery (upload, reorder by button and by drag, activate, ad link, delete), save organization
 * details with the pickers, and read ad analytics charts; every page scanned and screenshotted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operatorContext } from '../../../commands/commandContext.js';
import { PNG } from '../../support/mediaSamples.js';
import { UA } from '../../support/userAgents.js';
import { click, mediaItem, settle } from '../../support/adClickHarness.js';
import { backgroundSvg } from '../login/loginArt.js';
import {
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const W = '/api/v1/workspace';
let env: DashboardEnv;
let owner: SignedInWorkspace;
let files: { background: string; square: string };

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Northwind Traders' });
  const dir = mkdtempSync(join(tmpdir(), 'confab-branding-'));
  files = { background: join(dir, 'dusk.svg'), square: join(dir, 'square.png') };
  writeFileSync(files.background, backgroundSvg());
  writeFileSync(files.square, PNG);
});
test.after(async () => {
  await env?.close();
});

const branding = () => env.app.api('GET', `${W}/branding`, { apiKey: owner.apiKey });
const gallery = async () =>
  (await env.app.api('GET', `${W}/media`, { apiKey: owner.apiKey })).body.items as Array<{
    id: string;
    active: boolean;
    adUrl: string | null;
    adLabel: string | null;
    slideDuration: number;
    mediaType: string;
  }>;

test('subdomain: reasons while typing, a taken slug, then claim a free one', async () => {
  const other = await env.app.createWorkspace('starter');
  await env.app.services.branding.claimSlug('takenname', {
    ...operatorContext(other.workspaceId),
    workspaceId: other.workspaceId,
  });

  const opened = await openDashboard(env, owner, '/branding');
  const { page } = opened;
  await settled(page);
  const field = page.getByLabel('Subdomain', { exact: true });
  const status = page.locator('.slug-status');
  await field.fill('ab');
  await status.getByText(/4|characters/).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Claim subdomain' }).isDisabled(), 'nothing to claim yet');
  await field.fill('takenname');
  await status.getByText(/taken/).waitFor();
  await field.fill('northwind');
  await status.getByText('northwind is available').waitFor();
  await checkPage(opened, 'branding-slug-available');

  await page.getByRole('button', { name: 'Claim subdomain' }).click();
  await page
    .locator('.toast')
    .getByText(/northwind/)
    .waitFor();
  await page.getByText('Live', { exact: true }).waitFor();
  assert.is((await branding()).body.slug, 'northwind');
  await page.context().close();
});

test('look: the preview follows the draft before saving; a bad color is named; save', async () => {
  const opened = await openDashboard(env, owner, '/branding');
  const { page } = opened;
  await settled(page);
  const preview = page.getByTestId('login-preview');
  const stage = preview.locator('.lg-stage');

  await page.getByLabel('Tagline').fill('Fresh goods, delivered daily.');
  await page.getByLabel('Primary color', { exact: true }).fill('#0E9384');
  await preview.getByText('Fresh goods, delivered daily.').waitFor();
  assert.is(
    await stage.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--brand')),
    '#0E9384',
    'the preview uses the unsaved color',
  );
  await page.getByText('Unsaved changes', { exact: true }).waitFor();
  await page.getByLabel('From the left').fill('20');
  assert.match(await stage.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--card-x')), /^20$/);

  // Not a hex colour: the form says so at the field, in its label's words, and sends nothing.
  const patches: string[] = [];
  page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.url()));
  await page.getByLabel('Secondary color', { exact: true }).fill('#12');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await page.locator('.field-error').getByText('Secondary color must be a hex color such as #4F46E5.').waitFor();
  assert.equal(patches, [], 'nothing sent');
  assert.is((await branding()).body.branding.primaryColor !== '#0E9384', true, 'nothing stored');
  await checkPage(opened, 'branding-look-error');

  await page.getByLabel('Secondary color', { exact: true }).fill('#F59E0B');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await page.locator('.toast').getByText('Branding saved.').waitFor();
  const saved = (await branding()).body;
  assert.is(saved.branding.primaryColor.toUpperCase(), '#0E9384');
  assert.is(saved.branding.secondaryColor.toUpperCase(), '#F59E0B');
  assert.is(saved.branding.tagline, 'Fresh goods, delivered daily.');
  assert.is(saved.branding.display.cardPosition, '20,50');
  await page.getByText('As your team sees it').waitFor();
  await page.context().close();
});

/** The stored gallery order once it equals `expected`, or as it stands after 5 s. */
async function galleryOrderBecomes(expected: string[]): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const ids = (await gallery()).map((i) => i.id);
    if (JSON.stringify(ids) === JSON.stringify(expected) || Date.now() > deadline) return ids;
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('gallery: upload, activate, reorder by button and by drag, ad link, delete', async () => {
  const opened = await openDashboard(env, owner, '/branding');
  const { page } = opened;
  await settled(page);
  await page.getByRole('heading', { name: 'No background yet' }).waitFor();

  await page.getByLabel('Upload background media').setInputFiles([files.background, files.square]);
  await page.locator('.gallery-item').nth(1).waitFor();
  let items = await gallery();
  assert.is(items.length, 2);
  assert.ok(items[0]!.active, 'the first upload is the background');
  // The preview shows the active background.
  await page.getByTestId('login-preview').locator('.lg-backdrop img').waitFor();

  await page.getByRole('button', { name: 'Make active: item 2' }).click();
  await page.locator('.toast').getByText('Background updated.').waitFor();
  items = await gallery();
  assert.ok(items[1]!.active && !items[0]!.active, 'item 2 is active now');

  const [first, second] = items.map((i) => i.id);
  await page.getByRole('button', { name: 'Move item 2 up' }).click();
  await page.waitForFunction(
    (id) => document.querySelector('.gallery-item')?.getAttribute('data-media-id') === id,
    second,
  );
  // The list reorders at once; the server's order follows when the save lands.
  assert.equal(await galleryOrderBecomes([second, first]), [second, first]);

  // Drag the first item below the second (HTML5 drag and drop with the mouse).
  await page.locator('.gallery-item').nth(0).dragTo(page.locator('.gallery-item').nth(1));
  await page.waitForFunction(
    (id) => document.querySelector('.gallery-item')?.getAttribute('data-media-id') === id,
    first,
  );
  assert.equal(await galleryOrderBecomes([first, second]), [first, second]);

  await page.getByRole('button', { name: 'Edit item 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit background item' });
  await dialog.getByLabel('Ad link').fill('not a url');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.locator('.field-error').waitFor();
  await dialog.getByLabel('Ad link').fill('https://example.com/spring-sale');
  await dialog.getByLabel('Ad label').fill('Spring sale');
  await dialog.getByLabel('Slide duration (seconds)').fill('9');
  await checkPage(opened, 'branding-gallery-edit', { allow: /400/ });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('.toast').getByText('Background item saved.').waitFor();
  const edited = (await gallery()).find((i) => i.id === first)!;
  assert.is(edited.adUrl, 'https://example.com/spring-sale');
  assert.is(edited.adLabel, 'Spring sale');
  assert.is(edited.slideDuration, 9);
  await checkPage(opened, 'branding-gallery', { allow: /400/ });

  await page.getByRole('button', { name: 'Delete item 2' }).click();
  await page.getByRole('dialog', { name: 'Delete this background?' }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.gallery-item').length === 1);
  items = await gallery();
  assert.equal(
    items.map((i) => i.id),
    [first],
  );
  assert.ok(items[0]!.active, 'deleting the active item activates the next');
  await page.context().close();
});

test('organization: industry, size, country and time zone pickers, saved', async () => {
  const opened = await openDashboard(env, owner, '/organization');
  const { page } = opened;
  await settled(page);
  await page.getByLabel('Description').fill('We deliver groceries in Hamburg.');
  await page.getByLabel('Website').fill('https://northwind.example');
  await page.getByLabel('Industry').selectOption('Retail');
  await page.getByLabel('Company size').selectOption('11-50');
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Berlin');
  await page.getByRole('option', { name: /Europe\/Berlin/ }).waitFor();
  await zone.press('Enter');
  await checkPage(opened, 'organization');
  await page.getByRole('button', { name: 'Save organization' }).click();
  await page.locator('.toast').getByText('Organization saved.').waitFor();
  const org = (await branding()).body.organization;
  assert.equal(org, {
    description: 'We deliver groceries in Hamburg.',
    website: 'https://northwind.example/',
    industry: 'Retail',
    companySize: '11-50',
    country: 'DE',
    timezone: 'Europe/Berlin',
  });

  // Clearing an optional field stores null.
  await page.getByLabel('Website').fill('');
  await page.getByRole('button', { name: 'Save organization' }).click();
  await page.locator('.toast').getByText('Organization saved.').nth(0).waitFor();
  await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
  assert.is((await branding()).body.organization.website, null);
  await page.context().close();
});

test('ad analytics: Pro shows totals and charts; Starter sees what upgrading unlocks', async () => {
  const pro = await createSignedInWorkspace(env.app, 'pro', { name: 'Contoso' });
  const slug = 'contoso';
  await env.app.services.branding.claimSlug(slug, {
    ...operatorContext(pro.workspaceId),
    workspaceId: pro.workspaceId,
  });
  const empty = await openDashboard(env, pro, '/ad-analytics');
  await settled(empty.page);
  await empty.page.getByRole('heading', { name: 'No ad clicks in the last 30 days' }).waitFor();
  await checkPage(empty, 'ad-analytics-empty');
  await empty.page.context().close();

  const mediaId = await mediaItem(env.app, pro, 'https://example.com/offer');
  const visitors: Array<[string, string]> = [
    ['v1', UA.chromeWindows],
    ['v2', UA.iphone],
    ['v3', UA.iphone],
    ['v4', UA.ipad],
    ['v1', UA.chromeWindows],
  ];
  for (const [vid, ua] of visitors) assert.is((await click(env.app, slug, mediaId, { vid, ua })).status, 302);
  await settle(env.app);

  const opened = await openDashboard(env, pro, '/ad-analytics');
  const { page } = opened;
  await settled(page);
  await page.locator('.stat-value').first().getByText('5').waitFor();
  assert.is(await page.locator('.stat-value').nth(1).textContent(), '4', 'unique visitors');
  assert.is(await page.locator('canvas[data-chart-points]').getAttribute('data-chart-points'), '30');
  assert.match((await page.getByRole('table', { name: 'Clicks by device' }).textContent()) ?? '', /mobile\s*2/);
  assert.is(await page.locator('canvas[role=img]').count(), 3, 'daily, devices and browsers charts');
  await checkPage(opened, 'ad-analytics');
  await page.context().close();

  const starter = await openDashboard(env, owner, '/ad-analytics');
  await starter.page.getByRole('heading', { name: 'The Pro plan unlocks ad analytics' }).waitFor();
  await starter.page.context().close();
});

test.run();

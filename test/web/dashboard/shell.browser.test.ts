/**
 * The dashboard shell in Chromium: the Overview (filled, Free plan, loading and error states),
 * keyboard-only use of the navigation and of a form, the phone menu, the workspace switcher,
 * a member's view (admin pages hidden and refused), and sign out.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../commands/commandContext.js';
import { linkIn, waitForMailTo } from '../../support/signInMail.js';
import { mediaClient } from '../../support/mediaHarness.js';
import { SVG } from '../../support/mediaSamples.js';
import {
  chatThrough,
  checkPage,
  createSignedInWorkspace,
  dashboardPath,
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
  owner = await createSignedInWorkspace(env.app, 'pro', { name: 'Acme Outdoor' });
  for (const name of ['Sales assistant', 'Returns helper']) {
    const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey, body: { name } });
    await chatThrough(env.app, bot.body.data.id, ['Ann', 'ann@example.com']);
  }
});
test.after(async () => {
  await env?.close();
});

test('overview: usage against the quota, plan, chatbots, quick links', async () => {
  const opened = await openDashboard(env, owner, '/');
  const { page } = opened;
  await settled(page);
  await page.getByText('API calls ·').waitFor();
  assert.match(await page.locator('.stat-sub').first().innerText(), /of 50,000/);
  await page.getByRole('progressbar', { name: 'API quota used' }).waitFor();
  await page.getByRole('link', { name: /Sales assistant/ }).waitFor();
  assert.is(await page.locator('.brand-mark').innerText(), 'AO', 'the initials stand in for a missing company logo');
  await checkPage(opened, 'overview');
  await page.context().close();
});

test('overview of a Free workspace: the dashboard works and says what upgrading unlocks', async () => {
  const free = await createSignedInWorkspace(env.app, 'free', { name: 'Tiny Shop' });
  const opened = await openDashboard(env, free, '/');
  await opened.page.getByRole('heading', { name: 'You are on the Free plan' }).waitFor();
  await opened.page.getByText('The Free plan has no External API access.').waitFor();
  await checkPage(opened, 'overview-free');
  await opened.page.context().close();
});

test('loading and error states', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await page.context().addCookies([{ name: 'confab_session', value: owner.cookie.split('=')[1]!, url: owner.origin }]);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/dashboard/overview', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(new URL(dashboardPath(owner, '/'), owner.origin).toString());
  await page.locator('main .skeleton').first().waitFor();
  await page.screenshot({ path: 'test/screenshots/dashboard-overview-loading-desktop.png' });
  release();
  await page.getByText('API calls ·').waitFor();
  await page.unroute('**/api/v1/dashboard/overview');
  await page.route('**/api/v1/dashboard/chatbots', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The service is temporarily unavailable. Try again in a few seconds.' }),
    }),
  );
  await page.getByRole('link', { name: 'Chatbots', exact: true }).click();
  await page.getByRole('alert').getByText('temporarily unavailable').waitFor();
  await page.screenshot({ path: 'test/screenshots/dashboard-chatbots-error-desktop.png' });
  await page.unroute('**/api/v1/dashboard/chatbots');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('link', { name: 'Sales assistant' }).waitFor();
  await page.context().close();
});

test('keyboard only: skip link, the navigation, and a form', async () => {
  const opened = await openDashboard(env, owner, '/');
  const { page } = opened;
  await settled(page);
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  // Tab through the header into the navigation until the Chatbots link has focus.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Chatbots') break;
  }
  assert.is(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label')), 'Dashboard');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  assert.match(page.url(), /\/dashboard\/chatbots$/);
  await settled(page);
  // To the New chatbot button, open the dialog, fill it and submit with Enter.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'New chatbot') break;
  }
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'New chatbot' }).waitFor();
  assert.is(
    await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent),
    'Name',
    'focus starts in the first field',
  );
  await page.keyboard.type('Keyboard bot');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /Keyboard bot/ }).waitFor();
  // Escape closes a dialog and gives focus back.
  await page.getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Delete chatbot?' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Delete chatbot?' }).waitFor({ state: 'hidden' });
  // Focus comes back as the dialog closes: the content can leave a frame before it does.
  await page
    .waitForFunction(() => document.activeElement?.textContent?.trim() === 'Delete', undefined, { timeout: 2000 })
    .catch(() => undefined);
  assert.is(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Delete');
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('phone: the navigation collapses behind a menu button', async () => {
  const opened = await openDashboard(env, owner, '/', { width: 390, height: 844 });
  const { page } = opened;
  await settled(page);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  assert.not.ok(await nav.isVisible(), 'hidden at 390 px');
  const toggle = page.getByRole('button', { name: 'Open navigation' });
  await toggle.click();
  await nav.getByRole('link', { name: 'Responses' }).waitFor();
  await page.screenshot({ path: 'test/screenshots/dashboard-nav-open-phone.png' });
  await nav.getByRole('link', { name: 'Responses' }).click();
  await page.getByRole('heading', { name: 'Responses', exact: true }).waitFor();
  assert.not.ok(await nav.isVisible(), 'closed again after choosing a page');
  assert.equal(opened.problems, []);
  await page.context().close();
});

test("workspace switcher, a member's view, sign out", async () => {
  // The owner of another workspace is invited into Acme as a member.
  const other = await createSignedInWorkspace(env.app, 'starter', { name: 'Bravo Bikes' });
  await env.app.services.members.invite(
    { email: other.email, role: 'member', inviterName: 'Acme owner' },
    { ...operatorContext(owner.workspaceId), workspaceId: owner.workspaceId },
  );
  const token = linkIn(await waitForMailTo(env.app, other.email), '/invite').searchParams.get('token')!;
  await env.app.services.members.accept({ token, password: other.password }, operatorContext());

  const opened = await openDashboard(env, other, '/');
  const { page } = opened;
  await settled(page);
  await page.getByRole('button', { name: /Switch workspace/ }).click();
  await checkPage(opened, 'workspace-switcher');
  await page.getByRole('button', { name: /Acme Outdoor/ }).click();
  // The handoff page names the account and signs in on a click.
  await page.getByRole('button', { name: `Continue as ${other.email}` }).click();
  await page.waitForURL(/\/dashboard/);
  await page.locator('.ws-name', { hasText: 'Acme Outdoor' }).waitFor();
  await settled(page);
  // The handoff page between the two (api/auth, not the dashboard) has no icon link, so Chromium
  // asks for /favicon.ico there (404); only the dashboard's own pages are judged below.
  opened.problems.length = 0;

  // A member sees no admin pages in the navigation, and is told so on their addresses.
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Chatbots' }).waitFor();
  for (const admin of ['Webhooks', 'API keys', 'Branding', 'Members', 'Organization'])
    assert.is(await nav.getByRole('link', { name: admin }).count(), 0, admin);
  await page.goto(new URL(dashboardPath(other, '/webhooks'), page.url()).toString());
  await page.getByRole('heading', { name: 'Admins only' }).waitFor();
  await checkPage(opened, 'member-admin-only');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
  const back = await page.goto(new URL(dashboardPath(other, '/'), page.url()).toString());
  assert.match(back!.url(), /\/login/, 'signed out: the dashboard sends to the login page');
  await page.context().close();
});

test('a workspace host: the dashboard at its root, the company logo in the header', async () => {
  const branded = await createSignedInWorkspace(env.app, 'pro', { name: 'Lumen Lighting', slug: 'lumen-dash' });
  const logo = await mediaClient(env.app).uploaded(branded.apiKey, SVG, { name: 'logo.svg', type: 'image/svg+xml' });
  const patched = await env.app.api('PATCH', '/api/v1/workspace/branding', {
    apiKey: branded.apiKey,
    body: { companyLogo: logo.mediaUrl },
  });
  assert.is(patched.status, 200, JSON.stringify(patched.body));
  const opened = await openDashboard(env, branded, '/');
  const { page } = opened;
  assert.match(page.url(), /^http:\/\/lumen-dash\.localhost:\d+\/$/);
  const img = page.getByRole('img', { name: 'Lumen Lighting logo' });
  await img.waitFor();
  assert.ok(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), 'the logo loads');
  await page.getByRole('link', { name: 'Chatbots', exact: true }).click();
  await page.waitForURL(/lumen-dash\.localhost:\d+\/chatbots$/);
  // Let the page's own request finish: a reload in the middle of it aborts it (a failed request).
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  await checkPage(opened, 'slug-host-logo');
  await page.context().close();
});

test.run();

/**
 * "Continue with <provider>" in Chromium against a real OpenID provider (oidc-provider, from
 * test/support/oidcProvider.ts): the popup opens on PUBLIC_URL, the person signs in and consents
 * at the provider, the popup posts a one-time code back to the branded page's origin, and the
 * page trades it for a session on the workspace host. An address the provider does not vouch
 * for, or that is no member, ends in a message on the page, not a session.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser.js';
import { expectAccessible, watchPageErrors, DESKTOP } from '../../support/pageChecks.js';
import type { TestOidcProvider } from '../../support/oidcProvider.js';
import { startSignInAppWithOidc } from '../../support/signIn.js';
import {
  asLoginApp,
  brandedWorkspace,
  buildLoginBundle,
  type BrandedWorkspace,
  type LoginApp,
} from './loginHarness.js';

let app: LoginApp;
let oidc: TestOidcProvider;
let browser: Browser;
let ws: BrandedWorkspace;

test.before(async () => {
  buildLoginBundle();
  const started = await startSignInAppWithOidc({ OIDC_PROVIDER_NAME: 'Acme SSO' });
  app = asLoginApp(started.app);
  oidc = started.oidc;
  browser = await launchBrowser();
  ws = await brandedWorkspace(app, 'orbit', {
    displayName: 'Orbit',
    primaryColor: '#9333EA',
    ownerPassword: 'orbit owner password',
  });
  oidc.accounts.set('orbit-owner', { email: ws.ownerEmail, emailVerified: true });
  oidc.accounts.set('unverified', { email: ws.ownerEmail, emailVerified: false });
  oidc.accounts.set('stranger', { email: 'stranger@example.com', emailVerified: true });
});
test.after(async () => {
  await browser?.close();
  await oidc?.close();
  await app?.close();
});

/** Clicks the provider button and signs in as `accountId` in the popup; answers the popup's first URL. */
async function signInThroughPopup(page: Page, accountId: string): Promise<string> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Acme SSO' }).click(),
  ]);
  const first =
    popup.url() === 'about:blank'
      ? (await popup.waitForURL((u) => u.href !== 'about:blank'), popup.url())
      : popup.url();
  await finishAtProvider(popup, accountId);
  return first;
}

async function finishAtProvider(popup: Page, accountId: string): Promise<void> {
  // oidc-provider's development login and consent pages.
  await popup.locator('input[name="login"]').fill(accountId);
  await popup.locator('input[name="password"]').fill('any');
  await popup.locator('button[type="submit"]').click();
  // The callback page posts to its opener and closes; a severed opener (COOP) would leave it open.
  // Listened for before the last click: on a fast run the popup is gone before the click returns.
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.locator('button[type="submit"]').click(); // consent: Continue
  await closed;
}

async function openLogin(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const { problems } = watchPageErrors(page);
  await page.goto(`${ws.origin}/login`);
  await page.getByRole('button', { name: 'Continue with Acme SSO' }).waitFor();
  return { page, problems };
}

test('the popup signs in at the provider and the branded page gets the session', async () => {
  const { page, problems } = await openLogin();
  await expectAccessible(page, 'login with a provider button');
  const first = await signInThroughPopup(page, 'orbit-owner');
  // The start address was some redirect hop away by then; it began on PUBLIC_URL either way.
  assert.ok(first.startsWith(new URL(app.config.publicUrl).origin) || first.startsWith(oidc.issuer), first);
  await page.waitForURL((url) => url.origin === ws.origin && !url.pathname.startsWith('/login'), { timeout: 15_000 });
  const session = await page.evaluate(async () => (await fetch('/auth/session')).json());
  assert.is(session.user.email, ws.ownerEmail);
  assert.is(session.workspace.slug, 'orbit');
  assert.equal(
    problems.filter((p) => !/\/api\/v1\/dashboard|favicon/.test(p)),
    [],
  );
  await page.context().close();
});

test('the popup starts on PUBLIC_URL with the slug of this page', async () => {
  const { page } = await openLogin();
  const started = page.context().waitForEvent('request', (r) => r.url().includes('/auth/oidc/start'));
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Acme SSO' }).click(),
  ]);
  const url = new URL((await started).url());
  assert.is(url.origin, new URL(app.config.publicUrl).origin);
  assert.is(url.searchParams.get('slug'), 'orbit');
  await popup.close();
  // Closing the popup without finishing tells the person so.
  await page.getByRole('alert').waitFor();
  assert.match((await page.getByRole('alert').textContent())!, /closed/);
  await page.context().close();
});

test("another window of PUBLIC_URL's origin cannot answer for the popup: only the popup's own message counts", async () => {
  const { page } = await openLogin();
  const exchanged: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/auth/oidc/exchange') exchanged.push(r.postData() ?? '');
  });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Acme SSO' }).click(),
  ]);
  // A second window on PUBLIC_URL (a callback page, which keeps its opener) posts a made-up result.
  const publicUrl = app.config.publicUrl;
  const [other] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((url) => void window.open(url, 'not-the-popup'), `${publicUrl}/auth/oidc/callback`),
  ]);
  await other.waitForLoadState();
  assert.is(new URL(other.url()).origin, new URL(publicUrl).origin);
  await other.evaluate(
    (target) => window.opener.postMessage({ type: 'confab:oidc', code: 'made-up-code' }, target),
    ws.origin,
  );
  await other.close();
  await page.waitForTimeout(1000);
  assert.equal(exchanged, [], 'the made-up code was not traded');
  assert.is(await page.getByRole('alert').count(), 0);
  // The real popup still finishes the sign-in.
  await finishAtProvider(popup, 'orbit-owner');
  await page.waitForURL((url) => url.origin === ws.origin && !url.pathname.startsWith('/login'), { timeout: 15_000 });
  assert.is(exchanged.length, 1);
  assert.not.match(exchanged[0], /made-up-code/);
  await page.context().close();
});

for (const [accountId, why] of [
  ['unverified', 'an email the provider does not vouch for'],
  ['stranger', 'no member of this workspace'],
] as const) {
  test(`${why}: a message on the page, no session`, async () => {
    const { page } = await openLogin();
    await signInThroughPopup(page, accountId);
    await page.getByRole('alert').waitFor();
    assert.ok((await page.getByRole('alert').textContent())!.trim().length > 10);
    assert.is(new URL(page.url()).pathname, '/login');
    assert.is(await page.evaluate(async () => (await fetch('/auth/session')).status), 401);
    await page.context().close();
  });
}

test.run();

/**
 * Every mailed way in, driven in Chromium on a slug host with the mails read from the outbox:
 * a 6-digit code, a magic link (a prefetching GET burns nothing; the page's button signs in), an
 * invited member accepting the mail link and signing in later, a sign-up confirmed by mail, the
 * neutral answer for unknown addresses and the throttled state. Axe scans and screenshots of
 * the magic-link, invite and sign-up pages.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, screenshotBothSizes, watchPageErrors, DESKTOP } from '../../support/pageChecks.js';
import { hostRequest, signIn } from '../../support/signIn.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { codeIn, linkIn } from '../../support/signInMail.js';
import { loginFixture, mailTo, type BrandedWorkspace, type LoginApp, type LoginFixture } from './loginHarness.js';

const PASSWORD = 'correct horse battery staple';

let app: LoginApp;
let browser: Browser;
let ws: BrandedWorkspace;
let fixture: LoginFixture;

test.before(async () => {
  fixture = await loginFixture('harbor', {
    displayName: 'Harbor Health',
    primaryColor: '#1D4ED8',
    secondaryColor: '#0EA5E9',
    tagline: 'Care conversations, organised.',
    adUrl: 'https://ads.example.com/harbor',
    adLabel: 'Book a demo',
    ownerPassword: PASSWORD,
  });
  ({ app, browser, ws } = fixture);
});
test.after(async () => {
  await fixture?.close();
});

/** A fresh browser context (no session) on `url`, with its console and request problems watched. */
async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const { problems } = watchPageErrors(page);
  await page.goto(url);
  return { page, problems };
}

/** Waits until the page left the sign-in pages and answers the session it has there. */
async function landed(page: Page, origin: string): Promise<any> {
  await page.waitForURL((url) => url.origin === origin && !/^\/(login|invite|signup)/.test(url.pathname), {
    timeout: 15_000,
  });
  return page.evaluate(async () => (await fetch('/auth/session')).json());
}

const emailBox = (page: Page) => page.getByRole('textbox', { name: 'Email' });
const dashboardNoise = (p: string) => !/\/api\/v1\/dashboard|favicon/.test(p);

test('one-time code: sent with a neutral notice, typed from the mail, signed in', async () => {
  const { page, problems } = await open(`${ws.origin}/login`);
  await emailBox(page).fill(ws.ownerEmail);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const status = page.getByRole('status');
  await status.waitFor();
  assert.match((await status.textContent())!, /Check your inbox/);
  await expectAccessible(page, 'code step');
  await screenshotBothSizes(page, 'login-code-step');
  const code = codeIn(await mailTo(app, ws.ownerEmail, 'code'));
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const session = await landed(page, ws.origin);
  assert.is(session.user.email, ws.ownerEmail);
  assert.equal(problems.filter(dashboardNoise), []);
  await page.context().close();
});

test('a wrong code is refused in the live region; an unknown address gets the same notice as a known one', async () => {
  const { page } = await open(`${ws.origin}/login`);
  await emailBox(page).fill(ws.ownerEmail);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).waitFor();
  const known = (await page.getByRole('status').textContent())!.replace(ws.ownerEmail, '<email>');
  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('alert').waitFor();
  assert.ok((await page.getByRole('alert').textContent())!.length > 5);
  assert.is(new URL(page.url()).pathname, '/login');
  await page.getByRole('button', { name: 'Use another way' }).click();
  await emailBox(page).fill('stranger@example.com');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).waitFor();
  const unknown = (await page.getByRole('status').textContent())!.replace('stranger@example.com', '<email>');
  assert.is(unknown, known, 'the same words for an address without an account');
  await page.context().close();
});

test('magic link: a prefetching GET burns nothing; the page button signs in; the link works once', async () => {
  const { page } = await open(`${ws.origin}/login`);
  await emailBox(page).fill(ws.ownerEmail);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('status').waitFor();
  assert.match((await page.getByRole('status').textContent())!, /Check your inbox/);
  await page.context().close();

  const url = linkIn(await mailTo(app, ws.ownerEmail, '/login/magic'), '/login/magic');
  const link = url.href;
  assert.is(url.origin, ws.origin, 'the link opens on the workspace host');
  // A mail scanner fetching the link: only the page comes back.
  const scanned = await hostRequest(app, 'GET', url.pathname + url.search, { origin: url.origin });
  assert.is(scanned.status, 200);
  assert.not.match(String(scanned.headers['set-cookie'] ?? ''), /confab_session=[^;]/);

  const visit = await open(link);
  await visit.page.getByRole('heading', { name: 'Sign in with your link' }).waitFor();
  await expectAccessible(visit.page, 'magic-link page');
  await screenshotBothSizes(visit.page, 'login-magic-link');
  await visit.page.getByRole('button', { name: 'Sign in' }).click();
  const session = await landed(visit.page, ws.origin);
  assert.is(session.user.email, ws.ownerEmail);
  assert.equal(visit.problems.filter(dashboardNoise), []);
  await visit.page.context().close();

  const again = await open(link);
  await again.page.getByRole('button', { name: 'Sign in' }).click();
  await again.page.getByRole('alert').waitFor();
  assert.is(new URL(again.page.url()).pathname, '/login/magic');
  await again.page.context().close();
});

test('an invited member accepts the mailed link with a name and password, then signs in with them', async () => {
  const owner = await signIn(app, { email: ws.ownerEmail, password: PASSWORD, host: `harbor.localhost` });
  const invited = await hostRequest(app, 'POST', '/api/v1/dashboard/invites', {
    origin: owner.origin,
    cookie: owner.cookie,
    csrfToken: owner.csrfToken,
    headers: { origin: owner.origin },
    body: { email: 'mia@example.com', role: 'member' },
  });
  assert.is(invited.status, 201, invited.text);
  const link = linkIn(await mailTo(app, 'mia@example.com', '/invite'), '/invite').href;
  assert.is(new URL(link).origin, ws.origin);

  const { page, problems } = await open(link);
  await page.getByRole('heading', { name: 'Join Harbor Health' }).waitFor();
  await expectAccessible(page, 'invite page');
  await screenshotBothSizes(page, 'login-invite');
  await page.getByLabel('Your name').fill('Mia Chen');
  await page.getByLabel('Password').fill('mias own password');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  const session = await landed(page, ws.origin);
  assert.is(session.user.email, 'mia@example.com');
  assert.is(session.user.name, 'Mia Chen');
  assert.is(session.workspace.role, 'member');
  assert.equal(problems.filter(dashboardNoise), []);
  await page.context().close();

  const later = await open(`${ws.origin}/login`);
  await emailBox(later.page).fill('mia@example.com');
  await later.page.getByLabel('Password').fill('mias own password');
  await later.page.getByRole('button', { name: 'Sign in' }).click();
  assert.is((await landed(later.page, ws.origin)).user.email, 'mia@example.com');
  await later.page.context().close();
});

test('someone with a Confab account accepts an invite with its password, after being asked for it', async () => {
  const other = await app.services.workspaces.createWorkspace(
    { name: 'Elsewhere', plan: 'pro', ownerEmail: 'sam@example.com', ownerPassword: 'sams password' },
    operatorContext(),
  );
  assert.ok(other.workspaceId);
  const owner = await signIn(app, { email: ws.ownerEmail, password: PASSWORD, host: 'harbor.localhost' });
  const invited = await hostRequest(app, 'POST', '/api/v1/dashboard/invites', {
    origin: owner.origin,
    cookie: owner.cookie,
    csrfToken: owner.csrfToken,
    headers: { origin: owner.origin },
    body: { email: 'sam@example.com', role: 'admin' },
  });
  assert.is(invited.status, 201, invited.text);
  const link = linkIn(await mailTo(app, 'sam@example.com', '/invite'), '/invite').href;
  const { page } = await open(link);
  const existing = page.getByRole('button', { name: 'Accept with my existing account' });
  await existing.click();
  await page.getByText('Enter the password of your Confab account').waitFor();
  await page.getByLabel('Password').fill('sams password');
  await existing.click();
  const session = await landed(page, ws.origin);
  assert.is(session.user.email, 'sam@example.com');
  assert.is(session.workspace.role, 'admin');
  await page.context().close();
});

test('a workspace without a slug signs in on PUBLIC_URL/login and lands on /dashboard', async () => {
  await app.services.workspaces.createWorkspace(
    { name: 'No Slug Co', plan: 'free', ownerEmail: 'plain@example.com', ownerPassword: 'plain password' },
    operatorContext(),
  );
  const main = new URL(app.config.publicUrl).origin;
  const { page, problems } = await open(`${main}/login`);
  await emailBox(page).fill('plain@example.com');
  await page.getByLabel('Password').fill('plain password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${main}/dashboard`);
  const session = await page.evaluate(async () => (await fetch('/auth/session')).json());
  assert.is(session.workspace.name, 'No Slug Co');
  assert.equal(problems.filter(dashboardNoise), []);
  await page.context().close();
});

test('sign-up on PUBLIC_URL: check your inbox, the confirmation page signs in to a new Free workspace', async () => {
  const main = new URL(app.config.publicUrl).origin;
  const { page, problems } = await open(`${main}/signup`);
  await page.getByRole('heading', { name: 'Create your workspace' }).waitFor();
  await expectAccessible(page, 'signup page');
  await screenshotBothSizes(page, 'signup');
  await emailBox(page).fill('founder@example.com');
  await page.getByLabel('Your name').fill('Ada Founder');
  await page.getByLabel('Workspace name').fill('Ada Labs');
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  assert.equal(problems, []);
  await page.context().close();

  const link = linkIn(await mailTo(app, 'founder@example.com', '/signup/confirm'), '/signup/confirm').href;
  const confirm = await open(link);
  await confirm.page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
  await expectAccessible(confirm.page, 'signup confirmation page');
  await confirm.page.getByRole('button', { name: 'Confirm and sign in' }).click();
  const session = await landed(confirm.page, main);
  assert.is(session.user.email, 'founder@example.com');
  assert.is(session.workspace.name, 'Ada Labs');
  assert.is(session.workspace.plan, 'free');
  await confirm.page.context().close();
});

test('too many password attempts: the throttled answer says how long to wait', async () => {
  const { page } = await open(`${ws.origin}/login`);
  await emailBox(page).fill('throttled@example.com');
  await page.getByLabel('Password').fill('wrong');
  let status = 0;
  for (let i = 0; i < 12 && status !== 429; i++) {
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/auth/password')),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    status = res.status();
    await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
  }
  assert.is(status, 429);
  assert.match(
    (await page.getByRole('alert').textContent())!,
    /Too many attempts\. Try again in (\d+ seconds?|about \d+ minutes)\./,
  );
  await page.context().close();
});

test.run();

/**
 * Black box, sign-in as docs/sign-in.md tells a new user ("Where a workspace signs in"): a
 * workspace from the CLI with an owner password, a slug claimed with the printed admin key, then
 * in Chromium on `http://<slug>.localhost:<port>/login` each of the four ways in, found only by
 * the accessible names of docs/sign-in.md, with mails read from DATA_DIR/outbox and OpenID Connect
 * against a real oidc-provider; then a member invited from the dashboard's Members page accepts
 * the mailed link and signs in. The service is the `npm start` child process.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { freePort } from '../support/freePort.js';
import { startOidcProvider, type TestOidcProvider } from '../support/oidcProvider.js';
import { linkIn } from '../support/signInMail.js';
import { buildBundle } from '../web/helpers.js';
import { codeIn, startBlackbox, type Blackbox, type Mail } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const NAME = 'Acme Robotics';
const OWNER = 'you@acme.test';
const PASSWORD = 'owner password, long enough';
const PROVIDER = 'Acme SSO';

let bb: Blackbox;
let oidc: TestOidcProvider;
let browser: Browser;
let origin: string;

test.before(
  reportedSetUp(async () => {
    buildBundle(); // what `npm install` runs (postinstall)
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    oidc = await startOidcProvider({ redirectUri: `${publicUrl}/auth/oidc/callback`, providerName: PROVIDER });
    bb = await startBlackbox({ port, env: { PUBLIC_URL: publicUrl, ...oidc.env } });
    origin = `http://acme.localhost:${port}`;
    browser = await launchBrowser();
  }),
);
test.after(async () => {
  await browser?.close();
  await bb?.close();
  await oidc?.close();
});

/** Waits for mail number `count` to `address` in the outbox (mails go out just after the answer). */
async function mailTo(address: string, count: number): Promise<Mail> {
  const until = Date.now() + 10_000;
  for (;;) {
    const mails = bb.mails().filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > until) throw new Error(`no mail #${count} to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const mailCount = (address: string) => bb.mails().filter((m) => m.to.toLowerCase().includes(address)).length;

async function open(url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  return page;
}

/** The dashboard loaded: off the sign-in pages, GET /auth/session 200, the workspace name on the page. */
async function onDashboard(page: Page, email: string): Promise<any> {
  await page.waitForURL((u) => u.origin === origin && !/^\/(login|invite)/.test(u.pathname), { timeout: 20_000 });
  const session = await page.evaluate(async () => {
    const r = await fetch('/auth/session');
    return { status: r.status, body: await r.json() };
  });
  assert.is(session.status, 200);
  assert.is(session.body.user.email, email);
  assert.is(session.body.workspace.slug, 'acme');
  await page.getByText(NAME, { exact: true }).first().waitFor({ timeout: 20_000 });
  return session.body;
}

const emailBox = (page: Page) => page.getByLabel('Email', { exact: true });

test('README steps 1–2: workspace with an owner password from the CLI, slug claimed with the admin key', async () => {
  const ws = await bb.cliJson(
    'workspace',
    'create',
    '--name',
    NAME,
    '--plan',
    'pro',
    '--owner-email',
    OWNER,
    '--owner-password',
    PASSWORD,
  );
  assert.type(ws.apiKey, 'string');
  const claimed = await bb.http('PUT', '/api/v1/workspace/slug', {
    headers: { 'x-api-key': ws.apiKey },
    body: { slug: 'acme' },
  });
  assert.ok(claimed.status === 200 || claimed.status === 201, `PUT slug answered ${claimed.status}: ${claimed.text}`);
  oidc.accounts.set('acme-owner', { email: OWNER, emailVerified: true });
});

test('email and password, then Sign in', async () => {
  const page = await open(`${origin}/login`);
  await emailBox(page).fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await onDashboard(page, OWNER);
  await page.context().close();
});

test('Email me a code: the 6-digit code from the mail into Code, then Verify', async () => {
  const before = mailCount(OWNER);
  const page = await open(`${origin}/login`);
  await emailBox(page).fill(OWNER);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = codeIn(await mailTo(OWNER, before + 1));
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await onDashboard(page, OWNER);
  await page.context().close();
});

test('Email me a sign-in link: the mailed /login/magic page, its Sign in button', async () => {
  const before = mailCount(OWNER);
  const page = await open(`${origin}/login`);
  await emailBox(page).fill(OWNER);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const link = linkIn(await mailTo(OWNER, before + 1), '/login/magic');
  assert.is(link.origin, origin, 'the link opens on the workspace host');
  await page.context().close();
  const visit = await open(link.href);
  await visit.getByRole('button', { name: 'Sign in', exact: true }).click();
  await onDashboard(visit, OWNER);
  await visit.context().close();
});

test(`Continue with ${PROVIDER}: the popup signs in at the real provider`, async () => {
  const page = await open(`${origin}/login`);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click(),
  ]);
  // oidc-provider's development login and consent pages.
  await popup.locator('input[name="login"]').fill('acme-owner');
  await popup.locator('input[name="password"]').fill('any');
  await popup.locator('button[type="submit"]').click();
  await popup.locator('button[type="submit"]').click();
  await onDashboard(page, OWNER);
  await page.context().close();
});

test('README step 4: invite from the Members page; the invitee accepts the mailed link and signs in', async () => {
  const admin = await open(`${origin}/login`);
  await emailBox(admin).fill(OWNER);
  await admin.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await onDashboard(admin, OWNER);
  await admin.goto(`${origin}/members`);
  await admin.getByRole('button', { name: 'Invite member' }).click();
  await admin.getByLabel('Email address').fill('mia@acme.test');
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await admin.getByText('mia@acme.test').first().waitFor();
  await admin.context().close();

  const link = linkIn(await mailTo('mia@acme.test', 1), '/invite');
  assert.is(link.origin, origin, 'the invite opens on the workspace sign-in host');
  const invitee = await open(link.href);
  await invitee.getByLabel('Your name').fill('Mia Chen');
  await invitee.getByLabel('Password').fill('mias own password');
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  assert.is((await onDashboard(invitee, 'mia@acme.test')).workspace.role, 'member');
  await invitee.context().close();

  const later = await open(`${origin}/login`);
  await emailBox(later).fill('mia@acme.test');
  await later.getByLabel('Password', { exact: true }).fill('mias own password');
  await later.getByRole('button', { name: 'Sign in', exact: true }).click();
  await onDashboard(later, 'mia@acme.test');
  await later.context().close();
});

test.run();

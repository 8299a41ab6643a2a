/**
 * The invite and sign-in-link pages of the main host in Chromium (UI audit: "Join Confab",
 * "Continue to Confab" although the mail names the workspace). With a live token, mailed by the
 * service itself, the page names the workspace; without one it says nothing about any workspace
 * and never "Join Confab".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { operatorContext } from '../../../commands/commandContext.js';
import { launchBrowser } from '../../support/browser.js';
import { expectAccessible, screenshotBothSizes, watchPageErrors, DESKTOP } from '../../support/pageChecks.js';
import { linkIn, waitForMailTo } from '../../support/signInMail.js';
import { buildLoginBundle, startLoginApp, type LoginApp } from './loginHarness.js';

let app: LoginApp;
let browser: Browser;
const live = { invite: '', magic: '' };

test.before(async () => {
  buildLoginBundle();
  app = await startLoginApp();
  const owner = 'owner@harbor.test';
  const { workspaceId } = await app.services.workspaces.createWorkspace(
    { name: 'Harbor Health', plan: 'free', ownerEmail: owner },
    operatorContext(),
  );
  await app.services.members.invite(
    { email: 'invited@harbor.test', role: 'member', inviterName: 'Dana' },
    { ...operatorContext(workspaceId), workspaceId },
  );
  const invite = linkIn(await waitForMailTo(app, 'invited@harbor.test'), '/invite');
  await app.services.mailSignIn.requestMagicLink(owner, null, app.config.publicUrl);
  const magic = linkIn(await waitForMailTo(app, owner), '/login/magic');
  live.invite = invite.pathname + invite.search;
  live.magic = magic.pathname + magic.search;
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await app?.close();
});

async function open(path: string) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const { problems } = watchPageErrors(page);
  await page.goto(app.config.publicUrl + path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { page, problems };
}

const cases: Array<[name: string, path: () => string, heading: string, text: string]> = [
  ['login-invite-named', () => live.invite, 'Join Harbor Health', 'You were invited. Set up your account to accept.'],
  [
    'login-invite-unnamed',
    () => '/invite?token=unknown',
    'Accept your invitation',
    'You were invited to a workspace on Confab.',
  ],
  ['login-magic-named', () => live.magic, 'Sign in with your link', 'Continue to Harbor Health.'],
  ['login-magic-unnamed', () => '/login/magic?token=unknown', 'Sign in with your link', 'Continue to your workspace.'],
];

for (const [name, path, heading, text] of cases) {
  test(`${name}: "${heading}" · "${text}"`, async () => {
    const { page, problems } = await open(path());
    assert.is(await page.getByRole('heading', { level: 1 }).innerText(), heading);
    await page.getByText(text).waitFor();
    assert.is(await page.getByText('Join Confab').count(), 0);
    await expectAccessible(page, name);
    await screenshotBothSizes(page, name);
    assert.equal(problems, []);
    await page.context().close();
  });
}

test.run();

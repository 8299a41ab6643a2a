/**
 * The handoff page in Chromium (docs/sign-in.md): signing in on the main host to a workspace
 * with its own host lands on that host's handoff page, which names the account and signs in
 * only on a click. A handoff link someone else made, opened in another browser, names its
 * maker's account and signs nobody in unasked.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, expectAccessible, screenshotBothSizes, watchPageErrors } from '../../support/pageChecks.js';
import { loginFixture, type LoginFixture } from './loginHarness.js';

const PASSWORD = 'lantern owner password';
let fixture: LoginFixture;

test.before(async () => {
  fixture = await loginFixture('lantern', { displayName: 'Lantern', ownerPassword: PASSWORD });
});
test.after(async () => {
  await fixture?.close();
});

async function freshPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await fixture.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  return { page, ...watchPageErrors(page) };
}

/** Signs in with the password on the main host's login page; answers once the handoff page is up. */
async function signInOnMainHost(page: Page): Promise<void> {
  await page.goto(`${fixture.app.config.publicUrl}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(fixture.ws.ownerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === fixture.ws.origin && url.pathname === '/auth/handoff');
}

const sessionStatus = (page: Page) => page.evaluate(async () => (await fetch('/auth/session')).status);

test('the handoff page names the account, waits for the click, then opens the dashboard on the workspace host', async () => {
  const { page, problems } = await freshPage();
  await signInOnMainHost(page);
  const { ws } = fixture;
  const button = page.getByRole('button', { name: `Continue as ${ws.ownerEmail}` });
  await button.waitFor();
  await page.getByRole('heading', { name: 'Continue to Lantern?' }).waitFor();
  // The code left the address bar; nothing is signed in until the click.
  assert.is(new URL(page.url()).search, '');
  await expectAccessible(page, 'handoff page');
  await screenshotBothSizes(page, 'login-handoff');
  assert.is(await sessionStatus(page), 401);
  await button.click();
  await page.waitForURL(`${ws.origin}/`);
  const session = await page.evaluate(async () => (await fetch('/auth/session')).json());
  assert.is(session.user.email, ws.ownerEmail);
  assert.is(session.workspace.slug, 'lantern');
  // The 401 the test asked for itself, the favicon and the dashboard's own calls are no page errors here.
  assert.equal(
    problems.filter((p) => !/Failed to load resource|\/auth\/session|favicon|\/api\/v1\/dashboard/.test(p)),
    [],
  );
  await page.context().close();
});

test("a handoff link made by someone else signs the visitor in only if they choose to, as the maker's account", async () => {
  // The maker stops at the handoff page and passes its address on.
  const maker = await freshPage();
  const handoff = maker.page.waitForRequest((r) => new URL(r.url()).pathname === '/auth/handoff');
  await signInOnMainHost(maker.page);
  const link = (await handoff).url();
  await maker.page.context().close();

  const visitor = await freshPage();
  await visitor.page.goto(link);
  await visitor.page.getByRole('button', { name: `Continue as ${fixture.ws.ownerEmail}` }).waitFor();
  await visitor.page.waitForTimeout(500);
  assert.is(new URL(visitor.page.url()).pathname, '/auth/handoff');
  assert.is(await sessionStatus(visitor.page), 401);
  // Declining is a link back to this host's sign-in page.
  await visitor.page.getByRole('link', { name: 'Back to sign-in' }).click();
  await visitor.page.waitForURL(`${fixture.ws.origin}/login`);
  assert.is(await sessionStatus(visitor.page), 401);
  await visitor.page.context().close();
});

test.run();

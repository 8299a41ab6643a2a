/**
 * A session that ends while a dashboard tab is open (signed out elsewhere, expired). The UI audit
 * found dead ends ("Something went wrong · Sign in to continue · Try again"). Now a navigation
 * with nothing unsaved goes to the sign-in page with the way back (`?next=`), and a save with a
 * draft on the page asks the person to sign in in a new tab, keeps what they typed, and saves it
 * once they are back.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { signIn } from '../../support/signIn.js';
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
let botId = '';

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Lapsed Labs' });
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: owner.apiKey,
    body: { name: 'Night shift bot' },
  });
  botId = bot.body.data.id;
});
test.after(async () => {
  await env?.close();
});

/** The owner in a session of their own, which the test can end. */
async function freshSession(): Promise<SignedInWorkspace> {
  return { ...owner, ...(await signIn(env.app, { email: owner.email, password: owner.password })) };
}

/** Ends a session on the server, as signing out in another tab does. */
async function endSession(who: SignedInWorkspace): Promise<void> {
  assert.ok(await env.app.services.sessions.end(who.cookie.split('=')[1]!), 'the session was live');
}

/** The 401s the test provokes (and the console lines the browser logs for them) are expected. */
const unexpected = (problems: string[]) => problems.filter((p) => !/\b401\b/.test(p));

/**
 * Every read the page started has answered. A read still going out when the session ends is
 * rightly the first to hear the 401 (it goes to sign-in, or opens the dialog when there is a
 * draft), ahead of the action each test is about.
 */
async function quiet(page: Page): Promise<void> {
  await settled(page);
  await page.waitForLoadState('networkidle');
}

async function signInOn(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('nothing unsaved: the next navigation goes to sign-in, and signing in comes back there', async () => {
  const who = await freshSession();
  const opened = await openDashboard(env, who, '/');
  const { page } = opened;
  await quiet(page);
  await endSession(who);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Chatbots' }).click();
  await page.waitForURL(/\/login\?next=/);
  assert.is(new URL(page.url()).searchParams.get('next'), '/dashboard/chatbots');
  assert.is(await page.getByText('Something went wrong').count(), 0);
  await signInOn(page);
  await page.waitForURL(/\/dashboard\/chatbots$/);
  await page.getByRole('link', { name: 'Night shift bot' }).waitFor();
  assert.equal(unexpected(opened.problems), []);
  await page.context().close();
});

test('a save with a draft: sign in in a new tab, come back, the draft is still there and saves', async () => {
  const who = await freshSession();
  const opened = await openDashboard(env, who, `/chatbots/${botId}`);
  const { page } = opened;
  const step = page.getByLabel('Step 1: what the bot says');
  await step.waitFor();
  await quiet(page);
  await step.fill('Good evening! How can the night shift help?');
  await endSession(who);

  await page.getByRole('button', { name: 'Save flow' }).click();
  const dialog = page.getByRole('dialog', { name: 'You were signed out' });
  await dialog.waitFor();
  assert.is(await step.inputValue(), 'Good evening! How can the night shift help?', 'what was typed is kept');
  assert.match(page.url(), new RegExp(`/dashboard/chatbots/${botId}$`), 'still on the page');
  await checkPage(opened, 'session-ended', { allow: /\b401\b/ });

  // Not signed in anywhere yet: the tab says so instead of pretending.
  await dialog.getByRole('button', { name: 'I have signed in' }).click();
  await dialog.getByText('This tab is still signed out.').waitFor();

  const link = dialog.getByRole('link', { name: 'Sign in in a new tab' });
  assert.is(await link.getAttribute('href'), `/login?next=${encodeURIComponent(`/dashboard/chatbots/${botId}`)}`);
  const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await popup.getByRole('button', { name: 'Sign in' }).waitFor();
  await signInOn(popup);
  await popup.waitForURL(new RegExp(`/dashboard/chatbots/${botId}$`));
  await popup.close();

  // Back in the first tab: it notices the new session by itself.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('You are signed in again. Your changes are still here.').waitFor();
  await page.getByRole('button', { name: 'Save flow' }).click();
  await page.getByText('Flow saved').waitFor();
  await page.reload();
  assert.is(await step.inputValue(), 'Good evening! How can the night shift help?', 'stored');
  assert.equal(unexpected(opened.problems), []);
  await page.context().close();
});

test('signing out when the session has already ended just goes to the sign-in page', async () => {
  const who = await freshSession();
  const opened = await openDashboard(env, who, '/');
  const { page } = opened;
  await quiet(page);
  await endSession(who);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);
  assert.is(await page.getByRole('dialog', { name: 'You were signed out' }).count(), 0);
  await page.context().close();
});

test.run();

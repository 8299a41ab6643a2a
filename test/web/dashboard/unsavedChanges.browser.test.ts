/**
 * Unsaved flow edits are not thrown away (the UI audit lost them on a tab switch, a sidebar link
 * and Back): the draft survives Flow → Settings → Flow, and leaving inside the dashboard asks
 * first, whether by a link, the page's back link or the browser's Back button. Staying keeps
 * the page and its address; leaving goes where the person meant to.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import {
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
let botId = '';

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'starter', { name: 'Draft Works' });
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', {
    apiKey: owner.apiKey,
    body: { name: 'Intake bot' },
  });
  botId = bot.body.data.id;
});
test.after(async () => {
  await env?.close();
});

const EDIT = 'Hello! What brings you here today?';
const firstStep = (page: Page) => page.getByLabel('Step 1: what the bot says');
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

/** The chatbot's page (reached from the list, so Back has somewhere to go) with step 1 edited. */
async function withDraft() {
  const opened = await openDashboard(env, owner, '/chatbots');
  const { page } = opened;
  await page.getByRole('link', { name: 'Intake bot' }).click();
  await firstStep(page).waitFor();
  await settled(page);
  await firstStep(page).fill(EDIT);
  await page.getByText('Unsaved changes').waitFor();
  return opened;
}

test('the draft survives Flow → Settings → Flow, and Settings keeps its own draft too', async () => {
  const opened = await withDraft();
  const { page } = opened;
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Intake assistant');
  await page.getByRole('tab', { name: 'Embed' }).click();
  await page.getByRole('tab', { name: 'Flow' }).click();
  assert.is(await firstStep(page).inputValue(), EDIT, 'the flow draft is still there');
  assert.ok(await page.getByRole('button', { name: 'Save flow' }).isEnabled());
  await page.getByRole('tab', { name: 'Settings' }).click();
  assert.is(await page.getByLabel('Name', { exact: true }).inputValue(), 'Intake assistant');
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('a sidebar link asks first: Stay keeps page, address and draft; Leave goes there', async () => {
  const opened = await withDraft();
  const { page } = opened;
  const here = page.url();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Responses' }).click();
  const dialog = leaveDialog(page);
  await dialog.waitFor();
  await dialog.getByText('Your changes to the flow are not saved yet.').waitFor();
  await checkPage(opened, 'leave-unsaved-flow');
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.is(page.url(), here);
  assert.is(await firstStep(page).inputValue(), EDIT);

  await page.getByRole('link', { name: 'Chatbots', exact: true }).first().click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  assert.match(page.url(), /\/dashboard\/chatbots$/);
  // The draft is gone for good: nothing asks any more.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
  assert.equal(opened.problems, []);
  await page.context().close();
});

test("the browser's Back button asks first; Stay keeps the address, Leave goes back", async () => {
  const opened = await withDraft();
  const { page } = opened;
  const here = page.url();
  await page.goBack({ waitUntil: 'commit', timeout: 5000 }).catch(() => undefined);
  const dialog = leaveDialog(page);
  await dialog.waitFor();
  assert.is(page.url(), here, "the address is the chatbot's again while the question is open");
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  assert.is(await firstStep(page).inputValue(), EDIT);
  assert.is(page.url(), here);

  await page.goBack({ waitUntil: 'commit', timeout: 5000 }).catch(() => undefined);
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  assert.is(new URL(page.url()).pathname, dashboardPath(owner, '/chatbots'));
  assert.equal(opened.problems, []);
  await page.context().close();
});

test('saved work leaves without a question; deleting the chatbot drops its draft silently', async () => {
  const opened = await withDraft();
  const { page } = opened;
  await page.getByRole('button', { name: 'Save flow' }).click();
  await page.getByText('Flow saved').waitFor();
  await page.getByRole('link', { name: 'Chatbots', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  assert.is(await leaveDialog(page).count(), 0);

  const copy = await env.app.api('POST', `/api/v1/external/v1/chatbots/${botId}/duplicate`, { apiKey: owner.apiKey });
  await page.goto(new URL(dashboardPath(owner, `/chatbots/${copy.body.data.id}`), owner.origin).toString());
  await firstStep(page).fill('A draft of a chatbot about to go');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete chatbot?' }).getByRole('button', { name: 'Delete chatbot' }).click();
  await page.getByRole('heading', { name: 'Chatbots', exact: true }).waitFor();
  assert.is(await leaveDialog(page).isVisible(), false);
  await page.context().close();
});

test.run();
